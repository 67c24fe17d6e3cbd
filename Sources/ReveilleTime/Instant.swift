/// A point in time, as whole seconds since the Unix epoch (UTC).
///
/// Alarms are planned to the second; nothing in Reveille's domain needs finer time.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }

    public func adding(seconds: Int64) -> Instant {
        Instant(secondsSinceEpoch: secondsSinceEpoch + seconds)
    }

    /// Seconds from `other` to `self` (positive when `self` is later).
    public func seconds(since other: Instant) -> Int64 {
        secondsSinceEpoch - other.secondsSinceEpoch
    }

    public var description: String { "@\(secondsSinceEpoch)" }
}
