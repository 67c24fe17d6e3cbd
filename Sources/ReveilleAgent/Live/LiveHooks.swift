import Glibc
import LinuxEvents
import ReveilleCore
import ReveilleDomain
import ReveilleText

/// Runs the `[hooks]` commands, detached from the agent: each in its own session and process
/// group, its output in the agent's log within bounds (`OutputCapture`), stopped (SIGTERM, SIGKILL
/// a little later) if it runs past its time limit.
///
/// The stop reaches what the hook left behind too: a child it started in the background after its
/// own process exited (`sh -c 'mpv x &'`), one that called `setsid`, one reparented anywhere. Each
/// run's processes carry `REVEILLE_HOOK_RUN` with a value of that run's own, and once the limit is
/// up every process still holding it is signalled, whether or not the hook's first process still
/// runs. (A process group misses a child that calls `setsid`; a cgroup needs `Delegate=yes`; a child
/// subreaper would make the agent the parent, to reap, of every daemon a terminal command starts.)
public final class LiveHooks: HookRunner {
    /// The variable that marks a run's processes.
    static let runVariable = "REVEILLE_HOOK_RUN"

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
        var random = SystemRandomNumberGenerator()
        let token = (0..<2).map { _ in String(random.next() as UInt64, radix: 16) }.joined(separator: "-")
        let merged = baseEnvironment.merging(environment) { _, hook in hook }.merging([Self.runVariable: token]) { _, run in run }
        // Spawning on the hooks' own queue: the caller, the core, goes on at once.
        queue.async { [self] in start(argv, environment: merged, finished: finished) }
    }

    /// On the loop, as are the exit handler and the timers: a child is never signalled once it is reaped.
    private func start(_ argv: [String], environment: [String: String],
                       finished: @escaping @Sendable (HookOutcome) -> Void) {
        let name = argv.first ?? ""
        let watch = HookWatch()
        let pid: Int32
        let output: OutputCapture
        do {
            output = try OutputCapture(prefix: "hook '\(name)'", reactor: queue)
        } catch {
            Log.shared.warning("hook '\(name)' cannot start: \(error)")
            return finished(.failed(Self.cannotStart(name, error)))
        }
        do {
            pid = try Spawner.spawn(argv: argv, environment: environment, streams: .outputTo(descriptor: output.writeEnd),
                                    reactor: queue) { [timeLimit] termination in
                let timedOut = watch.exited()
                let outcome = Self.outcome(of: name, termination, timedOut: timedOut, timeLimit: timeLimit)
                if case .failed(let reason) = outcome { Log.shared.warning("hook \(reason.english)") }
                finished(outcome)
            }
            try? output.spawned()
        } catch {
            output.abandon()
            Log.shared.warning("hook '\(name)' cannot start: \(error)")
            return finished(.failed(Self.cannotStart(name, error)))
        }
        Log.shared.info("hook '\(name)' started (process group \(pid)) for \(environment["REVEILLE_EVENT"] ?? "an event")")
        let mark = "\(Self.runVariable)=\(environment[Self.runVariable] ?? "")"
        // The limit holds whether or not the hook's first process still runs: what it left behind goes too.
        _ = queue.after(timeLimit) { [queue, killAfter] in
            if watch.timeUp() { Glibc.kill(-pid, SIGTERM) }
            Self.signalLeftovers(of: name, marked: mark, with: SIGTERM)
            _ = queue.after(killAfter) {
                // The group only while its leader is not reaped, so that its id cannot have been reused.
                if watch.isRunning { Glibc.kill(-pid, SIGKILL) }
                Self.signalLeftovers(of: name, marked: mark, with: SIGKILL)
            }
        }
    }

    /// Signals every process that still carries the run's mark; off the loop, since it reads `/proc`.
    private static func signalLeftovers(of name: String, marked mark: String, with signal: Int32) {
        DetachedThread.start {
            let left = ProcessTable.processes(withEnvironmentEntry: mark)
            guard !left.isEmpty else { return }
            for pid in left { Glibc.kill(pid, signal) }
            let what = signal == SIGKILL ? "SIGKILL" : "SIGTERM"
            Log.shared.warning("hook '\(name)' left processes running past its time limit: \(what) to \(left.map(String.init).joined(separator: ", "))")
        }
    }

    /// How a hook ended, for Preflight's hook-failed in the session's language (its log line is the
    /// English); the hook's name, exit status, signal number and the system's error stay as they come.
    static func outcome(of name: String, _ termination: Termination, timedOut: Bool, timeLimit: Duration) -> HookOutcome {
        if timedOut {
            return .failed(Message("'{name}' ran longer than {seconds} s and was stopped ({how})",
                                   ["name": name, "seconds": seconds(timeLimit)], messages: ["how": ended(termination)]))
        }
        switch termination {
        case .exited(0), .unknown: return .succeeded
        case .exited(let status): return .failed(Message("'{name}' exited with status {status}", ["name": name, "status": String(status)]))
        case .signaled(let signal): return .failed(Message("'{name}' killed by signal {signal}", ["name": name, "signal": String(signal)]))
        }
    }

    /// How a stopped hook ended, as `Termination` says it in English.
    private static func ended(_ termination: Termination) -> Message {
        switch termination {
        case .exited(let status): Message("exited with status {status}", ["status": String(status)])
        case .signaled(let signal): Message("killed by signal {signal}", ["signal": String(signal)])
        case .unknown: Message("ended, its status collected elsewhere")
        }
    }

    private static func cannotStart(_ name: String, _ error: any Error) -> Message {
        Message("'{name}' cannot start: {error}", ["name": name, "error": "\(error)"])
    }
}

/// Where one hook's first process stands. Unchecked: it is touched only on the event loop's thread
/// (spawn, exit handler and timers all run there), which is what orders its changes.
private final class HookWatch: @unchecked Sendable {
    private(set) var isRunning = true
    private var timedOut = false

    /// The time limit passed: true while the child runs, so it is to be stopped.
    func timeUp() -> Bool {
        if isRunning { timedOut = true }
        return isRunning
    }

    /// The child was reaped: whether it had run past its limit comes back. The timers stay, for
    /// what it left behind.
    func exited() -> Bool {
        isRunning = false
        return timedOut
    }
}

/// `60`, or `0.2` for the short limits tests use.
private func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    return attoseconds == 0 ? "\(whole)" : "\(Double(whole) + Double(attoseconds) / 1e18)"
}
