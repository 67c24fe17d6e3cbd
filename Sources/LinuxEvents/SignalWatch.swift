import Dispatch
import Glibc
import SystemSupport

/// Delivers termination and reload signals to a handler on a queue instead of killing the process.
///
/// A signal still at its default action is ignored first, so one arriving before libdispatch has
/// taken it over cannot kill the process. libdispatch then installs its own action for good (it
/// routes the signal to a `signalfd`), so the signal stays caught, and unreported, after the watch
/// is dropped; a later watch finds that action and leaves it alone.
///
/// Sendable by hand: `sources` is touched only in `init` and `deinit`.
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
    }

    private let sources: [any DispatchSourceSignal]

    /// Returns once every signal is being watched, so a signal sent right after is not lost.
    ///
    /// The corresponding C functions are `signal(SIG, SIG_IGN)` and `dispatch_source_create(DISPATCH_SOURCE_TYPE_SIGNAL)`.
    public init(
        _ signals: Set<Signal> = [.hangUp, .interrupt, .terminate], queue: DispatchQueue,
        handler: @escaping @Sendable (Signal) -> Void
    ) throws {
        // libdispatch registers sources asynchronously; a private queue lets `init` wait for that
        // without deadlocking a caller that runs on `queue`.
        let registration = DispatchQueue(label: "SignalWatch.registration")
        let registered = DispatchSemaphore(value: 0)
        sources = try signals.map { watched in
            try SignalWatch.ignoreIfDefault(watched.rawValue)
            let source = DispatchSource.makeSignalSource(signal: watched.rawValue, queue: registration)
            source.setEventHandler { queue.async { handler(watched) } }
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            return source
        }
        sources.forEach { _ in registered.wait() }
    }

    deinit { sources.forEach { $0.cancel() } }

    /// Overwriting libdispatch's action with SIG_IGN would lose the signal for good: libdispatch
    /// installs it only the first time a signal is watched.
    private static func ignoreIfDefault(_ signal: Int32) throws {
        var current = sigaction()
        try check("sigaction(\(signal))", sigaction(signal, nil, &current))
        let isDefault = current.sa_flags & SA_SIGINFO == 0 && current.__sigaction_handler.sa_handler == nil
        if isDefault { _ = Glibc.signal(signal, SIG_IGN) }
    }
}
