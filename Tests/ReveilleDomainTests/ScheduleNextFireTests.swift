import ReveilleDomain
import ReveilleTime
import Testing

/// Seed §6 and §7 "Time math": today vs tomorrow, one-time alarms, weekend repeats, DST and zone changes.
@Suite struct ScheduleNextFireTests {
    let schedule = ScheduleNextFire()

    // MARK: Today vs tomorrow

    @Test func dailyAlarmLaterTodayFiresToday() {
        let alarm = makeAlarm(at: wall(7, 0), on: Set(Weekday.allCases))
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 6, 59, 59), zone: .utc)
        #expect(fire == instant(2026, 6, 10, 7, 0))
    }

    @Test func dailyAlarmAtExactlyNowFiresTomorrow() {
        let alarm = makeAlarm(at: wall(7, 0), on: Set(Weekday.allCases))
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 7, 0), zone: .utc)
        #expect(fire == instant(2026, 6, 11, 7, 0))
    }

    @Test func dailyAlarmEarlierTodayFiresTomorrow() {
        let alarm = makeAlarm(at: wall(7, 0), on: Set(Weekday.allCases))
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 7, 0, 1), zone: .utc)
        #expect(fire == instant(2026, 6, 11, 7, 0))
    }

    @Test func dailyAlarmJustBeforeMidnightRollsIntoNextMonth() {
        let alarm = makeAlarm(at: wall(0, 5), on: Set(Weekday.allCases))
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 6, 30, 23, 59), zone: .utc)
        #expect(fire == instant(2026, 7, 1, 0, 5))
    }

    // MARK: One-time alarms

    @Test func oneTimeAlarmLaterTodayFiresToday() {
        let alarm = makeAlarm(at: wall(7, 0), date: day(2026, 6, 10))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 6, 0), zone: .utc) == instant(2026, 6, 10, 7, 0))
    }

    @Test func oneTimeAlarmInThePastHasNoNextFire() {
        let alarm = makeAlarm(at: wall(7, 0), date: day(2026, 6, 10))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 8, 0), zone: .utc) == nil)
        #expect(schedule.execute(alarm: alarm, now: instant(2027, 1, 1, 0, 0), zone: .utc) == nil)
    }

    @Test func oneTimeAlarmAtExactlyNowHasNoNextFire() {
        let alarm = makeAlarm(at: wall(7, 0), date: day(2026, 6, 10))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 7, 0), zone: .utc) == nil)
    }

    @Test func oneTimeAlarmOnALaterDayFiresThatDay() {
        let alarm = makeAlarm(at: wall(7, 0), date: day(2026, 12, 24))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 8, 0), zone: .utc) == instant(2026, 12, 24, 7, 0))
    }

    @Test func oneTimeAlarmWithoutADateFiresAtItsNextOccurrence() {
        let alarm = makeAlarm(at: wall(7, 0))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 6, 0), zone: .utc) == instant(2026, 6, 10, 7, 0))
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 8, 0), zone: .utc) == instant(2026, 6, 11, 7, 0))
    }

    @Test func disabledAlarmHasNoNextFire() {
        let repeating = makeAlarm(at: wall(7, 0), on: weekdays, isEnabled: false)
        let oneTime = makeAlarm(at: wall(7, 0), date: day(2026, 6, 11), isEnabled: false)
        #expect(schedule.execute(alarm: repeating, now: instant(2026, 6, 10, 6, 0), zone: .utc) == nil)
        #expect(schedule.execute(alarm: oneTime, now: instant(2026, 6, 10, 6, 0), zone: .utc) == nil)
    }

    @Test func nextOccurrenceDateIsTodayBeforeTheTimeAndTomorrowAfterIt() throws {
        let berlin = try Zone.rules(Zone.berlin)
        // 22:30 UTC on June 10 is already June 11 in Berlin.
        let lateEvening = instant(2026, 6, 10, 22, 30)
        #expect(schedule.nextOccurrenceDate(of: wall(7, 0), now: lateEvening, zone: berlin) == day(2026, 6, 11))
        #expect(schedule.nextOccurrenceDate(of: wall(0, 15), now: lateEvening, zone: berlin) == day(2026, 6, 12))
        #expect(schedule.nextOccurrenceDate(of: wall(7, 0), now: instant(2026, 6, 10, 6, 0), zone: .utc) == day(2026, 6, 10))
        #expect(schedule.nextOccurrenceDate(of: wall(7, 0), now: instant(2026, 6, 10, 7, 0), zone: .utc) == day(2026, 6, 11))
    }

    // MARK: Weekend repeat

    @Test func weekendAlarmOnAWednesdayWaitsForSaturday() {
        let alarm = makeAlarm(at: wall(9, 0), on: weekends)
        #expect(day(2026, 6, 10).weekday == .wednesday)
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 12, 0), zone: .utc)
        #expect(fire == instant(2026, 6, 13, 9, 0))
    }

    @Test func weekendAlarmAfterSaturdaysRingFiresOnSunday() {
        let alarm = makeAlarm(at: wall(9, 0), on: weekends)
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 13, 10, 0), zone: .utc) == instant(2026, 6, 14, 9, 0))
    }

    @Test func weekendAlarmAfterSundaysRingSkipsTheWorkingWeek() {
        let alarm = makeAlarm(at: wall(9, 0), on: weekends)
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 14, 10, 0), zone: .utc) == instant(2026, 6, 20, 9, 0))
    }

    @Test func weekdayAlarmOnFridayEveningWaitsForMonday() {
        let alarm = makeAlarm(at: wall(6, 30), on: weekdays)
        #expect(schedule.execute(alarm: alarm, now: instant(2026, 6, 12, 20, 0), zone: .utc) == instant(2026, 6, 15, 6, 30))
    }

    // MARK: DST forward (spring gap)

    @Test func nonexistentLocalTimeFiresAfterTheGap() throws {
        let berlin = try Zone.rules(Zone.berlin)
        let alarm = makeAlarm(at: wall(2, 30), on: Set(Weekday.allCases))
        // 2026-03-29: Berlin's clocks jump from 02:00 CET to 03:00 CEST, so 02:30 is never shown.
        let fire = try #require(schedule.execute(alarm: alarm, now: instant(2026, 3, 28, 12, 0, utcOffsetHours: 1), zone: berlin))
        #expect(fire == instant(2026, 3, 29, 3, 30, utcOffsetHours: 2))
        #expect(berlin.localDateTime(at: fire).time == wall(3, 30))
        // The day after, 02:30 exists again.
        #expect(schedule.execute(alarm: alarm, now: fire, zone: berlin) == instant(2026, 3, 30, 2, 30, utcOffsetHours: 2))
    }

    @Test func oneTimeAlarmInTheGapFiresAfterTheGap() throws {
        let newYork = try Zone.rules(Zone.newYork)
        let alarm = makeAlarm(at: wall(2, 30), date: day(2026, 3, 8))
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 3, 7, 12, 0, utcOffsetHours: -5), zone: newYork)
        #expect(fire == instant(2026, 3, 8, 3, 30, utcOffsetHours: -4))
    }

    @Test func alarmAcrossSpringForwardKeepsItsWallTime() throws {
        let berlin = try Zone.rules(Zone.berlin)
        let alarm = makeAlarm(at: wall(7, 0), on: Set(Weekday.allCases))
        let saturday = instant(2026, 3, 28, 7, 0, 1, utcOffsetHours: 1)
        let fire = try #require(schedule.execute(alarm: alarm, now: saturday, zone: berlin))
        #expect(fire == instant(2026, 3, 29, 7, 0, utcOffsetHours: 2))
        #expect(fire.seconds(since: saturday) == 23 * 3600 - 1)
    }

    @Test func southernHemisphereGapFiresAfterTheGap() throws {
        let sydney = try Zone.rules(Zone.sydney)
        let alarm = makeAlarm(at: wall(2, 30), on: [.sunday])
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 10, 3, 12, 0, utcOffsetHours: 10), zone: sydney)
        #expect(fire == instant(2026, 10, 4, 3, 30, utcOffsetHours: 11))
    }

    @Test func lateTimeInAGapRingsJustAfterMidnightOnTheNextDate() throws {
        let lateGap = try Zone.rules(Zone.lateGap)
        let alarm = makeAlarm(at: wall(23, 45), on: [.sunday])
        // 2026-03-29 23:30 jumps to 2026-03-30 00:30: Sunday's 23:45 is never shown.
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 3, 28, 12, 0, utcOffsetHours: 1), zone: lateGap)
        #expect(fire == instant(2026, 3, 30, 0, 45, utcOffsetHours: 2))
    }

    // MARK: DST back (repeated hour)

    @Test func repeatedLocalTimeFiresOnceAtItsFirstOccurrence() throws {
        let newYork = try Zone.rules(Zone.newYork)
        let alarm = makeAlarm(at: wall(1, 30), on: Set(Weekday.allCases))
        // 2026-11-01: New York's clocks go from 02:00 EDT back to 01:00 EST, so 01:30 is shown twice.
        let first = try #require(schedule.execute(alarm: alarm, now: instant(2026, 10, 31, 12, 0, utcOffsetHours: -4), zone: newYork))
        #expect(first == instant(2026, 11, 1, 1, 30, utcOffsetHours: -4))
        // Not again at the second 01:30 (EST), but the next day, at -05:00.
        let second = schedule.execute(alarm: alarm, now: first, zone: newYork)
        #expect(second == instant(2026, 11, 2, 1, 30, utcOffsetHours: -5))
        let betweenTheTwo = instant(2026, 11, 1, 1, 45, utcOffsetHours: -4)
        #expect(schedule.execute(alarm: alarm, now: betweenTheTwo, zone: newYork) == second)
    }

    @Test func alarmAcrossFallBackKeepsItsWallTime() throws {
        let berlin = try Zone.rules(Zone.berlin)
        let alarm = makeAlarm(at: wall(7, 0), on: Set(Weekday.allCases))
        let saturday = instant(2026, 10, 24, 7, 0, utcOffsetHours: 2)
        let fire = try #require(schedule.execute(alarm: alarm, now: saturday, zone: berlin))
        #expect(fire == instant(2026, 10, 25, 7, 0, utcOffsetHours: 1))
        #expect(fire.seconds(since: saturday) == 25 * 3600)
    }

    @Test func southernHemisphereRepeatedTimeFiresAtItsFirstOccurrence() throws {
        let sydney = try Zone.rules(Zone.sydney)
        let alarm = makeAlarm(at: wall(2, 30), date: day(2026, 4, 5))
        let fire = schedule.execute(alarm: alarm, now: instant(2026, 4, 4, 12, 0, utcOffsetHours: 11), zone: sydney)
        #expect(fire == instant(2026, 4, 5, 2, 30, utcOffsetHours: 11))
    }

    // MARK: Zone changes: the same alarm evaluated in two zones

    @Test func sameAlarmRingsAtSevenLocalInEachZone() throws {
        let alarm = makeAlarm(at: wall(7, 0), on: [.monday])
        let now = instant(2026, 6, 1, 3, 0)  // Monday 03:00 UTC
        // New York is still on Sunday evening: this Monday's 07:00 EDT is ahead.
        let newYork = try Zone.rules(Zone.newYork)
        #expect(schedule.execute(alarm: alarm, now: now, zone: newYork) == instant(2026, 6, 1, 7, 0, utcOffsetHours: -4))
        let berlin = try Zone.rules(Zone.berlin)
        #expect(schedule.execute(alarm: alarm, now: now, zone: berlin) == instant(2026, 6, 1, 7, 0, utcOffsetHours: 2))
        // Sydney is already at Monday 13:00: its next Monday 07:00 is a week away.
        let sydney = try Zone.rules(Zone.sydney)
        #expect(schedule.execute(alarm: alarm, now: now, zone: sydney) == instant(2026, 6, 8, 7, 0, utcOffsetHours: 10))
    }

    @Test func travellingWestRingsAtSevenInTheNewZone() throws {
        let alarm = makeAlarm(at: wall(7, 0), on: Set(Weekday.allCases))
        let rangInBerlin = try #require(schedule.execute(alarm: alarm, now: instant(2026, 6, 1, 0, 0), zone: try Zone.rules(Zone.berlin)))
        #expect(rangInBerlin == instant(2026, 6, 1, 7, 0, utcOffsetHours: 2))
        // Landed in New York, where it is still 01:00 that Monday: 07:00 local is the next fire.
        let next = schedule.execute(alarm: alarm, now: rangInBerlin, zone: try Zone.rules(Zone.newYork))
        #expect(next == instant(2026, 6, 1, 7, 0, utcOffsetHours: -4))
    }

    @Test func halfHourZoneFiresAtTheLocalWallTime() throws {
        let kolkata = try Zone.rules(Zone.kolkata)
        let alarm = makeAlarm(at: wall(6, 0), on: weekdays)
        let fire = try #require(schedule.execute(alarm: alarm, now: instant(2026, 6, 10, 1, 0), zone: kolkata))
        #expect(fire == Instant(secondsSinceEpoch: instant(2026, 6, 11, 6, 0).secondsSinceEpoch - 5 * 3600 - 1800))
    }
}
