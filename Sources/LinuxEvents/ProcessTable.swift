import Glibc

/// The processes of this machine, as `/proc` lists them.
public enum ProcessTable {
    /// The processes, other than this one, whose environment holds exactly `entry` (`NAME=value`):
    /// what a program started with that entry left behind, wherever it was reparented and whatever
    /// session or process group it moved to. Processes whose environment cannot be read (another
    /// user's, a set-user-ID program's) are not listed.
    public static func processes(withEnvironmentEntry entry: String) -> [Int32] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        let wanted = Array(entry.utf8)
        let own = getpid()
        var found: [Int32] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), pid != own else { continue }
            if environment(of: pid).contains(where: { $0.elementsEqual(wanted) }) { found.append(pid) }
        }
        return found
    }

    /// `/proc/PID/environ` split at its NULs; at most 1 MB of it is read.
    private static func environment(of pid: Int32) -> [ArraySlice<UInt8>] {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes.split(separator: 0, omittingEmptySubsequences: true)
    }
}
