import CLinux
import Glibc
import Synchronization
import SystemSupport

/// How a child process ended.
public enum Termination: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit` with this code.
    case exited(Int32)
    /// This signal killed it.
    case signaled(Int32)
    /// Other code in the process collected its status first (a `waitpid(-1)`, or SIGCHLD set to
    /// SIG_IGN), so how it ended is unknown.
    case unknown

    init(waitStatus status: Int32) {
        self = clinux_signaled(status) != 0 ? .signaled(clinux_terminating_signal(status))
            : .exited(clinux_exit_code(status))
    }

    public var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        case .unknown: "ended, its status collected elsewhere"
        }
    }
}

/// Collects each spawned child's exit status so no zombie is left behind.
///
/// One `pidfd` per child, rather than a SIGCHLD handler looping on `waitpid(-1)`: the agent's
/// libraries (GLib, libdbus) may have children of their own, whose statuses a `waitpid(-1)` would
/// steal, and a pidfd needs no signal disposition. A child that exits before `pidfd_open` stays a
/// zombie until reaped, so its pidfd is still valid and reads as exited.
enum ChildReaper {
    static func reap(_ pid: Int32, reactor: Reactor, onExit: @escaping @Sendable (Termination) -> Void) {
        guard let fd = try? check("pidfd_open", pidfd_open(pid, 0)) else {
            return reapByBlockingWait(pid, reactor: reactor, onExit: onExit)
        }
        // The handler holds its own watch, keeping both alive until the child is reaped; taking it
        // out releases the handler and so breaks the cycle, once. It is put in before the first
        // call can take it.
        let held = HeldWatch()
        do {
            try held.watch.withLock { slot in
                slot = try reactor.watch(fd, for: .readable) { _ in
                    guard let termination = collect(pid, options: WNOHANG),
                          let watch = held.watch.withLock({ $0.take() }) else { return }
                    reactor.closing(fd, after: watch)
                    onExit(termination)
                }
            }
        } catch {
            close(fd)
            reapByBlockingWait(pid, reactor: reactor, onExit: onExit)
        }
    }

    /// For kernels before 5.3, which have no pidfd: a thread of its own blocks until the child exits.
    static func reapByBlockingWait(
        _ pid: Int32, reactor: Reactor, onExit: @escaping @Sendable (Termination) -> Void
    ) {
        DetachedThread.start {
            if let termination = collect(pid, options: 0) { reactor.async { onExit(termination) } }
        }
    }

    /// The corresponding C function is `waitpid`; `nil` while the child still runs.
    private static func collect(_ pid: Int32, options: Int32) -> Termination? {
        var status: Int32 = 0
        switch retryingOnInterrupt({ waitpid(pid, &status, options) }) {
        case 0: return nil
        case pid: return Termination(waitStatus: status)
        // ECHILD: gone already. Reporting that ends the watch, where waiting on would spin,
        // since the pidfd of an exited process stays readable.
        default: return .unknown
        }
    }
}

private final class HeldWatch: Sendable {
    let watch = Mutex<Reactor.Watch?>(nil)
}
