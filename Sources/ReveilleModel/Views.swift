import ReveilleDomain
import ReveilleTime

/// An alarm as clients see it, with its live state.
public struct AlarmSnapshot: Equatable, Sendable {
    public var alarm: Alarm
    /// When it rings next: the end of a snooze, or its next occurrence; nil when ringing or not scheduled.
    public var nextFire: Instant?
    public var snoozeCount: Int
    public var ringing: Bool
    /// Snoozed now: `nextFire` is the end of the snooze.
    public var snoozed: Bool
    /// The instant of `alarm.skippedOccurrence` in the current zone; nil when no occurrence is skipped.
    public var skippedOccurrence: Instant?

    public init(alarm: Alarm, nextFire: Instant?, snoozeCount: Int, ringing: Bool, snoozed: Bool = false,
                skippedOccurrence: Instant? = nil) {
        self.alarm = alarm
        self.nextFire = nextFire
        self.snoozeCount = snoozeCount
        self.ringing = ringing
        self.snoozed = snoozed
        self.skippedOccurrence = skippedOccurrence
    }
}

/// The current problem of a ringing alarm's challenge stack, without its answer.
public struct ChallengeView: Equatable, Sendable {
    public var index: Int
    public var total: Int
    public var kind: Challenge.Kind
    public var prompt: String
    public var deadline: Instant?
    public var attempts: Int
    public var lockedUntil: Instant?

    public init(index: Int, total: Int, kind: Challenge.Kind, prompt: String, deadline: Instant?, attempts: Int,
                lockedUntil: Instant?) {
        self.index = index
        self.total = total
        self.kind = kind
        self.prompt = prompt
        self.deadline = deadline
        self.attempts = attempts
        self.lockedUntil = lockedUntil
    }
}
