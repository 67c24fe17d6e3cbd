import ReveilleTime

/// The numbers `reveille stats` shows for a set of history entries (one alarm's, or all of them).
///
/// A day counts toward a streak when every occurrence due that local day was dismissed without a
/// snooze; a day with a snooze or a miss ends the streak. Days on which nothing was due neither
/// count nor break it, so a weekday alarm keeps its streak over the weekend. Runs still open are
/// left out: they have no outcome yet.
public struct HistoryStats: Equatable, Sendable {
    /// Median seconds from due to dismissal; nil with no dismissal.
    public var medianSecondsToDismiss: Int64?
    /// Snoozes per run that rang; nil with no such run.
    public var snoozesPerRing: Double?
    public var currentStreak: Int
    public var bestStreak: Int
    public var missed: Int
    public var dismissed: Int

    /// `day` gives the local date an instant falls on.
    public init(_ entries: [HistoryEntry], day: (Instant) -> CivilDate) {
        let finished = entries.filter { $0.outcome == .dismissed || $0.outcome == .missed }
        let waits = finished.compactMap(\.secondsToDismiss).sorted()
        medianSecondsToDismiss = Self.median(waits)
        let rang = entries.filter { $0.outcome != .missed }
        snoozesPerRing = rang.isEmpty ? nil : Double(rang.reduce(0) { $0 + $1.snoozes }) / Double(rang.count)
        missed = finished.filter { $0.outcome == .missed }.count
        dismissed = waits.count
        var clean: [CivilDate: Bool] = [:]
        for entry in finished {
            let isClean = entry.outcome == .dismissed && entry.snoozes == 0
            clean[day(entry.due), default: true] = clean[day(entry.due), default: true] && isClean
        }
        var run = 0
        var best = 0
        for date in clean.keys.sorted() {
            run = clean[date]! ? run + 1 : 0
            best = max(best, run)
        }
        currentStreak = run
        bestStreak = best
    }

    /// The middle value; of an even count, the mean of the two middle ones rounded down.
    static func median(_ sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }
}
