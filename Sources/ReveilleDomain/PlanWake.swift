import ReveilleTime

/// When the machine must be woken from suspend, and for how long an open run may keep it awake
/// (issue 20, sections 2 and 3).
///
/// The wake comes `wake_lead` before the earliest moment the agent must be awake for, so that the
/// machine has resumed and the sound server is back by the due second. While a run rings, a wake
/// stays one minute ahead, renewed at each minute of the ring: a machine suspended anyway comes back.
public struct PlanWake: Sendable {
    /// How far ahead the wake of a ringing run lies, and how often it is renewed.
    public static let ringingWake: Int64 = 60
    /// How far ahead the wake asked for on `PrepareForSleep(true)` lies, while a run is open.
    public static let beforeSleep: Int64 = 30
    /// The longest `wake_lead` may be.
    public static let maximumLead: Int64 = 30 * 60
    /// The default `wake_lead`.
    public static let defaultLead: Int64 = 2 * 60

    public init() {}

    /// The wake the machine must hold, nil when nothing is due.
    /// - Parameters:
    ///   - awakeFor: the earliest moment the agent must be awake for: an alarm's next fire, a snooze's
    ///     end, a wake-up check, a before-ring hook (`BeforeRing`); nil when there is none.
    ///   - ringingSince: when the ring of a run ringing now began; nil when none rings (or every
    ///     ringing run reached its cap).
    ///   - lead: `wake_lead` in seconds.
    /// - Returns: the instant wanted, which may lie in the past: `instant(toSend:now:)` makes it one
    ///   the helper takes. It stays the same from one call to the next until what it is for changes,
    ///   so that a re-plan sends nothing new.
    public func wake(awakeFor: Instant?, ringingSince: Instant?, lead: Int64, now: Instant) -> Instant? {
        let ahead = awakeFor.map { $0.adding(seconds: -lead) }
        guard let ringingSince else { return ahead }
        let renewal = nextRenewal(ringingSince: ringingSince, now: now)
        return ahead.map { min($0, renewal) } ?? renewal
    }

    /// The next whole minute of the ring after `now`: between now (excluded) and a minute ahead.
    public func nextRenewal(ringingSince: Instant, now: Instant) -> Instant {
        let elapsed = max(0, now.seconds(since: ringingSince))
        return ringingSince.adding(seconds: (elapsed / Self.ringingWake + 1) * Self.ringingWake)
    }

    /// What to send for a wake wanted at `wanted`: `max(now + 1 s, wanted)`, so that an alarm due
    /// within `wake_lead`, or a one-minute snooze, still gets a wake.
    public func instant(toSend wanted: Instant, now: Instant) -> Instant {
        max(now.adding(seconds: 1), wanted)
    }

    /// The wake to hold while the machine goes to sleep with a run open: `beforeSleep` seconds
    /// ahead, or the planned one if that comes sooner.
    public func wakeBeforeSleep(planned: Instant?, now: Instant) -> Instant {
        let soon = now.adding(seconds: Self.beforeSleep)
        return planned.map { max(now.adding(seconds: 1), min($0, soon)) } ?? soon
    }
}

/// Why a ringing run stops keeping the machine awake and is recorded missed: a laptop in a bag
/// must not ring until its battery dies.
public struct RunCap: Sendable {
    /// Minutes of ringing with nobody answering or snoozing.
    public static let unattended: Int64 = 60 * 60
    /// Battery percentage, while discharging, below which a run stops.
    public static let batteryFloor: Double = 10

    public enum Reason: Equatable, Sendable {
        case unattended
        case battery(Double)
    }

    public init() {}

    /// The last time someone attended to the run: the start of this ring (the fire, or the end of
    /// a snooze, which someone asked for), or the latest challenge started or answered since.
    public func lastAttention(_ run: AlarmRun) -> Instant {
        run.challengeRuns.reduce(run.rangAt) { latest, challenge in
            max(latest, challenge.completedAt ?? challenge.startedAt)
        }
    }

    /// Why the ringing `run` must stop now, or nil. Only a ringing run is capped.
    /// - Parameter battery: the battery's charge in percent while it discharges; nil on mains power
    ///   or without a battery.
    public func reason(_ run: AlarmRun, battery: Double?, now: Instant) -> Reason? {
        guard run.isRinging else { return nil }
        if let battery, battery < Self.batteryFloor { return .battery(battery) }
        return now.seconds(since: lastAttention(run)) >= Self.unattended ? .unattended : nil
    }

    /// When the unattended cap of the ringing `run` comes, for the timer.
    public func due(_ run: AlarmRun) -> Instant? {
        run.isRinging ? lastAttention(run).adding(seconds: Self.unattended) : nil
    }
}
