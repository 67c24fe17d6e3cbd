import Foundation
import Glibc

/// A Unix socket that accepts connections (through its backlog) and never answers: a hung server.
final class SilentServer {
    let directory: ScratchDirectory
    let descriptor: Int32
    var address: String { "unix:\(directory.path)/native" }

    init() throws {
        directory = try ScratchDirectory()
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let path = Array((directory.path + "/native").utf8CString)
        precondition(path.count <= MemoryLayout.size(ofValue: socketAddress.sun_path), "socket path too long")
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: path.map { UInt8(bitPattern: $0) }) }
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 4) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(descriptor) }
}
