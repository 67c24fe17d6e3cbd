import Glibc
import SystemSupport

extension Spawner {
    /// The first executable regular file called `name` in the colon-separated `path`, as a shell
    /// would find it; a name with a slash is checked as it is. An empty `path` entry means the
    /// current directory.
    ///
    /// The corresponding C functions are `stat` and `access(X_OK)`.
    public static func which(_ name: String, path: String) -> String? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let base = directory.isEmpty ? "." : String(directory)
            let candidate = base.hasSuffix("/") ? base + name : base + "/" + name
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard (try? check("stat(\(path))", stat(path, &info))) != nil else { return false }
        return info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
