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
