import ReveilleDomain
import ReveilleTime
import Testing

/// Mon 2027-01-04 06:00 UTC, an hour before a daily 07:00 alarm.
private let mondaySix = Instant(secondsSinceEpoch: 1_799_042_400)
private let mondaySeven = mondaySix.adding(seconds: 3600)
private let tuesdaySeven = mondaySix.adding(seconds: 25 * 3600)
private let fifthOfJanuary = CivilDate(year: 2027, month: 1, day: 5)!

@Suite struct SkipPauseNoteTests {
    private func note(pausedUntil: CivilDate? = nil, skipped: Instant? = nil, next: Instant?, snoozed: Bool = false) -> String? {
        SkipPauseNote.message(pausedUntil: pausedUntil, skipped: skipped, nextFire: next, snoozed: snoozed,
                              now: mondaySix, zone: .utc, style: .posix)?.english
    }

    @Test func aSkipNamesItsOccurrenceAndAPauseTheDayOfTheNextRing() {
        #expect(note(skipped: mondaySeven, next: tuesdaySeven) == "skips Mon 07:00")
        #expect(note(pausedUntil: fifthOfJanuary, next: tuesdaySeven) == "paused, rings again from Tue 5 Jan")
        #expect(note(pausedUntil: fifthOfJanuary, skipped: mondaySeven, next: tuesdaySeven)
            == "paused, rings again from Tue 5 Jan; skips Mon 07:00")
        #expect(note(next: mondaySeven) == nil)
    }

    @Test func aPausedAlarmThatRingsNoMoreOrIsSnoozedSaysThePausesDate() {
        #expect(note(pausedUntil: fifthOfJanuary, next: nil) == "paused, no ring before Tue 5 Jan")
        #expect(note(pausedUntil: fifthOfJanuary, next: mondaySeven, snoozed: true) == "paused, no ring before Tue 5 Jan")
    }

    @Test func aDayAYearOrMoreAwayHasItsYear() {
        let today = CivilDate(year: 2026, month: 11, day: 26)!
        #expect(SkipPauseNote.day(fifthOfJanuary, today: today, style: .posix) == "Tue 5 Jan")
        #expect(SkipPauseNote.day(CivilDate(year: 2028, month: 1, day: 4)!, today: today, style: .posix) == "Tue 4 Jan 2028")
    }
}
