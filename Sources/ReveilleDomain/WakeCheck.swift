import ReveilleTime

/// The wake-up check: some minutes after a dismissal, "Still up?" is asked, and an answer that
/// does not come within `answerSeconds` rings the alarm again.
public struct WakeCheck: Sendable {
    /// Minutes after the dismissal; 0 turns the check off.
    public static let minuteRange = 0...60
    /// How long the question waits for "I'm up".
    public static let answerSeconds: Int64 = 60

    /// Where a pending check stands at `now`, and the instant at which that changes.
    public enum State: Equatable, Sendable {
        /// Not asked yet: it is asked at `until`.
        case waiting(until: Instant)
        /// Asked: unanswered at `until`, it rings again.
        case asking(until: Instant)
        /// Nobody answered in time.
        case unanswered
    }

    public init() {}

    /// When the check is asked for a dismissal at `dismissedAt`; nil when the alarm has none.
    public func due(dismissedAt: Instant, minutes: Int) -> Instant? {
        guard minutes > 0 else { return nil }
        return dismissedAt.adding(seconds: Int64(minutes) * 60)
    }

    public func state(due: Instant, now: Instant) -> State {
        if now < due { return .waiting(until: due) }
        let expiry = due.adding(seconds: Self.answerSeconds)
        return now < expiry ? .asking(until: expiry) : .unanswered
    }
}
