import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

@Suite struct AlarmEditingTests {
    @Test func addingWithoutATimeIsRefused() async throws {
        let f = try await CoreFixture()
        await #expect {
            try await f.core.add(AlarmChanges())
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.english == "an alarm needs a time (HH:MM)"
        }
        #expect(await f.core.list().isEmpty)
    }

    @Test func oneTimeAlarmWithoutDateGetsTheDateOfItsNextOccurrence() async throws {
        let f = try await CoreFixture()
        let later = try await f.addAlarm(minutesAhead: 60)
        let earlier = try await f.addAlarm(minutesAhead: -60)
        #expect(try await f.core.get(later).alarm.date == CivilDate(year: 2027, month: 1, day: 4))
        #expect(try await f.core.get(earlier).alarm.date == CivilDate(year: 2027, month: 1, day: 5))
        #expect(try await f.core.get(later).nextFire == mondayMorning.adding(seconds: 3600))
    }

    @Test func oneTimeAlarmWithAPastDateIsRefused() async throws {
        let f = try await CoreFixture()
        await #expect(throws: AgentError.self) {
            _ = try await f.addAlarm(minutesAhead: -60) { $0.date = CivilDate(year: 2027, month: 1, day: 4) }
        }
    }

    @Test func newAlarmsTakeTheConfiguredDefaults() async throws {
        var config = AgentConfig()
        config.defaults.snoozeMinutes = 9
        config.defaults.challenges = [.new(.typing(words: 3))]
        let f = try await CoreFixture(config: config)
        let id = try await f.addAlarm()
        let alarm = try await f.core.get(id).alarm
        #expect(alarm.snooze.minutes == 9)
        #expect(alarm.challenges.map(\.params) == [.typing(words: 3)])
    }

    @Test func listIsOrderedByNextFireWithDisabledLast() async throws {
        let f = try await CoreFixture()
        let late = try await f.addAlarm(minutesAhead: 120)
        let off = try await f.addAlarm(minutesAhead: 10)
        let soon = try await f.addAlarm(minutesAhead: 30)
        try await f.core.setEnabled(off, false)
        #expect(await f.core.list().map(\.alarm.id) == [soon, late, off])
        #expect(await f.core.nextFire?.id == soon)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(mondayMorning.adding(seconds: 30 * 60)))
    }

    /// The core never waits for the disk: an edit takes effect at once. One the disk refuses is
    /// answered with the reason, kept in memory, said in a notice and in Preflight, and saved once
    /// the disk takes writes.
    @Test func anEditTheDiskRefusesIsKeptAndSavedOnceItCan() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm()
        let gone = try await f.addAlarm(minutesAhead: 90)
        f.fakes.store.failWrites(true)
        var changes = AlarmChanges()
        changes.label = "new"
        let refused = await #expect(throws: AgentError.self) { try await f.core.update(id, changes) }
        #expect("\(refused.map { "\($0)" } ?? "")".contains("not saved yet"))
        await #expect(throws: AgentError.self) { try await f.core.remove(gone) }
        await #expect(throws: AgentError.self) { _ = try await f.addAlarm(minutesAhead: 120) }
        let added = try #require(await f.core.list().first { $0.alarm.id != id }?.alarm.id)
        #expect(added != gone)
        #expect(try await f.core.get(id).alarm.label == "new")
        #expect(Set(await f.core.list().map(\.alarm.id)) == [id, added])
        #expect(f.fakes.notifier.notices.contains("Reveille cannot save changes"))
        #expect(await f.core.preflight().reasons.contains("database-unwritable"))
        #expect(f.fakes.store.contents.alarms.first { $0.id == id }?.label == "")

        f.fakes.store.failWrites(false)
        await f.fireTimerOnce()
        let saved = f.fakes.store.contents.alarms
        #expect(Set(saved.map(\.id)) == [id, added])
        #expect(saved.first { $0.id == id }?.label == "new")
        #expect(await f.core.preflight().reasons.isEmpty)
    }

    @Test func qrStarInAnUpdateKeepsTheStoredCode() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm { $0.challenges = [.new(.qr(expected: "kitchen-42"))] }
        var changes = AlarmChanges()
        changes.challenges = [.new(.math(difficulty: .easy, timeLimit: 60)), .keepStoredCode]
        try await f.core.update(id, changes)
        let params = try await f.core.get(id).alarm.challenges.map(\.params)
        #expect(params == [.math(difficulty: .easy, timeLimit: 60), .qr(expected: "kitchen-42")])
    }

    @Test func reenablingAPassedOneTimeAlarmMovesItToItsNextOccurrence() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 1)
        try await f.core.setEnabled(id, false)
        await f.advance(seconds: 3600)
        try await f.core.setEnabled(id, true)
        let snapshot = try await f.core.get(id)
        #expect(snapshot.alarm.date == CivilDate(year: 2027, month: 1, day: 5))
        #expect(snapshot.nextFire == mondayMorning.adding(seconds: 60 + 86_400))
    }

    @Test func movingAOneTimeAlarmsTimeIntoThePastMovesItToItsNextOccurrence() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 2)
        var changes = AlarmChanges()
        changes.time = WallTime(hour: 5, minute: 59)
        try await f.core.update(id, changes)
        let snapshot = try await f.core.get(id)
        #expect(snapshot.alarm.date == CivilDate(year: 2027, month: 1, day: 5))
        #expect(snapshot.nextFire == mondayMorning.adding(seconds: 86_400 - 60))
    }

    @Test func unknownIdsAreNotFound() async throws {
        let f = try await CoreFixture()
        let id = AlarmID("12345678-1234-4234-8234-123456789abc")!
        await #expect(throws: AgentError.notFound(id.rawValue)) { try await f.core.get(id) }
        await #expect(throws: AgentError.notFound(id.rawValue)) { try await f.core.trigger(id) }
        await #expect(throws: AgentError.notFound(id.rawValue)) { try await f.core.remove(id) }
    }
}

@Suite struct RelativeAlarmTests {
    @Test func inSecondsIsDueExactlyThatLongFromNowAcrossSpringForward() async throws {
        // Sun 2027-03-14 01:30 EST; 02:00 jumps to 03:00.
        let f = try await CoreFixture(now: Instant(secondsSinceEpoch: 1_805_005_800))
        f.fakes.zone.set(try ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0"))
        var changes = AlarmChanges()
        changes.inSeconds = 3600
        let id = try await f.core.add(changes)
        let snapshot = try await f.core.get(id)
        #expect(snapshot.nextFire == Instant(secondsSinceEpoch: 1_805_005_800 + 3600))
        #expect(snapshot.alarm.time == WallTime(hour: 3, minute: 30))
        #expect(snapshot.alarm.date == CivilDate(year: 2027, month: 3, day: 14))
        #expect(snapshot.alarm.repeatDays.isEmpty)
    }

    @Test func inSecondsInTheHourShownTwiceKeepsTheLaterInstant() async throws {
        // Sun 2027-11-07 01:00 EDT; at 02:00 EDT the clock shows 01:00 again.
        let start = Instant(secondsSinceEpoch: 1_825_563_600)
        let f = try await CoreFixture(now: start)
        f.fakes.zone.set(try ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0"))
        var changes = AlarmChanges()
        changes.inSeconds = 90 * 60
        let id = try await f.core.add(changes)
        let snapshot = try await f.core.get(id)
        #expect(snapshot.nextFire == start.adding(seconds: 5400))
        #expect(snapshot.alarm.time == WallTime(hour: 1, minute: 30))
        // Past the first 01:30, neither a re-plan nor an edit moves it to the earlier reading or to tomorrow.
        f.fakes.clock.advance(by: 3600)
        await f.core.zoneChanged()
        var label = AlarmChanges()
        label.label = "Tea"
        try await f.core.update(id, label)
        let after = try await f.core.get(id)
        #expect(after.nextFire == start.adding(seconds: 5400))
        #expect(after.alarm.date == CivilDate(year: 2027, month: 11, day: 7))
    }

    @Test func inSecondsExcludesTimeDateAndRepeat() async throws {
        let f = try await CoreFixture()
        for configure in [{ (c: inout AlarmChanges) in c.time = WallTime(hour: 7, minute: 0) },
                          { (c: inout AlarmChanges) in c.date = CivilDate(year: 2030, month: 1, day: 1) },
                          { (c: inout AlarmChanges) in c.repeatDays = [.monday] }] {
            var changes = AlarmChanges()
            changes.inSeconds = 60
            configure(&changes)
            await #expect(throws: AgentError.self) { try await f.core.add(changes) }
        }
        #expect(await f.core.list().isEmpty)
        let id = try await f.addAlarm()
        var update = AlarmChanges()
        update.inSeconds = 60
        await #expect(throws: AgentError.self) { try await f.core.update(id, update) }
    }
}
