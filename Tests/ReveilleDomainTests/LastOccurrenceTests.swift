import ReveilleDomain
import ReveilleTime
import Testing

/// Issue 9 §5: planning after the clock is set back, from an alarm's last occurrence.
@Suite struct LastOccurrenceTests {
    let schedule = ScheduleNextFire()
    let daily = makeAlarm(at: wall(7, 0), on: Set(Weekday.allCases))
    let sevenToday = instant(2026, 6, 10, 7, 0)
    let sixToday = instant(2026, 6, 10, 6, 0)

    @Test func anOccurrenceThatRangIsNotPlannedAgainWhenTheClockIsSetBeforeIt() {
        let fire = schedule.execute(alarm: daily, now: sixToday, zone: .utc, last: .rang(sevenToday))
        #expect(fire == instant(2026, 6, 11, 7, 0))
    }

    @Test func anOccurrenceOnlyReportedMissedIsPlannedAgainWhenItLiesAhead() {
        let fire = schedule.execute(alarm: daily, now: sixToday, zone: .utc, last: .missed(sevenToday))
        #expect(fire == sevenToday)
    }

    @Test func anOccurrenceThatRangBeforeNowChangesNothing() {
        let now = instant(2026, 6, 10, 8, 0)
        #expect(schedule.execute(alarm: daily, now: now, zone: .utc, last: .rang(sevenToday))
            == schedule.execute(alarm: daily, now: now, zone: .utc))
    }

    @Test func aOneTimeAlarmTurnedOffByAMissIsTurnedOnWhenThatOccurrenceLiesAheadAgain() {
        let missed = makeAlarm(at: wall(7, 0), date: day(2026, 6, 10), isEnabled: false)
        let revived = schedule.revived(missed, last: .missed(sevenToday), now: sixToday, zone: .utc)
        #expect(revived.isEnabled)
        #expect(schedule.execute(alarm: revived, now: sixToday, zone: .utc, last: .missed(sevenToday)) == sevenToday)
    }

    @Test func aOneTimeAlarmStaysOffWhenItRangItsOccurrenceIsStillPastOrItWasMovedSince() {
        let off = makeAlarm(at: wall(7, 0), date: day(2026, 6, 10), isEnabled: false)
        #expect(!schedule.revived(off, last: .rang(sevenToday), now: sixToday, zone: .utc).isEnabled)
        #expect(!schedule.revived(off, last: .missed(sevenToday), now: instant(2026, 6, 10, 7, 30), zone: .utc).isEnabled)
        #expect(!schedule.revived(off, last: nil, now: sixToday, zone: .utc).isEnabled)
        let moved = makeAlarm(at: wall(7, 30), date: day(2026, 6, 10), isEnabled: false)
        #expect(!schedule.revived(moved, last: .missed(sevenToday), now: sixToday, zone: .utc).isEnabled)
        let repeating = makeAlarm(at: wall(7, 0), on: weekdays, isEnabled: false)
        #expect(!schedule.revived(repeating, last: .missed(sevenToday), now: sixToday, zone: .utc).isEnabled)
    }
}

@Suite struct PlannedInstantTests {
    let newYork = try! Zone.rules(Zone.newYork)
    /// 01:30 EST on 2027-11-07: the second time the wall clock shows 01:30 that night.
    let secondReading = instant(2027, 11, 7, 1, 30, utcOffsetHours: -5)
    var alarm: Alarm { Alarm(id: sampleAlarmID, time: wall(1, 30), date: day(2027, 11, 7)) }

    @Test func aPlannedInstantThatShowsTheAlarmsWallTimeIsKept() {
        let now = instant(2027, 11, 7, 1, 45, utcOffsetHours: -4)
        #expect(ScheduleNextFire().execute(alarm: alarm, now: now, zone: newYork, last: nil, planned: secondReading) == secondReading)
        #expect(ScheduleNextFire().execute(alarm: alarm, now: now, zone: newYork, last: nil) == nil)
    }

    @Test func aPlannedInstantIsDroppedOnceItShowsAnotherWallTimeOrHasPassed() throws {
        let now = instant(2027, 11, 7, 1, 0, utcOffsetHours: -4)
        let berlin = try Zone.rules(Zone.berlin)
        // In Berlin the planned instant shows 07:30, and that day's 01:30 has long passed.
        #expect(ScheduleNextFire().execute(alarm: alarm, now: now, zone: berlin, last: nil, planned: secondReading) == nil)
        var repeating = alarm
        repeating.date = nil
        repeating.repeatDays = [.sunday]
        #expect(ScheduleNextFire().execute(alarm: repeating, now: now, zone: newYork, last: nil, planned: secondReading)
            == instant(2027, 11, 7, 1, 30, utcOffsetHours: -4))
        #expect(ScheduleNextFire().execute(alarm: alarm, now: secondReading, zone: newYork, last: nil, planned: secondReading) == nil)
    }
}
