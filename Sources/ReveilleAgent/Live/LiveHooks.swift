import Glibc
import LinuxEvents
import ReveilleCore
import ReveilleDomain

/// Runs the `[hooks]` commands, detached from the agent: each in its own session and process
/// group, its output in the agent's log, stopped (SIGTERM to its group, SIGKILL a little later)
/// if it runs past its time limit. Its timers exist only while it runs.
public final class LiveHooks: HookRunner {
    private let baseEnvironment: [String: String]
    private let timeLimit: Duration
    private let killAfter: Duration
    /// Spawns, exit handlers and timers all run on the event loop's one thread, in order.
    private let queue = Reactor.shared

    public init(baseEnvironment: [String: String], timeLimit: Duration = .seconds(60), killAfter: Duration = .seconds(5)) {
        self.baseEnvironment = baseEnvironment
        self.timeLimit = timeLimit
        self.killAfter = killAfter
    }

    public func run(_ argv: [String], environment: [String: String],
                    finished: @escaping @Sendable (HookOutcome) -> Void) {
        let merged = baseEnvironment.merging(environment) { _, hook in hook }
        // Spawning on the hooks' own queue: the caller, the core, goes on at once.
        queue.async { [self] in start(argv, environment: merged, finished: finished) }
    }

    /// On the loop, as are the exit handler and the timers: a child is never signalled once it is reaped.
    private func start(_ argv: [String], environment: [String: String],
                       finished: @escaping @Sendable (HookOutcome) -> Void) {
        let name = argv.first ?? ""
        let watch = HookWatch()
        let pid: Int32
        do {
            pid = try Spawner.spawn(argv: argv, environment: environment, streams: .outputInherited, reactor: queue) {
                [timeLimit] termination in
                let timedOut = watch.exited()
                let outcome = Self.outcome(of: name, termination, timedOut: timedOut, timeLimit: timeLimit)
                if case .failed(let reason) = outcome { Log.shared.warning("hook \(reason)") }
                finished(outcome)
            }
        } catch {
            Log.shared.warning("hook '\(name)' cannot start: \(error)")
            return finished(.failed("'\(name)' cannot start: \(error)"))
        }
        Log.shared.info("hook '\(name)' started (process group \(pid)) for \(environment["REVEILLE_EVENT"] ?? "an event")")
        watch.timers.append(queue.after(timeLimit) { [queue, killAfter] in
            guard watch.timeUp() else { return }
            Glibc.kill(-pid, SIGTERM)
            watch.timers.append(queue.after(killAfter) {
                guard watch.isRunning else { return }
                Glibc.kill(-pid, SIGKILL)
            })
        })
    }

    static func outcome(of name: String, _ termination: Termination, timedOut: Bool, timeLimit: Duration) -> HookOutcome {
        if timedOut { return .failed("'\(name)' ran longer than \(seconds(timeLimit)) s and was stopped (\(termination))") }
        switch termination {
        case .exited(0), .unknown: return .succeeded
        default: return .failed("'\(name)' \(termination)")
        }
    }
}

/// Where one hook's run stands. Unchecked: it is touched only on the event loop's thread
/// (spawn, exit handler and timers all run there), which is what orders its changes.
private final class HookWatch: @unchecked Sendable {
    private(set) var isRunning = true
    private var timedOut = false
    var timers: [Reactor.Deadline] = []

    /// The time limit passed: true while the child runs, so it is to be stopped.
    func timeUp() -> Bool {
        if isRunning { timedOut = true }
        return isRunning
    }

    /// The child was reaped: its timers go, and whether it had run past its limit comes back.
    func exited() -> Bool {
        isRunning = false
        for timer in timers { timer.cancel() }
        timers = []
        return timedOut
    }
}

/// `60`, or `0.2` for the short limits tests use.
private func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    return attoseconds == 0 ? "\(whole)" : "\(Double(whole) + Double(attoseconds) / 1e18)"
}
