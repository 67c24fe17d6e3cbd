import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// SkipNext, UnskipNext and PauseUntil on the core, driven by the manual clock (issue 23 §2).
@Suite struct SkipPauseRequestTests {
    static let seven = WallTime(hour: 7, minute: 0)!
    static let mondaySeven = mondayMorning.adding(seconds: 3600)
    static let day: Int64 = 86_400

    func daily(_ f: CoreFixture) async throws -> AlarmID {
        try await f.addAlarm { $0.repeatDays = Set(Weekday.allCases) }
    }

    func stored(_ f: CoreFixture, _ id: AlarmID) -> Alarm? { f.fakes.store.contents.alarms.first { $0.id == id } }

    @Test func aSkippedOccurrenceDoesNotRingIsSpentWhenItPassesAndTheNextOneRings() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        let changes = { f.events.all.filter { $0 == .alarmsChanged }.count }
        let added = changes()
        try await f.core.skipNext(id)
        let snapshot = try await f.core.get(id)
        #expect(snapshot.alarm.skippedOccurrence == LocalDateTime(date: CivilDate(year: 2027, month: 1, day: 4)!, time: Self.seven))
        #expect(snapshot.skippedOccurrence == Self.mondaySeven)
        #expect(snapshot.nextFire == Self.mondaySeven.adding(seconds: Self.day))
        #expect(stored(f, id)?.skippedOccurrence == snapshot.alarm.skippedOccurrence)
        #expect(changes() == added + 1)
        // The timer wakes the core at the skipped occurrence, only to clear it.
        #expect(f.fakes.timer.armedAt == Self.mondaySeven)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(try await f.core.get(id).alarm.skippedOccurrence == nil)
        #expect(try await f.core.get(id).skippedOccurrence == nil)
        #expect(stored(f, id)?.skippedOccurrence == nil)
        #expect(changes() == added + 2)
        await f.fireTimer()
        #expect(f.fakes.clock.now() == Self.mondaySeven.adding(seconds: Self.day))
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func aSpentSkipStaysBehindWhenTheClockIsSetBack() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        try await f.core.skipNext(id)
        await f.fireTimer()
        #expect(try await f.core.get(id).alarm.skippedOccurrence == nil)
        #expect(f.fakes.store.contents.lastOccurrences[id] == .skipped(Self.mondaySeven))
        f.fakes.clock.set(Self.mondaySeven.adding(seconds: -5))
        await f.core.clockChanged()
        #expect(try await f.core.get(id).nextFire == Self.mondaySeven.adding(seconds: Self.day))
        await f.advance(seconds: 10)
        #expect(await f.core.ringingAlarms.isEmpty)
    }

    @Test func skippingTwiceKeepsTheOneSkipAndUnskipLetsItRing() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        try await f.core.skipNext(id)
        try await f.core.skipNext(id)
        #expect(try await f.core.get(id).nextFire == Self.mondaySeven.adding(seconds: Self.day))
        try await f.core.unskipNext(id)
        try await f.core.unskipNext(id)
        #expect(try await f.core.get(id).nextFire == Self.mondaySeven)
        #expect(stored(f, id)?.skippedOccurrence == nil)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func aPausedAlarmRingsFirstOnThePauseDateAndThePauseIsClearedWhenTheDateBegins() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        let thursday = CivilDate(year: 2027, month: 1, day: 7)!
        try await f.core.pauseUntil(id, thursday)
        #expect(try await f.core.get(id).alarm.pausedUntil == thursday)
        #expect(try await f.core.get(id).nextFire == Self.mondaySeven.adding(seconds: 3 * Self.day))
        #expect(stored(f, id)?.pausedUntil == thursday)
        let thursdayMidnight = Instant(secondsSinceEpoch: 1_799_020_800 + 3 * Self.day)
        #expect(f.fakes.timer.armedAt == thursdayMidnight)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(try await f.core.get(id).alarm.pausedUntil == nil)
        #expect(stored(f, id)?.pausedUntil == nil)
        await f.fireTimer()
        #expect(f.fakes.clock.now() == Self.mondaySeven.adding(seconds: 3 * Self.day))
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func resumingAPausedAlarmLetsItsNextOccurrenceRing() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        try await f.core.pauseUntil(id, CivilDate(year: 2027, month: 2, day: 1)!)
        try await f.core.pauseUntil(id, nil)
        #expect(try await f.core.get(id).alarm.pausedUntil == nil)
        #expect(try await f.core.get(id).nextFire == Self.mondaySeven)
    }

    @Test func aRingingOrSnoozedAlarmCannotBeSkippedOrPausedButCanBeUnskippedAndResumed() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        try await f.core.pauseUntil(id, CivilDate(year: 2027, month: 1, day: 5)!)
        try await f.core.trigger(id)
        await #expect(throws: AgentError.alarmActive(id)) { try await f.core.skipNext(id) }
        await #expect(throws: AgentError.alarmActive(id)) { try await f.core.pauseUntil(id, CivilDate(year: 2027, month: 1, day: 9)!) }
        _ = try await f.core.snooze(id)
        await #expect(throws: AgentError.alarmActive(id)) { try await f.core.skipNext(id) }
        try await f.core.unskipNext(id)
        try await f.core.pauseUntil(id, nil)
        #expect(try await f.core.get(id).alarm.pausedUntil == nil)
        #expect(try await f.core.get(id).snoozed)
    }

    @Test func requestsThatWouldChangeNothingOrEndAnAlarmSilentlyAreInvalidAndChangeNothing() async throws {
        let f = try await CoreFixture()
        let repeating = try await daily(f)
        let oneTime = try await f.addAlarm()
        let off = try await daily(f)
        try await f.core.setEnabled(off, false)
        let before = f.fakes.store.contents.alarms
        let today = CivilDate(year: 2027, month: 1, day: 4)!
        for (id, date) in [(repeating, today), (repeating, CivilDate(year: 2027, month: 1, day: 1)!),
                           (oneTime, CivilDate(year: 2027, month: 1, day: 5)!)] {
            await #expect(throws: AgentError.self) { try await f.core.pauseUntil(id, date) }
        }
        for id in [oneTime, off] {
            let error = await #expect(throws: AgentError.self) { try await f.core.skipNext(id) }
            guard case .invalidArgument = error else { Issue.record("\(String(describing: error))"); continue }
        }
        let unknown = AlarmID("00000000-0000-4000-8000-000000000000")!
        await #expect(throws: AgentError.notFound(unknown.rawValue)) { try await f.core.skipNext(unknown) }
        #expect(f.fakes.store.contents.alarms == before)
    }

    @Test func skipsAndPausesSurviveAReload() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        try await f.core.pauseUntil(id, CivilDate(year: 2027, month: 1, day: 6)!)
        try await f.core.skipNext(id)
        let before = try await f.core.get(id)
        let again = try await CoreFixture(store: f.fakes.store)
        let after = try await again.core.get(id)
        #expect(after.alarm == before.alarm)
        #expect(after.nextFire == Self.mondaySeven.adding(seconds: 3 * Self.day))
        #expect(after.skippedOccurrence == Self.mondaySeven.adding(seconds: 2 * Self.day))
    }

    @Test func aScheduleEditOrADisableClearsTheSkipAndKeepsThePause() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        let pause = CivilDate(year: 2027, month: 1, day: 6)!
        try await f.core.pauseUntil(id, pause)
        try await f.core.skipNext(id)
        var label = AlarmChanges()
        label.label = "Work"
        try await f.core.update(id, label)
        #expect(try await f.core.get(id).alarm.skippedOccurrence != nil)
        var time = AlarmChanges()
        time.time = WallTime(hour: 7, minute: 30)
        try await f.core.update(id, time)
        #expect(try await f.core.get(id).alarm.skippedOccurrence == nil)
        #expect(try await f.core.get(id).alarm.pausedUntil == pause)
        try await f.core.skipNext(id)
        try await f.core.setEnabled(id, false)
        #expect(stored(f, id)?.skippedOccurrence == nil)
        #expect(stored(f, id)?.pausedUntil == pause)
    }

    @Test func movingAOneTimeAlarmBeforeItsPauseDropsThePauseAndItRingsOnItsNewDate() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm { $0.date = CivilDate(year: 2027, month: 1, day: 8) }
        try await f.core.pauseUntil(id, CivilDate(year: 2027, month: 1, day: 8)!)
        var earlier = AlarmChanges()
        earlier.date = CivilDate(year: 2027, month: 1, day: 5)
        try await f.core.update(id, earlier)
        #expect(try await f.core.get(id).alarm.pausedUntil == nil)
        #expect(try await f.core.get(id).nextFire == Self.mondaySeven.adding(seconds: Self.day))
    }

    @Test func aSkipIsSpentAtItsLocalOccurrenceAfterTheZoneChanged() async throws {
        let f = try await CoreFixture()
        let id = try await daily(f)
        try await f.core.skipNext(id)
        // Two hours west: Monday's 07:00 there is 09:00 UTC; the skip still names Monday 07:00.
        f.fakes.zone.set(try ZoneRules(posix: "<-02>2"))
        await f.core.zoneChanged()
        #expect(try await f.core.get(id).skippedOccurrence == Self.mondaySeven.adding(seconds: 7200))
        #expect(try await f.core.get(id).nextFire == Self.mondaySeven.adding(seconds: Self.day + 7200))
        #expect(f.fakes.timer.armedAt == Self.mondaySeven.adding(seconds: 7200))
    }
}
