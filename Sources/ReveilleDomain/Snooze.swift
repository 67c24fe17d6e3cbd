import ReveilleTime

public enum SnoozeDecision: Equatable, Sendable {
    /// Ring again at `until`; `count` snoozes are used after this one.
    case snooze(until: Instant, count: Int)
    /// No snoozes left: the challenge is forced.
    case limitReached
}

/// The snooze policy of the iOS app, widened for the desktop: under the limit a snooze
/// yields the next ring instant; at the limit it is refused and the challenge is forced.
public struct EvaluateSnooze: Sendable {
    public init() {}

    public func execute(policy: SnoozePolicy, snoozeCount: Int, now: Instant) -> SnoozeDecision {
        if let left = policy.snoozesLeft(after: snoozeCount), left == 0 { return .limitReached }
        return .snooze(until: now.adding(seconds: Int64(policy.minutes) * 60), count: snoozeCount + 1)
    }
}
