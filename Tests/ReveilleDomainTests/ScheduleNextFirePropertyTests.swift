import PropertyBased
import ReveilleDomain
import ReveilleTime
import Testing

/// ScheduleNextFire for random alarms, random moments and zones with and without DST.
@Suite struct ScheduleNextFirePropertyTests {
    let schedule = ScheduleNextFire()

    /// 2000-01-01 to 2040-01-01: decades of DST changes on either side of now.
    static let moments = Gen.int64(in: 946_684_800...2_208_988_800).map { Instant(secondsSinceEpoch: $0) }
    static let times = zip(Gen.int(in: 0...23), Gen.int(in: 0...59), Gen.int(in: 0...59))
        .map { WallTime(hour: $0.0, minute: $0.1, second: $0.2)! }
    static let repeatDays = Gen<Weekday>.case.set(ofAtMost: 1...7).filter { !$0.isEmpty }
    static let zoneNames = Gen.element(of: [
        Zone.berlin, Zone.newYork, Zone.sydney, Zone.kolkata, Zone.saoPaulo, Zone.santiago, Zone.lordHowe, Zone.lateGap,
    ]).map { $0! }
    static let fixedZoneNames = Gen.element(of: [Zone.kolkata, Zone.saoPaulo, "UTC0", "<+14>-14", "<-11>11"]).map { $0! }

    @Test func repeatingAlarmFiresStrictlyAfterNowAndWithinEightDays() async {
        await propertyCheck(count: 300, input: Self.times, Self.repeatDays, Self.moments, Self.zoneNames) { time, days, now, name in
            let zone = try Zone.rules(name)
            let fire = try #require(schedule.execute(alarm: makeAlarm(at: time, on: days), now: now, zone: zone))
            #expect(fire > now)
            #expect(fire.seconds(since: now) <= 8 * 86_400)
        }
    }

    @Test func repeatingAlarmFiresOnAnAllowedDayAtItsWallTimeOrJustPastAGap() async {
        await propertyCheck(count: 300, input: Self.times, Self.repeatDays, Self.moments, Self.zoneNames) { time, days, now, name in
            let zone = try Zone.rules(name)
            let fire = try #require(schedule.execute(alarm: makeAlarm(at: time, on: days), now: now, zone: zone))
            let local = zone.localDateTime(at: fire)
            if local.time == time {
                #expect(days.contains(local.date.weekday))
            } else {
                // Only a spring-forward gap moves the wall time, and by exactly the gap's length.
                let gap = try #require(
                    zone.transitions(from: fire.adding(seconds: -86_400), through: fire).last { $0.offsetAfter > $0.offsetBefore })
                let shift = Int64(gap.offsetAfter - gap.offsetBefore)
                let intended = LocalDateTime(secondsSinceLocalEpoch: local.secondsSinceLocalEpoch - shift)
                #expect(intended.time == time)
                #expect(days.contains(intended.date.weekday))
            }
        }
    }

    @Test func noAllowedOccurrenceIsSkippedBetweenNowAndTheFire() async {
        await propertyCheck(count: 200, input: Self.times, Self.repeatDays, Self.moments, Self.zoneNames) { time, days, now, name in
            let zone = try Zone.rules(name)
            let fire = try #require(schedule.execute(alarm: makeAlarm(at: time, on: days), now: now, zone: zone))
            let firstDay = zone.localDateTime(at: now).date.adding(days: -1)
            for offset in 0...9 {
                let date = firstDay.adding(days: offset)
                guard days.contains(date.weekday) else { continue }
                let candidate = zone.instant(for: LocalDateTime(date: date, time: time))
                #expect(candidate <= now || candidate >= fire, "\(date) \(time) at \(candidate) was skipped")
            }
        }
    }

    @Test func inAZoneWithoutDSTTheFireShowsExactlyTheAlarmTime() async {
        await propertyCheck(count: 200, input: Self.times, Self.repeatDays, Self.moments, Self.fixedZoneNames) { time, days, now, name in
            let zone = try Zone.rules(name)
            let fire = try #require(schedule.execute(alarm: makeAlarm(at: time, on: days), now: now, zone: zone))
            let local = zone.localDateTime(at: fire)
            #expect(local.time == time)
            #expect(days.contains(local.date.weekday))
            #expect(fire.seconds(since: now) <= 7 * 86_400)
        }
    }

    @Test func schedulingAgainFromTheFireGivesALaterFire() async {
        await propertyCheck(count: 200, input: Self.times, Self.repeatDays, Self.moments, Self.zoneNames) { time, days, now, name in
            let zone = try Zone.rules(name)
            let alarm = makeAlarm(at: time, on: days)
            let fire = try #require(schedule.execute(alarm: alarm, now: now, zone: zone))
            let next = try #require(schedule.execute(alarm: alarm, now: fire, zone: zone))
            #expect(next > fire)
            // At least a day apart, less an hour of DST, since a day fires at most once.
            #expect(next.seconds(since: fire) >= 23 * 3600)
        }
    }

    @Test func oneTimeAlarmFiresAtItsMomentIfStillAheadAndNeverOtherwise() async {
        let dates = Gen.int64(in: 10_957...25_567).map { CivilDate(daysSinceEpoch: $0) }
        await propertyCheck(count: 200, input: Self.times, dates, Self.moments, Self.zoneNames) { time, date, now, name in
            let zone = try Zone.rules(name)
            let moment = zone.instant(for: LocalDateTime(date: date, time: time))
            let fire = schedule.execute(alarm: makeAlarm(at: time, date: date), now: now, zone: zone)
            #expect(fire == (moment > now ? moment : nil))
        }
    }
}
