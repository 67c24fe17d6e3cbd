import Glibc
import SystemSupport

/// An exclusive advisory lock on a file, held for as long as this object lives, so that a
/// second agent on the same database can tell and exit instead of writing beside the first.
///
/// The lock is `flock(2)`'s: it belongs to this open file, is released when the process dies
/// in any way (including `kill -9`), and is not passed to programs the holder starts
/// (the file is opened close-on-exec). The lock file is never removed: removing it would let
/// a newcomer lock a fresh file while an old holder still locks the removed one.
public final class FileLock: Sendable {
    /// The lock file's path.
    public let path: String
    private let descriptor: Int32

    /// Creates `path` with mode 0600 if needed, and locks it without waiting. Records this
    /// process's id in the file, for the message another process gets.
    ///
    /// A file system that takes no writes (remounted read-only, full) still lets a lock be
    /// taken on what exists: `path` opened for reading when an earlier holder made it, else the
    /// directory that holds it, which every holder on such a file system then locks alike.
    ///
    /// Throws `FileLockError.alreadyLocked` when another open file (another process, or
    /// another `FileLock` in this one) holds the lock, and `.system` with the errno when the
    /// lock cannot be taken at all.
    /// The corresponding C function is `flock` with `LOCK_EX | LOCK_NB`.
    public init(path: String) throws(FileLockError) {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        let writable = descriptor >= 0
        if !writable {
            let failure = errno
            guard [EROFS, ENOSPC, EDQUOT, EACCES].contains(failure) else {
                throw .system(SystemError(call: "open", path: path, code: failure))
            }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 && errno == ENOENT {
                let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
                descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            guard descriptor >= 0 else { throw .system(SystemError(call: "open", path: path, code: failure)) }
        }
        guard !writable || fchmod(descriptor, 0o600) == 0 else {
            let failure = errno
            close(descriptor)
            throw .system(SystemError(call: "fchmod", path: path, code: failure))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            let holder = failure == EWOULDBLOCK ? Self.readProcessID(descriptor) : nil
            close(descriptor)
            throw failure == EWOULDBLOCK
                ? .alreadyLocked(path: path, holderProcessID: holder)
                : .system(SystemError(call: "flock", path: path, code: failure))
        }
        self.descriptor = descriptor
        self.path = path
        if writable { Self.writeProcessID(descriptor) }
    }

    deinit {
        // Closing the only descriptor of the open file releases its lock.
        close(descriptor)
    }

    /// The id is only a hint for a message, so a failure to write it is not an error.
    private static func writeProcessID(_ descriptor: Int32) {
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    private static func readProcessID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return Int32(text.split(separator: "\n").first ?? "")
    }
}

/// Why a `FileLock` could not be taken.
public enum FileLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another holder has the lock; its process id, when it recorded one.
    case alreadyLocked(path: String, holderProcessID: Int32?)
    /// The lock file could not be created or locked.
    case system(SystemError)

    public var description: String {
        switch self {
        case .alreadyLocked(let path, let holder?):
            "\(path) is locked by another process (pid \(holder))"
        case .alreadyLocked(let path, nil):
            "\(path) is locked by another process"
        case .system(let failure):
            "cannot lock: \(failure)"
        }
    }
}
