import Glibc
import LinuxEvents
import SystemSupport

/// A child's stdout and stderr, read from a pipe on the event loop and logged line by line, within
/// bounds: at most `lineLimit` lines of at most `lineBytes` bytes. Past that it reads one buffer a
/// second and drops it, so a child that floods its output fills neither the log nor a core of the
/// agent's, and is never ended for it: it only waits on a full pipe.
///
/// Unchecked: after `init`, its state is touched only on the event loop's thread (the read
/// handler, the throttle's timer, and the child's exit handler, which reads `lines`).
final class OutputCapture: @unchecked Sendable {
    static let lineLimit = 40
    static let lineBytes = 400
    static let readSize = 65_536

    /// Handed to `Spawner` as `.outputTo(descriptor:)`, then closed with `spawned()`.
    let writeEnd: Int32
    /// The lines logged so far, for a report of the child's end.
    private(set) var lines: [String] = []
    private let readEnd: Int32
    private let prefix: String
    private let reactor: Reactor
    private var partial: [UInt8] = []
    private var dropped = 0
    private var watch: Reactor.Watch?
    private var ended = false

    /// `prefix` starts each logged line ("hook 'lights'").
    init(prefix: String, reactor: Reactor = .shared) throws {
        var ends: [Int32] = [-1, -1]
        _ = try check("pipe(output)", pipe(&ends))
        // Children get the write end only as their stdout and stderr (Spawner closes the rest).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Only the agent's end is non-blocking: the child writes as to any pipe.
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
        self.prefix = prefix
        self.reactor = reactor
    }

    /// The child has its copy of the write end (or never started): the agent's goes, so that the
    /// pipe ends once the child and whatever inherited its output have closed theirs.
    func spawned() throws {
        close(writeEnd)
        try follow()
    }

    /// Nothing was spawned: both ends go.
    func abandon() {
        close(writeEnd)
        close(readEnd)
    }

    private func follow() throws {
        watch = try reactor.watch(readEnd, for: .readable) { [self] _ in readAvailable() }
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        guard count > 0 else { return end() }
        guard lines.count < Self.lineLimit else {
            dropped += count
            return throttle()
        }
        for byte in buffer[..<count] {
            if byte == 10 {
                emit()
            } else if partial.count < Self.lineBytes {
                partial.append(byte)
            }
        }
    }

    /// Over its limit: one read a second from here on.
    private func throttle() {
        watch?.cancel()
        watch = nil
        _ = reactor.after(.seconds(1)) { [self] in
            guard !ended else { return }
            try? follow()
        }
    }

    private func emit() {
        let line = String(decoding: partial, as: UTF8.self)
        partial = []
        guard lines.count < Self.lineLimit else { return }
        lines.append(line)
        Log.shared.info("\(prefix): \(line)")
        if lines.count == Self.lineLimit {
            Log.shared.warning("\(prefix) wrote more than \(Self.lineLimit) lines; the rest of its output is not logged")
        }
    }

    private func end() {
        guard !ended else { return }
        ended = true
        if !partial.isEmpty { emit() }
        if dropped > 0 { Log.shared.warning("\(prefix): \(dropped) more bytes of output were not logged") }
        reactor.closing(readEnd, after: watch)
        watch = nil
    }
}
