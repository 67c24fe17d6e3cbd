import CLinux
import Dispatch
import Glibc
import Synchronization
import SystemSupport

/// Delivers termination and reload signals to a handler instead of killing the process.
///
/// The process's handler for a watched signal writes its number into a pipe that the event loop
/// (`Reactor.shared`) watches; the loop then calls every watch of that signal. The action is
/// installed for good the first time a signal is watched, so the signal stays caught, and
/// unreported, after the watch is dropped.
///
/// Sendable by hand: `id` and `signals` are constants, and the table of watches sits behind a mutex.
public final class SignalWatch: @unchecked Sendable {
    public enum Signal: Int32, Sendable, CaseIterable {
        case hangUp = 1 // SIGHUP
        case interrupt = 2 // SIGINT
        case terminate = 15 // SIGTERM
        /// SIGUSR1 and SIGUSR2: free for a program's own use (and for tests that must not
        /// disturb other watchers of the three above in the same process).
        case user1 = 10
        case user2 = 12
        /// SIGWINCH: the terminal's window changed size (its default action is to ignore it).
        case windowChanged = 28
        /// SIGPIPE: a write to a pipe or socket whose reader is gone (then `write` fails with EPIPE).
        case brokenPipe = 13
    }

    /// Ignores `signals` for the rest of the process's life: neither their default action (most
    /// end the process) nor a watch runs. Children started by `Spawner` get them back at their
    /// default action.
    ///
    /// The corresponding C function is `sigaction` with `SIG_IGN`.
    public static func ignore(_ signals: Set<Signal>) throws {
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&action.sa_mask)
            _ = try check("sigaction(\(signal.rawValue), SIG_IGN)", sigaction(signal.rawValue, &action, nil))
        }
    }

    private let id: UInt64

    /// Returns once every signal is caught, so a signal sent right after is not lost. `handler`
    /// runs on the event loop's thread.
    ///
    /// The corresponding C function is `sigaction`.
    public init(
        _ signals: Set<Signal> = [.hangUp, .interrupt, .terminate],
        handler: @escaping @Sendable (Signal) -> Void
    ) throws {
        id = try SignalRouter.shared.add(signals, handler: handler)
    }

    /// As above, with `handler` run on `queue`.
    public convenience init(
        _ signals: Set<Signal> = [.hangUp, .interrupt, .terminate], queue: DispatchQueue,
        handler: @escaping @Sendable (Signal) -> Void
    ) throws {
        try self.init(signals) { signal in queue.async { handler(signal) } }
    }

    deinit { SignalRouter.shared.remove(id) }
}

/// The write end of the pipe, read by the signal handler: set once, before any action is installed.
private let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    do {
        _ = try check("pipe2(signals)", pipe2(&ends, Int32(O_NONBLOCK | O_CLOEXEC)))
    } catch {
        fatalError("cannot create the signal pipe: \(error)")
    }
    return (ends[0], ends[1])
}()

/// Only async-signal-safe calls: `write` of one byte, with `errno` kept for the code it interrupted.
private let forwardSignal: @convention(c) (Int32) -> Void = { number in
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipe.write, &byte, 1)
    errno = saved
}

/// The process's watches, by signal, and the one watch of the pipe on the event loop.
private final class SignalRouter: Sendable {
    static let shared = SignalRouter()

    private struct Entry {
        let id: UInt64
        let signals: Set<SignalWatch.Signal>
        let handler: @Sendable (SignalWatch.Signal) -> Void
    }

    private let table = Mutex<(entries: [Entry], caught: Set<Int32>, nextID: UInt64, pipe: Reactor.Watch?)>(([], [], 1, nil))

    func add(_ signals: Set<SignalWatch.Signal>, handler: @escaping @Sendable (SignalWatch.Signal) -> Void) throws -> UInt64 {
        try table.withLock { table throws -> UInt64 in
            if table.pipe == nil {
                let readEnd = signalPipe.read
                table.pipe = try Reactor.shared.watch(readEnd, for: .readable) { _ in SignalRouter.shared.drain(readEnd) }
            }
            for signal in signals where !table.caught.contains(signal.rawValue) {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = forwardSignal
                action.sa_flags = SA_RESTART
                sigemptyset(&action.sa_mask)
                _ = try check("sigaction(\(signal.rawValue))", sigaction(signal.rawValue, &action, nil))
                table.caught.insert(signal.rawValue)
            }
            let id = table.nextID
            table.nextID += 1
            table.entries.append(Entry(id: id, signals: signals, handler: handler))
            return id
        }
    }

    func remove(_ id: UInt64) {
        table.withLock { $0.entries.removeAll { $0.id == id } }
    }

    /// On the loop's thread: every signal number in the pipe, to each watch of it.
    private func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            for byte in buffer[..<count] {
                guard let signal = SignalWatch.Signal(rawValue: Int32(byte)) else { continue }
                let handlers = table.withLock { $0.entries.filter { $0.signals.contains(signal) }.map(\.handler) }
                for handler in handlers { handler(signal) }
            }
        }
    }
}
