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
    /// A client on the bus (the captcha) asked for the alarm's challenge and still runs.
    case challengeOpened(AlarmID)
    /// The last such client left the bus: its terminal was closed or the captcha killed.
    case challengeClosed(AlarmID)
}

/// The core's one way in for events: every source yields here, and one loop hands them to the
/// core in the order they came, so that a click cannot overtake the timer that made it possible.
public final class WorldEvents: Sendable {
    let stream: AsyncStream<WorldEvent>
    private let continuation: AsyncStream<WorldEvent>.Continuation
    private let progress = Mutex<Progress>(Progress())

    private struct Progress {
        var yielded = 0
        var handled = 0
        var ended = false
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        var waiters: [(upTo: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: WorldEvent.self)
    }

    public func yield(_ event: WorldEvent) {
        progress.withLock { $0.yielded += 1 }
        continuation.yield(event)
    }

    /// No more events: returns once the loop has handled those already yielded and shut the
    /// core down. A `CoreService` must be running.
    public func finish() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ended = progress.withLock { progress -> Bool in
                if !progress.ended { progress.endWaiters.append(waiter) }
                return progress.ended
            }
            if ended { waiter.resume() }
            continuation.finish()
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
/// events to the core in order until the stream is finished, then shuts the core down.
public struct CoreService: Sendable {
    let core: AgentCore

    public init(core: AgentCore) { self.core = core }

    public func run() async {
        for await event in core.inbox.stream {
            await core.handle(event)
            core.inbox.markHandled()
        }
        await core.shutDown()
        core.inbox.markEnded()
    }
}
