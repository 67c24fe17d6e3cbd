import ReveilleDomain
import ReveilleTime
import Testing

@Suite struct HistoryStatsTests {
    /// Day n starts at n * 86,400 (UTC), so `day` is plain division.
    let day: (Instant) -> CivilDate = { CivilDate(daysSinceEpoch: $0.secondsSinceEpoch / 86_400) }

    func dismissed(day n: Int64, after wait: Int64, snoozes: Int = 0) -> HistoryEntry {
        let due = Instant(secondsSinceEpoch: n * 86_400 + 25_200)
        return HistoryEntry(alarmID: "a", label: "", due: due, rangAt: due, dismissedAt: due.adding(seconds: wait),
                            snoozes: snoozes, wrongAnswers: 0, outcome: .dismissed)
    }

    func missed(day n: Int64) -> HistoryEntry {
        HistoryEntry(alarmID: "a", label: "", due: Instant(secondsSinceEpoch: n * 86_400 + 25_200), rangAt: nil,
                     dismissedAt: nil, snoozes: 0, wrongAnswers: 0, outcome: .missed)
    }

    @Test func nothingGivesNoMedianNoRateAndNoStreak() {
        let stats = HistoryStats([], day: day)
        #expect(stats.medianSecondsToDismiss == nil)
        #expect(stats.snoozesPerRing == nil)
        #expect(stats.currentStreak == 0 && stats.bestStreak == 0 && stats.missed == 0)
    }

    @Test func theMedianIsTheMiddleWaitOrTheMeanOfTheTwoMiddleOnes() {
        #expect(HistoryStats([dismissed(day: 1, after: 300), dismissed(day: 2, after: 60), dismissed(day: 3, after: 900)], day: day)
            .medianSecondsToDismiss == 300)
        #expect(HistoryStats([dismissed(day: 1, after: 300), dismissed(day: 2, after: 60), dismissed(day: 3, after: 900),
                              dismissed(day: 4, after: 1000)], day: day).medianSecondsToDismiss == 600)
    }

    @Test func snoozesPerRingCountsRunsThatRangButNotMisses() {
        let stats = HistoryStats([dismissed(day: 1, after: 60, snoozes: 3), dismissed(day: 2, after: 60), missed(day: 3)], day: day)
        #expect(stats.snoozesPerRing == 1.5)
        #expect(stats.missed == 1)
        #expect(stats.dismissed == 2)
    }

    @Test func aSnoozeOrAMissEndsTheStreakAndDaysWithoutAnAlarmDoNot() {
        let entries = [
            dismissed(day: 1, after: 60), dismissed(day: 2, after: 60), dismissed(day: 3, after: 60),
            dismissed(day: 4, after: 60, snoozes: 1),
            dismissed(day: 5, after: 60), missed(day: 6),
            dismissed(day: 7, after: 60), dismissed(day: 10, after: 60),  // 8 and 9: a weekend
        ]
        let stats = HistoryStats(entries.reversed(), day: day)
        #expect(stats.bestStreak == 3)
        #expect(stats.currentStreak == 2)
    }

    @Test func aDayWithOneCleanAndOneSnoozedAlarmIsNotClean() {
        let stats = HistoryStats([dismissed(day: 1, after: 60), dismissed(day: 1, after: 60, snoozes: 2)], day: day)
        #expect(stats.currentStreak == 0 && stats.bestStreak == 0)
    }

    @Test func anOpenRunHasNoOutcomeYetAndLeavesTheStreakAlone() {
        var ringing = dismissed(day: 3, after: 0)
        ringing.dismissedAt = nil
        ringing.outcome = .ringing
        let stats = HistoryStats([dismissed(day: 1, after: 60), dismissed(day: 2, after: 60), ringing], day: day)
        #expect(stats.currentStreak == 2)
        #expect(stats.medianSecondsToDismiss == 60)
    }
}
