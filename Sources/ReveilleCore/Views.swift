import ReveilleDomain
import ReveilleTime

/// An alarm as clients see it, with its live state.
public struct AlarmSnapshot: Equatable, Sendable {
    public var alarm: Alarm
    /// When it rings next: the end of a snooze, or its next occurrence; nil when ringing or not scheduled.
    public var nextFire: Instant?
    public var snoozeCount: Int
    public var ringing: Bool

    public init(alarm: Alarm, nextFire: Instant?, snoozeCount: Int, ringing: Bool) {
        self.alarm = alarm
        self.nextFire = nextFire
        self.snoozeCount = snoozeCount
        self.ringing = ringing
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
}

/// The random source of the core: the system's, or a seeded one for tests.
public struct AgentRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64?
    private var system = SystemRandomNumberGenerator()

    public static var system: AgentRandom { AgentRandom(state: nil) }
    public static func seeded(_ seed: UInt64) -> AgentRandom { AgentRandom(state: seed) }

    private init(state: UInt64?) { self.state = state }

    public mutating func next() -> UInt64 {
        guard var z = state else { return system.next() }
        // SplitMix64.
        z &+= 0x9E37_79B9_7F4A_7C15
        state = z
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
