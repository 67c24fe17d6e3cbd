extension Duration {
    /// Whole milliseconds, rounded toward zero and saturating at `Int64`'s bounds, for C APIs that take them.
    public var wholeMilliseconds: Int64 { whole(unitAttoseconds: 1_000_000_000_000_000) }

    /// Whole microseconds, rounded toward zero and saturating at `Int64`'s bounds, for C APIs that take them.
    public var wholeMicroseconds: Int64 { whole(unitAttoseconds: 1_000_000_000_000) }

    /// Whole nanoseconds, rounded toward zero and saturating at `Int64`'s bounds, for C APIs that take them.
    public var wholeNanoseconds: Int64 { whole(unitAttoseconds: 1_000_000_000) }

    private func whole(unitAttoseconds: Int64) -> Int64 {
        let (seconds, attoseconds) = components
        let perSecond = 1_000_000_000_000_000_000 / unitAttoseconds
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: perSecond)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / unitAttoseconds)
        return overflowAgain ? (seconds < 0 ? .min : .max) : total
    }
}
