import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The wall clock set either way, through the wake timer's cancel-on-set seam: what came due
/// rings or is reported missed, everything else is planned from the clock as it is now, and no
/// occurrence rings twice or is reported missed twice.
@Suite struct ClockJumpTests {
    /// Monday 2027-01-04 at `hour`:`minute` UTC.
    static func monday(_ hour: Int64, _ minute: Int64 = 0) -> Instant {
        mondayMorning.adding(seconds: (hour - 6) * 3600 + minute * 60)
    }

    /// Adds an alarm at `hour`:`minute`, every day or (with `daily` false) once, on its next occurrence.
    static func add(_ f: CoreFixture, _ hour: Int, _ minute: Int = 0, daily: Bool = true, label: String) async throws -> AlarmID {
        var changes = AlarmChanges()
        changes.time = WallTime(hour: hour, minute: minute)
        changes.label = label
        if daily { changes.repeatDays = Set(Weekday.allCases) }
        return try await f.core.add(changes)
    }

    /// A daily 07:00 alarm set up on Sunday evening, and the store holding it.
    static func dailySevenFromSunday() async throws -> (FakeStore, AlarmID) {
        let store = FakeStore()
        let sunday = try await CoreFixture(now: monday(6).adding(seconds: -10 * 3600), store: store)
        let id = try await add(sunday, 7, label: "Work")
        #expect(store.contents.nextFires[id] == monday(7))
        return (store, id)
    }

    func missedNotices(_ f: CoreFixture, _ label: String) -> Int {
        f.fakes.notifier.notices.filter { $0 == "Missed alarm: \(label)" }.count
    }

    @Test func aRepeatingAlarmMissedWhileTheClockRanTwoHoursAheadRingsAfterTheCorrection() async throws {
        let (store, id) = try await Self.dailySevenFromSunday()
        // The machine boots at 06:00 with a clock that says 08:00: today's 07:00 looks an hour late.
        let f = try await CoreFixture(now: Self.monday(8), store: store)
        #expect(missedNotices(f, "Work") == 1)
        #expect(try await f.core.get(id).nextFire == Self.monday(7).adding(seconds: 86_400))

        // NTP sets the clock two hours back.
        f.fakes.clock.set(Self.monday(6))
        await f.fakes.timer.clockSet()
        #expect(try await f.core.get(id).nextFire == Self.monday(7))
        #expect(f.fakes.timer.armedAt == PrepareRing().at(Self.monday(7)))

        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.clock.now() == Self.monday(7))
        while try await f.solve(id) != .dismissed {}

        // Set back again after it rang: today's 07:00 does not ring a second time.
        f.fakes.clock.set(Self.monday(5))
        await f.fakes.timer.clockSet()
        #expect(try await f.core.get(id).nextFire == Self.monday(7).adding(seconds: 86_400))
        #expect(missedNotices(f, "Work") == 1)
        #expect(f.fakes.store.missed.count == 1)
    }

    @Test func aOneTimeAlarmMissedWhileTheClockRanAheadIsTurnedOnAgainAndRings() async throws {
        let f = try await CoreFixture(now: Self.monday(6))
        let id = try await Self.add(f, 7, daily: false, label: "Train")
        f.fakes.clock.set(Self.monday(8))
        await f.fakes.timer.clockSet()
        #expect(missedNotices(f, "Train") == 1)
        #expect(try await f.core.get(id).alarm.isEnabled == false)

        f.fakes.clock.set(Self.monday(6))
        await f.fakes.timer.clockSet()
        let snapshot = try await f.core.get(id)
        #expect(snapshot.alarm.isEnabled)
        #expect(snapshot.nextFire == Self.monday(7))
        #expect(f.fakes.store.contents.alarms.first { $0.id == id }?.isEnabled == true)
        #expect(f.events.all.filter { $0 == .alarmsChanged }.count >= 3)

        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        while try await f.solve(id) != .dismissed {}
        #expect(try await f.core.get(id).alarm.isEnabled == false)

        // Once it rang, no later correction brings it back.
        f.fakes.clock.set(Self.monday(5))
        await f.fakes.timer.clockSet()
        #expect(try await f.core.get(id).alarm.isEnabled == false)
        #expect(try await f.core.get(id).nextFire == nil)
    }

    @Test func twoHoursForwardRingsWhatCameDueWithinGraceAndReportsOlderOnceEvenWhenTheClockFlipsBack() async throws {
        let f = try await CoreFixture(now: Self.monday(6))
        let early = try await Self.add(f, 6, 30, label: "Early")
        let late = try await Self.add(f, 7, 45, label: "Late")
        let later = try await Self.add(f, 9, label: "Later")

        f.fakes.clock.set(Self.monday(8))
        await f.fakes.timer.clockSet()
        #expect(await f.core.ringingAlarms == [late])  // 15 min late, within late_grace
        #expect(missedNotices(f, "Early") == 1)  // 90 min late
        #expect(try await f.core.get(early).nextFire == Self.monday(6, 30).adding(seconds: 86_400))
        #expect(try await f.core.get(later).nextFire == Self.monday(9))

        // The jump is undone: the missed 06:30 lies ahead again and is planned; the ringing run is left alone.
        f.fakes.clock.set(Self.monday(6))
        await f.fakes.timer.clockSet()
        #expect(try await f.core.get(early).nextFire == Self.monday(6, 30))
        #expect(await f.core.ringingAlarms == [late])
        #expect(f.fakes.sound.isPlaying(late))

        // And the clock jumps forward again: 06:30 is not reported missed a second time.
        f.fakes.clock.set(Self.monday(8))
        await f.fakes.timer.clockSet()
        #expect(missedNotices(f, "Early") == 1)
        #expect(f.fakes.store.missed.filter { $0.0 == early }.count == 1)
        #expect(try await f.core.get(early).nextFire == Self.monday(6, 30).adding(seconds: 86_400))
        #expect(await f.core.ringingAlarms == [late])
        #expect(f.events.all.filter { $0 == .ringing(late, label: "Late", snoozeCount: 0) }.count == 1)
    }

    @Test func aSnoozedRunKeepsItsInstantWhenTheClockIsSetBack() async throws {
        let f = try await CoreFixture(now: Self.monday(6))
        let id = try await Self.add(f, 6, 5, label: "Snoozy")
        await f.fireTimer()
        let until = try await f.core.snooze(id)
        f.fakes.clock.set(Self.monday(4))
        await f.fakes.timer.clockSet()
        #expect(try await f.core.get(id).nextFire == until)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(until))
    }

    @Test func theLastOccurrenceSurvivesARestartSoNothingIsReportedOrRungTwice() async throws {
        let (store, id) = try await Self.dailySevenFromSunday()
        let ahead = try await CoreFixture(now: Self.monday(8), store: store)
        #expect(missedNotices(ahead, "Work") == 1)

        // Restarted after the correction: today's 07:00 is planned again.
        let corrected = try await CoreFixture(now: Self.monday(6), store: store)
        #expect(try await corrected.core.get(id).nextFire == Self.monday(7))
        // The bad clock comes back: it was reported in the last session, not again in this one.
        corrected.fakes.clock.set(Self.monday(8))
        await corrected.fakes.timer.clockSet()
        #expect(missedNotices(corrected, "Work") == 0)
        #expect(store.missed.count == 1)
        #expect(store.contents.lastOccurrences[id] == .missed(Self.monday(7)))

        // Rung, then restarted with the clock set back: it does not ring again.
        corrected.fakes.clock.set(Self.monday(7).adding(seconds: 86_400))
        await corrected.fireTimer()
        #expect(await corrected.core.ringingAlarms == [id])
        while try await corrected.solve(id) != .dismissed {}
        let setBack = try await CoreFixture(now: Self.monday(5).adding(seconds: 86_400), store: store)
        #expect(try await setBack.core.get(id).nextFire == Self.monday(7).adding(seconds: 2 * 86_400))
    }
}
