import Glibc

/// The whole of a small file (a configuration, a word list, a tz file, a theme index).
/// Larger than `limit` bytes is an error (EFBIG), so a wrong path cannot make the caller read a disk,
/// and anything but a regular file is an error (EINVAL), so a FIFO cannot make the caller wait forever.
/// The corresponding C functions are `open`, `fstat` and `read`.
public func readSmallFile(_ path: String, limit: Int = 1 << 20) throws(SystemError) -> [UInt8] {
    // Non-blocking, so that opening a FIFO returns at once; the check below then refuses it.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw SystemError(call: "open(\(path))", code: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw SystemError(call: "fstat(\(path))", code: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw SystemError(call: "open(\(path)) (not a regular file)", code: EINVAL) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
        let count = retryingOnInterrupt { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
        if count < 0 { throw SystemError(call: "read(\(path))", code: errno) }
        if count == 0 { return bytes }
        bytes += buffer[0..<count]
        if bytes.count > limit { throw SystemError(call: "read(\(path))", code: EFBIG) }
    }
}

/// The whole of a small text file, or nil when it does not exist; see `readSmallFile`.
public func readSmallTextFile(_ path: String, limit: Int = 1 << 20) throws(SystemError) -> String? {
    do {
        return String(decoding: try readSmallFile(path, limit: limit), as: UTF8.self)
    } catch where error.code == ENOENT {
        return nil
    }
}

/// A regular file this process may read. The corresponding C functions are `stat` and `access`.
public func isReadableFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, R_OK) == 0
}

/// The target of the symbolic link at `path`, or nil when it is not one. The corresponding C function is `readlink`.
public func symbolicLinkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    let count = readlink(path, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
