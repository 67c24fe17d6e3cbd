import Glibc

/// What the file system holding a path allows now: whether it is mounted read-only, and how many
/// bytes an unprivileged writer may still use on it.
public struct FileSystemStatus: Equatable, Sendable {
    public var isReadOnly: Bool
    public var availableBytes: UInt64

    /// The status of the file system that holds `path`.
    /// The corresponding C function is `statvfs`.
    public init(path: String) throws(SystemError) {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { throw SystemError(call: "statvfs", path: path, code: errno) }
        isReadOnly = status.f_flag & UInt(ST_RDONLY) != 0
        availableBytes = UInt64(status.f_bavail) * UInt64(status.f_frsize)
    }
}
