import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The `on_before_ring` hook (issue 23, section 3): `before_ring` ahead of each planned occurrence,
/// once, on the wake timer; at once when its moment passed unseen and the alarm is still ahead;
/// never after the ring.
@Suite struct BeforeRingTests {
    static let sunrise = ["/usr/local/bin/sunrise", "--minutes", "20"]
    static let lead: Int64 = 20 * 60

    /// `on_before_ring` with `before_ring = 20min`, and `on_ring` and `on_missed` to see the order.
    static func config() -> AgentConfig {
        var config = AgentConfig()
        config.hooks[.beforeRing] = sunrise
        config.hooks[.ring] = ["on-ring"]
        config.hooks[.snooze] = ["on-snooze"]
        config.hooks[.missed] = ["on-missed"]
        config.beforeRing = lead
        return config
    }

    static func events(_ f: CoreFixture) -> [String?] { f.fakes.hooks.environments.map { $0["REVEILLE_EVENT"] } }

    @Test func itRunsBeforeRingAheadOfTheOccurrenceOnceWithTheOccurrencesDueTime() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60) { $0.label = "Wake up" }
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.timer.armedAt == fire.adding(seconds: -Self.lead))
        #expect(f.fakes.hooks.runs.isEmpty)
        await f.fireTimerOnce()
        #expect(f.fakes.hooks.runs.map(\.argv) == [Self.sunrise])
        #expect(f.fakes.hooks.environments == [
            ["REVEILLE_EVENT": "before_ring", "REVEILLE_ALARM_ID": id.rawValue, "REVEILLE_LABEL": "Wake up",
             "REVEILLE_DUE": "2027-01-04T07:00:00+00:00", "REVEILLE_SNOOZE_COUNT": "0"],
        ])
        // Nothing more until the ring is prepared; other wakes in the window do not run it again.
        #expect(f.fakes.timer.armedAt == PrepareRing().at(fire))
        await f.advance(seconds: 60)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(Self.events(f) == ["before_ring", "ring"])
    }

    @Test func aRepeatingAlarmRunsItBeforeEachOccurrence() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60) { $0.repeatDays = Set(Weekday.allCases) }
        await f.fireTimer()
        await f.fireTimer()
        #expect(try await f.solve(id) == .dismissed)
        let tomorrow = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.timer.armedAt == tomorrow.adding(seconds: -Self.lead))
        await f.fireTimer()
        #expect(Self.events(f) == ["before_ring", "ring", "before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-05T07:00:00+00:00")
    }

    @Test func aTriggeredRingAndASnoozesReRingRunNone() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60) { $0.repeatDays = Set(Weekday.allCases) }
        try await f.core.trigger(id)
        _ = try await f.core.snooze(id)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(Self.events(f) == ["ring", "snooze", "ring"])
        // Dismissed before the window, the planned occurrence still gets its hook.
        #expect(try await f.solve(id) == .dismissed)
        await f.fireTimerOnce()
        #expect(Self.events(f) == ["ring", "snooze", "ring", "before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T07:00:00+00:00")
    }

    @Test func aSkippedOccurrenceRunsNoneAndTheNextOneDoes() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60) { $0.repeatDays = Set(Weekday.allCases) }
        try await f.core.skipNext(id)
        await f.advance(seconds: 50 * 60)
        await f.advance(seconds: 20 * 60)
        #expect(f.fakes.hooks.runs.isEmpty)
        // Tomorrow's occurrence is the next that rings: its hook comes 20 minutes before it.
        let tomorrow = try #require(try await f.core.get(id).nextFire)
        f.fakes.clock.set(tomorrow.adding(seconds: -Self.lead - 1))
        await f.core.wake()
        #expect(f.fakes.hooks.runs.isEmpty)
        await f.fireTimerOnce()
        #expect(Self.events(f) == ["before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-05T07:00:00+00:00")
    }

    @Test func aPausedAlarmRunsNoneAndResumingInsideTheWindowRunsItAtOnce() async throws {
        let f = try await WakeRequestTests.helper(Self.config())
        let id = try await f.addAlarm(minutesAhead: 60) { $0.repeatDays = Set(Weekday.allCases) }
        try await f.core.pauseUntil(id, CivilDate(year: 2027, month: 1, day: 6)!)
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.waker.held == fire.adding(seconds: -Self.lead - PlanWake.defaultLead))
        await f.advance(seconds: 50 * 60)
        #expect(f.fakes.hooks.runs.isEmpty)
        #expect(!f.fakes.sleepGuard.lidHeld)
        // 06:50: resumed, today's occurrence is planned inside its window.
        try await f.core.pauseUntil(id, nil)
        #expect(Self.events(f) == ["before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T07:00:00+00:00")
        #expect(f.fakes.sleepGuard.lidHeld)
    }

    @Test func unskippingInsideTheWindowRunsItAtOnce() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60) { $0.repeatDays = Set(Weekday.allCases) }
        try await f.core.skipNext(id)
        await f.advance(seconds: 50 * 60)
        #expect(f.fakes.hooks.runs.isEmpty)
        try await f.core.unskipNext(id)
        #expect(Self.events(f) == ["before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T07:00:00+00:00")
    }

    @Test func missedWhileAsleepItRunsAtOnceWhileTheAlarmIsAhead() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60)
        f.fakes.clock.suspend(for: 50 * 60)
        await f.fakes.timer.clockSet()
        #expect(Self.events(f) == ["before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T07:00:00+00:00")
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(Self.events(f) == ["before_ring", "ring"])
    }

    @Test func missedWhileAsleepPastTheRingItNeverRuns() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60)
        // Past the due second, within late_grace: it rings, without its before-ring hook.
        f.fakes.clock.suspend(for: 61 * 60)
        await f.fakes.timer.clockSet()
        #expect(await f.core.ringingAlarms == [id])
        #expect(Self.events(f) == ["ring"])
        // Past late_grace: reported missed, and nothing runs before it.
        let g = try await CoreFixture(config: Self.config())
        _ = try await g.addAlarm(minutesAhead: 60)
        g.fakes.clock.suspend(for: 60 * 60 + AgentConfig().lateGrace + 60)
        await g.fakes.timer.clockSet()
        #expect(Self.events(g) == ["missed"])
    }

    @Test func anAlarmAddedOrMovedInsideTheWindowRunsItAtOnce() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 10)
        #expect(Self.events(f) == ["before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T06:10:00+00:00")
        var changes = AlarmChanges()
        changes.time = WallTime(hour: 6, minute: 15)
        try await f.core.update(id, changes)
        #expect(Self.events(f) == ["before_ring", "before_ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T06:15:00+00:00")
        // A change that keeps the occurrence does not run it again.
        changes = AlarmChanges()
        changes.label = "Lights first"
        try await f.core.update(id, changes)
        #expect(Self.events(f).count == 2)
    }

    @Test func theClockSetBackAfterItRanDoesNotRunItTwice() async throws {
        let f = try await CoreFixture(config: Self.config())
        let id = try await f.addAlarm(minutesAhead: 60)
        await f.fireTimerOnce()
        #expect(Self.events(f) == ["before_ring"])
        f.fakes.clock.set(mondayMorning)
        await f.fakes.timer.clockSet()
        let fire = try #require(try await f.core.get(id).nextFire)
        // The same occurrence, planned again: the timer goes straight to its ring.
        #expect(f.fakes.timer.armedAt == PrepareRing().at(fire))
        await f.fireTimer()
        #expect(Self.events(f) == ["before_ring", "ring"])
    }

    @Test func aRestartInsideTheWindowRunsItAgainAtStart() async throws {
        let first = try await CoreFixture(config: Self.config())
        _ = try await first.addAlarm(minutesAhead: 60)
        await first.fireTimerOnce()
        let f = try await CoreFixture(now: first.fakes.clock.now(), store: first.fakes.store, config: Self.config())
        #expect(Self.events(f) == ["before_ring"])
    }

    @Test func theWakeComesBeforeTheHookAndTheMachineStaysUpUntilTheRing() async throws {
        let f = try await WakeRequestTests.helper(Self.config())
        let id = try await f.addAlarm(minutesAhead: 60)
        let fire = try #require(try await f.core.get(id).nextFire)
        let hookAt = fire.adding(seconds: -Self.lead)
        let wakeLead = PlanWake.defaultLead
        #expect(f.fakes.waker.held == hookAt.adding(seconds: -wakeLead))
        #expect(!f.fakes.sleepGuard.lidHeld)
        // The machine resumes at its wake: the alarm is near from here to its ring.
        f.fakes.clock.suspend(for: 60 * 60 - Self.lead - wakeLead)
        await f.fakes.timer.clockSet()
        #expect(f.fakes.sleepGuard.lidHeld && f.fakes.sleepGuard.sleepDelayHeld)
        #expect(f.fakes.hooks.runs.isEmpty)
        #expect(f.fakes.timer.armedAt == hookAt)
        await f.fireTimerOnce()
        #expect(Self.events(f) == ["before_ring"])
        // The hook has run: the wake held is the ring's, and the inhibitors stay.
        #expect(f.fakes.waker.held == fire.adding(seconds: -wakeLead))
        #expect(f.fakes.sleepGuard.lidHeld && f.fakes.sleepGuard.sleepDelayHeld)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sleepGuard.lidHeld)
        #expect(try await f.solve(id) == .dismissed)
        #expect(!f.fakes.sleepGuard.lidHeld && !f.fakes.sleepGuard.sleepDelayHeld)
        #expect(f.fakes.waker.held == nil)
    }

    @Test func goingToSleepAfterTheHookRanWakesThirtySecondsLater() async throws {
        let f = try await WakeRequestTests.helper(Self.config())
        _ = try await f.addAlarm(minutesAhead: 60)
        await f.fireTimerOnce()
        #expect(Self.events(f) == ["before_ring"])
        f.fakes.inbox.yield(.preparingForSleep)
        await f.fakes.inbox.settled()
        #expect(f.fakes.waker.beforeSleep == [f.fakes.clock.now().adding(seconds: PlanWake.beforeSleep)])
    }

    @Test func keepAwakeCountsFromTheHookWhenTheTimerCannotWakeTheMachine() async throws {
        var config = Self.config()
        config.keepAwake = 3600
        let f = try await CoreFixture(config: config, timerWakesMachine: false)
        let id = try await f.addAlarm(minutesAhead: 120)
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.timer.armedAt == fire.adding(seconds: -Self.lead - 3600))
        await f.fireTimerOnce()
        #expect(f.fakes.sleepGuard.isHeld)
    }

    @Test func withoutOnBeforeRingNothingChanges() async throws {
        var config = AgentConfig()
        config.beforeRing = 30 * 60
        let f = try await WakeRequestTests.helper(config)
        let id = try await f.addAlarm(minutesAhead: 60)
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(fire))
        #expect(f.fakes.waker.held == fire.adding(seconds: -PlanWake.defaultLead))
        f.fakes.clock.suspend(for: 50 * 60)
        await f.fakes.timer.clockSet()
        #expect(!f.fakes.sleepGuard.lidHeld)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.hooks.runs.isEmpty)
    }
}
