import ReveilleDomain
import ReveilleTime
import Testing

/// Issue 23 §2: one occurrence skipped, every occurrence before a date paused, exact across DST and zone changes.
@Suite struct SkipAndPauseTests {
    let rules = SkipAndPause()
    let schedule = ScheduleNextFire()
    let daily = Set(Weekday.allCases)

    func local(_ date: CivilDate, _ time: WallTime) -> LocalDateTime { LocalDateTime(date: date, time: time) }

    // MARK: Skips

    @Test func aSkipHoldsOnlyTheNextOccurrenceAndTheOneAfterRings() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let alarm = try rules.skip(makeAlarm(at: wall(7, 0), on: daily), now: now, zone: .utc, last: nil)
        #expect(alarm.skippedOccurrence == local(day(2026, 6, 10), wall(7, 0)))
        #expect(schedule.execute(alarm: alarm, now: now, zone: .utc) == instant(2026, 6, 11, 7, 0))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 11, 7, 0), zone: .utc) == instant(2026, 6, 12, 7, 0))
    }

    @Test func askingToSkipTwiceSkipsOneOccurrenceNotTwo() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let once = try rules.skip(makeAlarm(at: wall(7, 0), on: daily), now: now, zone: .utc, last: nil)
        #expect(try rules.skip(once, now: now, zone: .utc, last: nil) == once)
        #expect(rules.unskip(once).skippedOccurrence == nil)
        #expect(schedule.execute(alarm: rules.unskip(once), now: now, zone: .utc) == instant(2026, 6, 10, 7, 0))
    }

    @Test func aSkipAfterAnOccurrenceThatRangWhileTheClockWasSetBackSkipsTheOneAfterIt() throws {
        // 07:00 rang, then the clock went back to 06:00: 07:00 does not ring again, so the next is tomorrow's.
        let alarm = try rules.skip(makeAlarm(at: wall(7, 0), on: daily), now: instant(2026, 6, 10, 6, 0), zone: .utc,
                                   last: .rang(instant(2026, 6, 10, 7, 0)))
        #expect(alarm.skippedOccurrence == local(day(2026, 6, 11), wall(7, 0)))
    }

    @Test func aSkippedOccurrenceRememberedAsTheLastOneStaysBehindAfterTheClockIsSetBack() {
        let alarm = makeAlarm(at: wall(7, 0), on: daily)
        let setBack = instant(2026, 6, 10, 6, 59, 55)
        #expect(schedule.execute(alarm: alarm, now: setBack, zone: .utc, last: .skipped(instant(2026, 6, 10, 7, 0)))
                == instant(2026, 6, 11, 7, 0))
    }

    @Test func aSkipIsSpentAtTheInstantItsOccurrencePasses() throws {
        let alarm = try rules.skip(makeAlarm(at: wall(7, 0), on: daily), now: instant(2026, 6, 10, 6, 0), zone: .utc, last: nil)
        #expect(rules.expiry(of: alarm, zone: .utc) == instant(2026, 6, 10, 7, 0))
        #expect(rules.spent(alarm, now: instant(2026, 6, 10, 6, 59, 59), zone: .utc) == alarm)
        #expect(rules.spent(alarm, now: instant(2026, 6, 10, 7, 0), zone: .utc).skippedOccurrence == nil)
    }

    @Test func aDisabledAlarmOrAOneTimeAlarmCannotBeSkipped() {
        let now = instant(2026, 6, 10, 6, 0)
        #expect(throws: SkipAndPause.Refusal.self) {
            try rules.skip(makeAlarm(at: wall(7, 0), on: daily, isEnabled: false), now: now, zone: .utc, last: nil)
        }
        let oneTime = makeAlarm(at: wall(7, 0), date: day(2026, 6, 10))
        #expect { try rules.skip(oneTime, now: now, zone: .utc, last: nil) } throws: { error in
            (error as? SkipAndPause.Refusal)?.message.english.contains("disable it instead") == true
        }
    }

    @Test func aSkipInTheSpringForwardGapNamesTheWallTimeAndIsSpentWhenItWouldHaveRung() throws {
        let berlin = try Zone.rules(Zone.berlin)
        // 2026-03-29: 02:00 CET becomes 03:00 CEST; 02:30 rings at 03:30 CEST.
        let now = instant(2026, 3, 28, 12, 0, utcOffsetHours: 1)
        let alarm = try rules.skip(makeAlarm(at: wall(2, 30), on: daily), now: now, zone: berlin, last: nil)
        #expect(alarm.skippedOccurrence == local(day(2026, 3, 29), wall(2, 30)))
        #expect(schedule.execute(alarm: alarm, now: now, zone: berlin) == instant(2026, 3, 30, 2, 30, utcOffsetHours: 2))
        let gapRing = instant(2026, 3, 29, 3, 30, utcOffsetHours: 2)
        #expect(rules.expiry(of: alarm, zone: berlin) == gapRing)
        #expect(rules.spent(alarm, now: gapRing, zone: berlin).skippedOccurrence == nil)
    }

    @Test func aSkipInTheFallBackFoldHoldsBothReadingsAndTheNextDayRings() throws {
        let berlin = try Zone.rules(Zone.berlin)
        // 2026-10-25: 03:00 CEST becomes 02:00 CET; 02:30 is shown twice and rings at the first.
        let now = instant(2026, 10, 24, 12, 0, utcOffsetHours: 2)
        let alarm = try rules.skip(makeAlarm(at: wall(2, 30), on: daily), now: now, zone: berlin, last: nil)
        #expect(alarm.skippedOccurrence == local(day(2026, 10, 25), wall(2, 30)))
        let firstReading = instant(2026, 10, 25, 2, 30, utcOffsetHours: 2)
        let secondReading = instant(2026, 10, 25, 2, 30, utcOffsetHours: 1)
        let nextDay = instant(2026, 10, 26, 2, 30, utcOffsetHours: 1)
        #expect(schedule.execute(alarm: alarm, now: now, zone: berlin) == nextDay)
        #expect(rules.expiry(of: alarm, zone: berlin) == firstReading)
        let spent = rules.spent(alarm, now: firstReading, zone: berlin)
        #expect(spent.skippedOccurrence == nil)
        // Spent at the first reading, the skip lets neither reading ring.
        #expect(schedule.execute(alarm: spent, now: firstReading, zone: berlin) == nextDay)
        #expect(schedule.execute(alarm: spent, now: secondReading, zone: berlin) == nextDay)
    }

    @Test func aZoneChangeKeepsSkippingTheSameLocalOccurrence() throws {
        let berlin = try Zone.rules(Zone.berlin), newYork = try Zone.rules(Zone.newYork)
        // 08:00 in Berlin on 10 June: tomorrow's 07:00 is skipped.
        let now = instant(2026, 6, 10, 8, 0, utcOffsetHours: 2)
        let alarm = try rules.skip(makeAlarm(at: wall(7, 0), on: daily), now: now, zone: berlin, last: nil)
        #expect(alarm.skippedOccurrence == local(day(2026, 6, 11), wall(7, 0)))
        // Flown to New York at the same instant (02:00 there): the 10th's 07:00 still rings, the 11th's does not.
        #expect(schedule.execute(alarm: alarm, now: now, zone: newYork) == instant(2026, 6, 10, 7, 0, utcOffsetHours: -4))
        let afterTodays = instant(2026, 6, 10, 7, 0, utcOffsetHours: -4)
        #expect(schedule.execute(alarm: alarm, now: afterTodays, zone: newYork) == instant(2026, 6, 12, 7, 0, utcOffsetHours: -4))
        #expect(rules.expiry(of: alarm, zone: newYork) == instant(2026, 6, 11, 7, 0, utcOffsetHours: -4))
    }

    // MARK: Pauses

    @Test func aPauseHoldsEveryOccurrenceBeforeItsDateAndThoseOnItRing() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let alarm = try rules.pause(makeAlarm(at: wall(7, 0), on: daily), until: day(2026, 6, 20), now: now, zone: .utc)
        #expect(alarm.pausedUntil == day(2026, 6, 20))
        #expect(schedule.execute(alarm: alarm, now: now, zone: .utc) == instant(2026, 6, 20, 7, 0))
        #expect(try rules.pause(alarm, until: nil, now: now, zone: .utc).pausedUntil == nil)
    }

    @Test func aPausedWeeklyAlarmFindsItsDayFarBeyondTwoWeeks() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let mondays = makeAlarm(at: wall(7, 0), on: [.monday])
        let alarm = try rules.pause(mondays, until: day(2026, 9, 1), now: now, zone: .utc)
        // 1 September 2026 is a Tuesday: the first Monday from it is the 7th.
        #expect(schedule.execute(alarm: alarm, now: now, zone: .utc) == instant(2026, 9, 7, 7, 0))
    }

    @Test func aPauseUntilTodayOrEarlierIsRefusedForItWouldChangeNothing() {
        let now = instant(2026, 6, 10, 6, 0)
        for date in [day(2026, 6, 10), day(2026, 6, 9), day(2020, 1, 1)] {
            #expect(throws: SkipAndPause.Refusal.self) {
                try rules.pause(makeAlarm(at: wall(7, 0), on: daily), until: date, now: now, zone: .utc)
            }
        }
    }

    @Test func aOneTimeAlarmCanBePausedUpToItsOwnDateButNotPastIt() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let oneTime = makeAlarm(at: wall(7, 0), date: day(2026, 6, 15))
        #expect { try rules.pause(oneTime, until: day(2026, 6, 16), now: now, zone: .utc) } throws: { error in
            (error as? SkipAndPause.Refusal)?.message.english.contains("disable it instead") == true
        }
        let paused = try rules.pause(oneTime, until: day(2026, 6, 15), now: now, zone: .utc)
        #expect(schedule.execute(alarm: paused, now: now, zone: .utc) == instant(2026, 6, 15, 7, 0))
    }

    @Test func aPauseIsOverAtTheFirstInstantOfItsDate() throws {
        let berlin = try Zone.rules(Zone.berlin)
        let alarm = try rules.pause(makeAlarm(at: wall(7, 0), on: daily), until: day(2026, 6, 20),
                                    now: instant(2026, 6, 10, 6, 0), zone: berlin)
        let midnight = instant(2026, 6, 20, 0, 0, utcOffsetHours: 2)
        #expect(rules.expiry(of: alarm, zone: berlin) == midnight)
        #expect(rules.spent(alarm, now: midnight.adding(seconds: -1), zone: berlin) == alarm)
        #expect(rules.spent(alarm, now: midnight, zone: berlin).pausedUntil == nil)
    }

    @Test func aPauseWhoseDateStartsInAGapIsOverWhenThatDateBegins() throws {
        let santiago = try Zone.rules(Zone.santiago)
        // 2026-09-06 (a Sunday) has no 00:00 in Santiago: the day begins at 01:00 -03.
        let alarm = try rules.pause(makeAlarm(at: wall(7, 0), on: daily), until: day(2026, 9, 6),
                                    now: instant(2026, 9, 1, 12, 0, utcOffsetHours: -4), zone: santiago)
        #expect(rules.expiry(of: alarm, zone: santiago) == instant(2026, 9, 6, 1, 0, utcOffsetHours: -3))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 9, 1, 12, 0, utcOffsetHours: -4), zone: santiago)
                == instant(2026, 9, 6, 7, 0, utcOffsetHours: -3))
    }

    @Test func aSkipOfAPausedAlarmSkipsItsFirstOccurrenceOnThePauseDate() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let paused = try rules.pause(makeAlarm(at: wall(7, 0), on: daily), until: day(2026, 6, 20), now: now, zone: .utc)
        let alarm = try rules.skip(paused, now: now, zone: .utc, last: nil)
        #expect(alarm.skippedOccurrence == local(day(2026, 6, 20), wall(7, 0)))
        #expect(schedule.execute(alarm: alarm, now: now, zone: .utc) == instant(2026, 6, 21, 7, 0))
        #expect(rules.expiry(of: alarm, zone: .utc) == instant(2026, 6, 20, 0, 0))
    }

    // MARK: Edits

    @Test func anEditOfTheScheduleOrADisableDropsTheSkipAndOtherEditsKeepIt() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let skipped = try rules.pause(try rules.skip(makeAlarm(at: wall(7, 0), on: daily), now: now, zone: .utc, last: nil),
                                      until: day(2026, 6, 12), now: now, zone: .utc)
        var relabelled = skipped
        relabelled.label = "Work"
        #expect(rules.afterEdit(relabelled, from: skipped) == relabelled)
        var later = skipped
        later.time = wall(7, 30)
        var fewerDays = skipped
        fewerDays.repeatDays = weekdays
        var disabled = skipped
        disabled.isEnabled = false
        for edited in [later, fewerDays, disabled] {
            let after = rules.afterEdit(edited, from: skipped)
            #expect(after.skippedOccurrence == nil)
            #expect(after.pausedUntil == day(2026, 6, 12))
        }
    }

    @Test func anEditThatMovesAOneTimeAlarmBeforeItsPauseDropsThePause() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let paused = try rules.pause(makeAlarm(at: wall(7, 0), date: day(2026, 6, 15)), until: day(2026, 6, 15), now: now, zone: .utc)
        var earlier = paused
        earlier.date = day(2026, 6, 12)
        #expect(rules.afterEdit(earlier, from: paused).pausedUntil == nil)
        var later = paused
        later.date = day(2026, 6, 18)
        #expect(rules.afterEdit(later, from: paused).pausedUntil == day(2026, 6, 15))
    }

    // MARK: Preview

    @Test func thePreviewListsTheSkippedOccurrenceAmongThoseThatRingFromThePauseDate() throws {
        let now = instant(2026, 6, 10, 6, 0)
        let paused = try rules.pause(makeAlarm(at: wall(7, 0), on: daily), until: day(2026, 6, 20), now: now, zone: .utc)
        let alarm = try rules.skip(paused, now: now, zone: .utc, last: nil)
        let lines = rules.preview(alarm, after: now, zone: .utc, count: 2)
        #expect(lines.map(\.0.at) == [instant(2026, 6, 20, 7, 0), instant(2026, 6, 21, 7, 0), instant(2026, 6, 22, 7, 0)])
        #expect(lines.map(\.1) == [.skipped, .rings, .rings])
    }
}
