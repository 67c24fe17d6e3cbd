import Glibc
import SystemSupport

/// A new file only its owner may read (0600), never one that exists already: a card's file is not
/// written over, nor through a link someone left in its place.
struct PrivateFile: ~Copyable {
    let path: String
    private let descriptor: Int32

    init(creating path: String) throws(SystemError) {
        self.path = path
        descriptor = try check("open \(path)", retryingOnInterrupt { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) })
    }

    deinit { close(descriptor) }

    func write(_ text: String) throws(SystemError) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { buffer in
                retryingOnInterrupt { Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
            }
            guard count >= 0 else { throw SystemError(call: "write", path: path, code: errno) }
            written += count
        }
        try check("fsync", fsync(descriptor))
    }

    /// Removes the file again: the card it was for was not made.
    consuming func discard() {
        unlink(path)
    }
}
