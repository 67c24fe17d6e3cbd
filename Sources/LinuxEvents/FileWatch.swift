import CLinux
import Dispatch
import Glibc
import SystemSupport

/// Calls a handler when a file is replaced, retargeted, removed or rewritten.
///
/// Watches the parent directory rather than the file: `ln -sfn` and package managers replace a
/// file by renaming a new inode over it, which a watch on the old inode would never see.
/// Changes that arrive together are coalesced into one call. The descriptor is closed when the
/// watch is dropped.
///
/// Sendable by hand: `watch` is touched only in `init` and `deinit`.
public final class FileWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let reactor: Reactor
    private let watch: Reactor.Watch

    /// Starts watching `path` (e.g. `/etc/localtime`); its directory must exist. `handler` runs on
    /// the thread of `reactor`.
    ///
    /// The corresponding C functions are `inotify_init1` and `inotify_add_watch`.
    public init(path: String, reactor: Reactor = .shared, handler: @escaping @Sendable () -> Void) throws {
        let (directory, name) = FileWatch.split(path)
        let fd = try check("inotify_init1", inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)))
        do {
            try check("inotify_add_watch(\(directory))", inotify_add_watch(fd, directory, FileWatch.mask))
            watch = try reactor.watch(fd, for: .readable) { _ in
                if FileWatch.drain(fd).contains(where: { $0.concerns(name) }) { handler() }
            }
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
        self.reactor = reactor
    }

    /// As above, with `handler` run on `queue`.
    public convenience init(path: String, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) throws {
        try self.init(path: path) { queue.async { handler() } }
    }

    deinit { reactor.closing(descriptor, after: watch) }

    private static let mask = [IN_CREATE, IN_MOVED_TO, IN_MOVED_FROM, IN_DELETE, IN_ATTRIB]
        .reduce(UInt32(IN_CLOSE_WRITE)) { $0 | UInt32($1) }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// Reads every queued event; the descriptor is nonblocking, so this stops when it is empty.
    private static func drain(_ fd: Int32) -> [Change] {
        var changes: [Change] = []
        // Room for many events at once: each is 16 bytes plus a name of at most NAME_MAX + 1.
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return changes }
            changes += parse(buffer[..<count])
        }
    }

    /// One inotify event: the name it concerns (empty for the directory itself) and its mask.
    struct Change: Equatable {
        var name: String
        var mask: UInt32

        /// An overflow lost events, so it may have concerned anyone.
        func concerns(_ watched: String) -> Bool {
            name == watched || mask & UInt32(IN_Q_OVERFLOW) != 0
        }
    }

    /// Decodes `struct inotify_event` records: `wd`, `mask`, `cookie`, `len`, then `len`
    /// bytes of NUL-padded name.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [Change] {
        var changes: [Change] = []
        var offset = bytes.startIndex
        let headerSize = 16
        while bytes.endIndex - offset >= headerSize {
            let mask = word(bytes, at: offset + 4)
            let nameLength = Int(word(bytes, at: offset + 12))
            let nameStart = offset + headerSize
            let nameEnd = min(nameStart + nameLength, bytes.endIndex)
            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            changes.append(Change(name: String(decoding: nameBytes, as: UTF8.self), mask: mask))
            offset = nameEnd
        }
        return changes
    }

    /// A field in the machine's own byte order, as the kernel wrote it.
    private static func word(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
}
