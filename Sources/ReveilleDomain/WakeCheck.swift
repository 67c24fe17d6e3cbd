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
        /// Nobody answered in time: it rings again.
        case unanswered
        /// Nobody answered, and the question's minute ended more than `lateGrace` ago while nobody
        /// watched: the machine was asleep or off, or the agent was not running. Like an alarm
        /// that late, it does not ring; the dismissal stands.
        case lapsed
    }

    public init() {}

    /// When the check is asked for a dismissal at `dismissedAt`; nil when the alarm has none.
    public func due(dismissedAt: Instant, minutes: Int) -> Instant? {
        guard minutes > 0 else { return nil }
        return dismissedAt.adding(seconds: Int64(minutes) * 60)
    }

    /// Where the check stands. `lateGrace` is the agent's `late_grace` in seconds; `watched`
    /// whether the agent ran, awake, when the question's minute ended: then it rings again
    /// however late the agent got to it, as an alarm does.
    public func state(due: Instant, now: Instant, lateGrace: Int64, watched: Bool = false) -> State {
        if now < due { return .waiting(until: due) }
        let expiry = due.adding(seconds: Self.answerSeconds)
        if now < expiry { return .asking(until: expiry) }
        return watched || now.seconds(since: expiry) <= lateGrace ? .unanswered : .lapsed
    }
}
