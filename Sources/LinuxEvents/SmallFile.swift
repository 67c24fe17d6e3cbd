import Glibc

/// The whole of a small text file (a configuration, a word list), or nil when it does not exist.
/// Larger than `limit` bytes is an error (EFBIG), so a wrong path cannot make the caller read a disk,
/// and anything but a regular file is an error (EINVAL), so a FIFO cannot make the caller wait forever.
/// The corresponding C functions are `open` and `read`.
public func readSmallTextFile(_ path: String, limit: Int = 1 << 20) throws(SystemError) -> String? {
    // Non-blocking, so that opening a FIFO returns at once; the check below then refuses it.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
        if errno == ENOENT { return nil }
        throw SystemError(call: "open(\(path))", code: errno)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw SystemError(call: "fstat(\(path))", code: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw SystemError(call: "open(\(path)) (not a regular file)", code: EINVAL) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 {
            if errno == EINTR { continue }
            throw SystemError(call: "read(\(path))", code: errno)
        }
        if count == 0 { break }
        bytes += buffer[0..<count]
        if bytes.count > limit { throw SystemError(call: "read(\(path))", code: EFBIG) }
    }
    return String(decoding: bytes, as: UTF8.self)
}
