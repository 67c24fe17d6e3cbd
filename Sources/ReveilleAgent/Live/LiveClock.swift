import LinuxEvents
import ReveilleCore
import ReveilleTime

/// The real-time clock.
public struct LiveClock: WallClock {
    public init() {}
    public func now() -> Instant { Instant(secondsSinceEpoch: realtimeNow().seconds) }
    public func secondsAsleep() -> Int64 { secondsSuspended() }
}
