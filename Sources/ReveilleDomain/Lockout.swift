import ReveilleTime

/// After `maxFailures` consecutive failed answers, answers are refused for `cooldown` seconds.
public struct LockoutPolicy: Equatable, Sendable {
    public var maxFailures: Int
    public var cooldown: Int64

    public init(maxFailures: Int = 3, cooldown: Int64 = 30) {
        self.maxFailures = maxFailures
        self.cooldown = cooldown
    }
}

public enum LockoutState: Equatable, Sendable {
    case none
    case coolingDown(until: Instant)
}

/// Decides whether answers are locked out right now.
public struct ApplyLockout: Sendable {
    public init() {}

    public func execute(failures: Int, lastFailureAt: Instant?, policy: LockoutPolicy, now: Instant) -> LockoutState {
        guard policy.maxFailures > 0, failures >= policy.maxFailures, let last = lastFailureAt else { return .none }
        let until = last.adding(seconds: policy.cooldown)
        return now < until ? .coolingDown(until: until) : .none
    }
}
