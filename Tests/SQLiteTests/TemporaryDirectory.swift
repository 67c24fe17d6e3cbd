import Foundation

/// A fresh directory under the system's temporary directory.
///
/// Removed by an explicit `remove()` in a `defer`, not in a `deinit`: an object may be released
/// right after its last use, which would pull the directory from under an open database.
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("reveille-sqlite-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        path = base.path
    }

    /// Removes the directory and everything in it.
    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside this directory.
    func file(_ name: String) -> String { path + "/" + name }
}

/// The permission bits of the file at `path`, or nil when it does not exist.
func permissions(of path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
}

func fileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

private let umaskChange = NSLock()

/// Runs `body` with the umask at 022, the common default under which SQLite on its own would
/// create files readable by everyone. The umask belongs to the whole process, so tests that
/// change it take turns.
func withUmask022<Result>(_ body: () throws -> Result) rethrows -> Result {
    umaskChange.lock()
    defer { umaskChange.unlock() }
    let previous = umask(0o022)
    defer { umask(previous) }
    return try body()
}
