import ReveilleDomain
import Synchronization

/// What the world tells the core on its own (D-Bus method calls are requests, not events).
public enum WorldEvent: Equatable, Sendable {
    /// The wake timer's instant came.
    case timerExpired
    /// The wall clock was set, or the machine resumed from suspend: every planned instant may be wrong.
    case clockChanged
    /// The local time zone changed.
    case zoneChanged
    /// A click on an alarm's notification: `snooze`, `dismiss` or `default`.
    case notificationAction(AlarmID, String)
    /// A captcha the agent started for the alarm is on the bus (it claimed the name it was given).
    case challengeOpened(AlarmID)
    /// The last such captcha left the bus: its terminal was closed or the captcha killed.
    case challengeClosed(AlarmID)
    /// The terminal opened for the alarm's challenge ended before its captcha came up; what to
    /// tell the person (the terminal, how it ended, its last words).
    case challengeTerminalFailed(AlarmID, String)
    /// The store's thread wrote the first `written` writes handed to it, and failed on the next one
    /// when `failure` says why.
    case writesFinished(written: Int, failure: String?)
    /// The machine is about to suspend (logind's `PrepareForSleep(true)`).
    case preparingForSleep
    /// How the machine is woken changed (`MachineWaker.status`): the helper answered, refused, or left.
    case wakeStatusChanged
}

/// The core's one way in for events: every source yields here, and one loop hands them to the
/// core in the order they came, so that a click cannot overtake the timer that made it possible.
///
/// A queue of its own rather than an `AsyncStream`: at the due second the timer's event is handed
/// straight to the waiting loop, with none of the stream's generic machinery between them.
public final class WorldEvents: Sendable {
    private let progress = Mutex<Progress>(Progress())

    private struct Progress {
        /// Events yielded and not yet taken by the loop, oldest first.
        var queue: [WorldEvent] = []
        /// The loop, waiting for an event; only while `queue` is empty.
        var consumer: UnsafeContinuation<WorldEvent?, Never>?
        /// `finish` was called: no event is taken any more.
        var finished = false
        var yielded = 0
        var handled = 0
        var ended = false
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        var waiters: [(upTo: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    public init() {}

    /// Queues `event` for the core; dropped once `finish` was called.
    public func yield(_ event: WorldEvent) {
        let consumer = progress.withLock { progress -> UnsafeContinuation<WorldEvent?, Never>? in
            guard !progress.finished else { return nil }
            progress.yielded += 1
            guard let consumer = progress.consumer else {
                progress.queue.append(event)
                return nil
            }
            progress.consumer = nil
            return consumer
        }
        consumer?.resume(returning: event)
    }

    /// The next event, in the order they were yielded, waiting for one if needed; `nil` once
    /// `finish` was called and every event before it was taken. One loop calls it, on the core.
    func next(isolation: isolated (any Actor)? = #isolation) async -> WorldEvent? {
        await withUnsafeContinuation { (consumer: UnsafeContinuation<WorldEvent?, Never>) in
            let ready = progress.withLock { progress -> WorldEvent?? in
                if !progress.queue.isEmpty { return .some(progress.queue.removeFirst()) }
                if progress.finished { return .some(nil) }
                precondition(progress.consumer == nil, "WorldEvents has one reader")
                progress.consumer = consumer
                return .none
            }
            if case .some(let event) = ready { consumer.resume(returning: event) }
        }
    }

    /// No more events: returns once the loop has handled those already yielded and shut the
    /// core down. A `CoreService` must be running.
    public func finish() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let (ended, consumer) = progress.withLock { progress in
                progress.finished = true
                if !progress.ended { progress.endWaiters.append(waiter) }
                defer { progress.consumer = nil }
                return (progress.ended, progress.consumer)
            }
            if ended { waiter.resume() }
            consumer?.resume(returning: nil)
        }
    }

    /// Returns once every event yielded before the call has been handled (or the loop ended).
    public func settled() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = progress.withLock { progress -> Bool in
                guard !progress.ended, progress.handled < progress.yielded else { return true }
                progress.waiters.append((progress.yielded, waiter))
                return false
            }
            if done { waiter.resume() }
        }
    }

    func markHandled() { release { $0.handled += 1 } }

    /// The loop ended: nothing more will be handled, so nobody may wait for it.
    func markEnded() {
        release {
            $0.ended = true
            $0.handled = $0.yielded
        }
    }

    private func release(_ change: (inout Progress) -> Void) {
        let ready = progress.withLock { progress -> [CheckedContinuation<Void, Never>] in
            change(&progress)
            let handled = progress.handled
            var ready = progress.waiters.filter { $0.upTo <= handled }.map(\.continuation)
            progress.waiters.removeAll { $0.upTo <= handled }
            if progress.ended {
                ready += progress.endWaiters
                progress.endWaiters = []
            }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }
}

/// Runs the core for as long as the agent lives, in the shape of a service: `run` hands the
/// events to the core in order until the inbox is finished, then shuts the core down.
public struct CoreService: Sendable {
    let core: AgentCore

    public init(core: AgentCore) { self.core = core }

    public func run() async {
        await core.serveEvents()
    }
}
