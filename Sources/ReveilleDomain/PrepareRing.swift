import ReveilleTime

/// When the agent gets a ring ready: a little before it is due, so that at the due second only
/// the sound starts and the notification shows. Decoding a sound and connecting its stream take
/// hundreds of milliseconds; two seconds leaves room on a busy machine.
public struct PrepareRing: Sendable {
    public static let lead: Int64 = 2

    public init() {}

    /// The instant to prepare a ring due at `due`.
    public func at(_ due: Instant) -> Instant { due.adding(seconds: -Self.lead) }

    /// Whether a ring due at `due` should be ready by `now`: inside its lead, not yet due.
    public func isDue(_ due: Instant, now: Instant) -> Bool { at(due) <= now && now < due }
}
