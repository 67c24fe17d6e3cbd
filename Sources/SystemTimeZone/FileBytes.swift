import Glibc

/// Why a file could not be read: the path and the system's explanation (`strerror`).
struct FileReadError: Error {
    var path: String
    var code: Int32
    var reason: String

    var fileIsMissing: Bool { code == ENOENT || code == ENOTDIR }
}

/// An open file descriptor, closed when dropped. The corresponding C functions are `open` and `close`.
final class FileDescriptor {
    let raw: Int32

    /// Refuses anything but a regular file (EINVAL): a FIFO would block the reader for ever.
    /// Opened non-blocking, so that opening a FIFO returns at once.
    init(readingOnly path: String) throws(FileReadError) {
        let descriptor = try check(open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), path)
        var status = stat()
        let statCode = fstat(descriptor, &status) == 0 ? 0 : errno
        guard statCode == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw statCode != 0
                ? FileReadError(path: path, code: statCode, reason: String(cString: strerror(statCode)))
                : FileReadError(path: path, code: EINVAL, reason: "not a regular file")
        }
        raw = descriptor
    }

    deinit { close(raw) }

    /// Reads the whole file, refusing more than `limit` bytes. The corresponding C function is `read`.
    func readAll(limit: Int, path: String) throws(FileReadError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = try check(chunk.withUnsafeMutableBytes { read(raw, $0.baseAddress, $0.count) }, path)
            if count == 0 { return result }
            result += chunk[..<count]
            guard result.count <= limit else {
                throw FileReadError(path: path, code: EFBIG, reason: "larger than \(limit) bytes")
            }
        }
    }
}

/// The one check every C return code goes through: a negative result becomes a `FileReadError` from `errno`.
func check<Result: BinaryInteger>(_ result: Result, _ path: String) throws(FileReadError) -> Result {
    guard result < 0 else { return result }
    let code = errno
    throw FileReadError(path: path, code: code, reason: String(cString: strerror(code)))
}

/// The whole content of the file at `path` (at most 1 MiB: tz files are a few KiB).
func readFileBytes(_ path: String) throws(FileReadError) -> [UInt8] {
    try FileDescriptor(readingOnly: path).readAll(limit: 1 << 20, path: path)
}

/// The target of the symbolic link at `path`, or nil when it is not one. The corresponding C function is `readlink`.
func symbolicLinkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    let count = readlink(path, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
