import ReveilleTime

/// Decides whether nobody reacting to a ringing alarm calls for a nudge (re-post, full volume).
public struct ShouldSendNudge: Sendable {
    public init() {}

    public func execute(firedAt: Instant, threshold: Int64, now: Instant) -> Bool {
        now.seconds(since: firedAt) >= threshold
    }
}

public enum ResumeDestination: Equatable, Sendable {
    case ringing
    case challenge(index: Int)
    case finished
}

/// Where a stored run picks up after a restart: still ringing, in a challenge, or done.
public struct ComputeResumeState: Sendable {
    public init() {}

    public func execute(run: AlarmRun, orderedChallenges: [Challenge]) -> ResumeDestination {
        guard run.outcome == .inProgress else { return .finished }
        if let pending = run.challengeRuns.first(where: { $0.outcome == .pending }),
           let index = orderedChallenges.firstIndex(where: { $0.id == pending.challengeId }) {
            return .challenge(index: index)
        }
        return .ringing
    }
}

/// Wraps an MVP 1 alarm's single `expectedQR` into a one-challenge stack.
public struct MigrateV1ToV1Stack: Sendable {
    public init() {}

    public func execute<G: RandomNumberGenerator>(alarm: Alarm, using generator: inout G) -> Alarm {
        guard let expected = alarm.expectedQR else { return alarm }
        var out = alarm
        out.challenges = [
            Challenge(id: .random(using: &generator), params: .qr(expected: expected), orderIndex: 0)
        ]
        out.expectedQR = nil
        return out
    }
}

/// Decides whether to hold off automatic idle suspend: the machine could sleep through
/// an alarm that is ringing or due within `window` seconds, because its timer cannot wake it.
public struct ShouldKeepAwake: Sendable {
    public init() {}

    /// - Parameters:
    ///   - nextRing: the earliest planned fire or snooze end, nil when there is none.
    ///   - ringingNow: an alarm rings (or is being dismissed) at `now`.
    ///   - window: `keep_awake` in seconds; 0 turns the hold off.
    ///   - timerWakesMachine: the wake timer can bring the machine out of suspend.
    public func execute(nextRing: Instant?, ringingNow: Bool, window: Int64, timerWakesMachine: Bool, now: Instant) -> Bool {
        guard window > 0, !timerWakesMachine else { return false }
        if ringingNow { return true }
        guard let nextRing else { return false }
        return nextRing.seconds(since: now) <= window
    }

    /// When a hold not taken at `now` will be due: `window` before `nextRing`; nil when it never will.
    public func startOfWindow(nextRing: Instant?, window: Int64, timerWakesMachine: Bool) -> Instant? {
        guard window > 0, !timerWakesMachine, let nextRing else { return nil }
        return nextRing.adding(seconds: -window)
    }
}
