import ReveilleTime

/// When the `on_before_ring` hook of an occurrence runs (issue 23, section 3): `before_ring`
/// ahead of an occurrence that will ring, once, and never once it is due.
///
/// The occurrence is the alarm's planned next fire, which already leaves out skipped and paused
/// ones; a triggered ring or a snooze's re-ring has none. A hook whose moment passed while nobody
/// watched (the machine asleep, the agent not running, the clock set forward), or whose occurrence
/// was planned already inside the window, runs at once while the occurrence is still ahead.
public struct BeforeRing: Sendable {
    /// The default `before_ring`: sunrise lights take 20 to 30 minutes.
    public static let defaultLead: Int64 = 20 * 60
    /// The longest `before_ring` may be.
    public static let maximumLead: Int64 = 2 * 3600
    /// The shortest `before_ring` may be: at 0 the hook would be due with the ring, which has it as `on_ring`.
    public static let minimumLead: Int64 = 1

    /// What to do about the hook of one occurrence.
    public enum Step: Equatable, Sendable {
        /// Run it now.
        case runNow
        /// Nothing yet: it is due then.
        case at(Instant)
        /// Nothing: it ran already, or the occurrence is due or past.
        case done
    }

    public init() {}

    /// The moment the hook of an occurrence due at `fire` is due.
    public func at(_ fire: Instant, lead: Int64) -> Instant { fire.adding(seconds: -lead) }

    /// - Parameters:
    ///   - fire: the occurrence that will ring.
    ///   - ran: the occurrence whose hook has run already, if any.
    ///   - lead: `before_ring` in seconds.
    public func step(fire: Instant, ran: Instant?, lead: Int64, now: Instant) -> Step {
        guard ran != fire, now < fire else { return .done }
        let due = at(fire, lead: lead)
        return due <= now ? .runNow : .at(due)
    }
}
