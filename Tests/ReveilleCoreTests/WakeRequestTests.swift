import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The wakes the core asks of the machine's waker (issue 20, section 2) and the inhibitors it holds
/// while an alarm is near (section 3): which instant, when sent, when cancelled.
@Suite struct WakeRequestTests {
    static let lead = PlanWake.defaultLead

    static func helper(_ config: AgentConfig = AgentConfig()) async throws -> CoreFixture {
        let f = try await CoreFixture(config: config)
        await f.fakes.waker.set(.helper, inbox: f.fakes.inbox)
        return f
    }

    @Test func nothingDueHoldsNoWakeAndAnAlarmHoldsItsFireLessWakeLead() async throws {
        let f = try await Self.helper()
        #expect(f.fakes.waker.holds == [nil])
        let id = try await f.addAlarm(minutesAhead: 60)
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.waker.held == fire.adding(seconds: -Self.lead))
        // Only a change goes out: a re-plan for something else sends nothing new.
        await f.advance(seconds: 5)
        #expect(f.fakes.waker.holds == [nil, fire.adding(seconds: -Self.lead)])
    }

    @Test func movingTheAlarmMovesTheWakeAndRemovingItCancelsIt() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 60)
        var changes = AlarmChanges()
        let later = f.fakes.zone.current().localDateTime(at: f.fakes.clock.now().adding(seconds: 3 * 3600))
        changes.time = later.time
        try await f.core.update(id, changes)
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.waker.held == fire.adding(seconds: -Self.lead))
        try await f.core.remove(id)
        #expect(f.fakes.waker.held == nil)
        #expect(f.fakes.waker.holds.last == .some(nil))
    }

    @Test func theEarliestOfTwoAlarmsAndAWakeLeadFromTheConfigurationIsHeld() async throws {
        var config = AgentConfig()
        config.wakeLead = 600
        let f = try await Self.helper(config)
        _ = try await f.addAlarm(minutesAhead: 120)
        let early = try await f.addAlarm(minutesAhead: 45)
        let fire = try #require(try await f.core.get(early).nextFire)
        #expect(f.fakes.waker.held == fire.adding(seconds: -600))
    }

    @Test func whileRingingAWakeStaysAMinuteAheadRenewedEachMinuteAndASnoozeHoldsItsEnd() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        let rang = f.fakes.clock.now()
        #expect(f.fakes.waker.held == rang.adding(seconds: 60))
        #expect(f.fakes.timer.armedAt == rang.adding(seconds: 60))
        await f.fireTimer()
        #expect(f.fakes.waker.held == rang.adding(seconds: 120))
        let until = try await f.core.snooze(id)
        #expect(f.fakes.waker.held == until.adding(seconds: -Self.lead))
        _ = try await f.core.beginChallenge(id)
        #expect(try await f.solve(id) == .dismissed)
        // A one-time alarm, solved: nothing is due.
        #expect(f.fakes.waker.held == nil)
    }

    @Test func aWakeUpCheckHoldsAWakeBeforeItsQuestion() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.wakeCheck = 10 }
        await f.fireTimer()
        #expect(try await f.solve(id) == .dismissed)
        let asked = f.fakes.clock.now().adding(seconds: 600)
        #expect(f.fakes.waker.held == asked.adding(seconds: -Self.lead))
    }

    @Test func wakeFromSuspendOffHoldsNoWakeAndSaysWhy() async throws {
        var config = AgentConfig()
        config.wakeFromSuspend = false
        let f = try await Self.helper(config)
        _ = try await f.addAlarm(minutesAhead: 60)
        #expect(f.fakes.waker.held == nil)
        #expect(await f.core.wakeStatus.waker == .nothing(.turnedOff))
        #expect(await f.core.preflight().reasons.contains("wake-from-suspend-unavailable"))
        let details = await f.core.preflightDetails()
        #expect(details["wake-from-suspend-unavailable"]?.contains("wake_from_suspend = no") == true)
    }

    @Test func aWorkingHelperCountsAsCanWakeForKeepAwakeAndALostOneDoesNot() async throws {
        let f = try await Self.helper()
        _ = try await f.addAlarm(minutesAhead: 30)
        #expect(!f.fakes.sleepGuard.isHeld)
        #expect(await f.core.preflight().reasons.isEmpty)
        await f.fakes.waker.set(.nothing(.refused("polkit said no")), inbox: f.fakes.inbox)
        #expect(f.fakes.sleepGuard.isHeld)
        #expect(await f.core.preflight().reasons == ["wake-from-suspend-unavailable"])
        let details = await f.core.preflightDetails()
        #expect(details["wake-from-suspend-unavailable"]?.contains("polkit refused") == true)
        #expect(details[PreflightNotes.wakeStateKey]?.contains("Nothing can wake") == true)
        await f.fakes.waker.set(.helper, inbox: f.fakes.inbox)
        #expect(!f.fakes.sleepGuard.isHeld)
    }

    @Test func wakeStateFollowsTheWakeHeldAndIsAnnouncedWhenItChanges() async throws {
        let f = try await Self.helper()
        #expect(await f.core.wakeStatus.stateName == "none")
        let id = try await f.addAlarm(minutesAhead: 60)
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(await f.core.wakeStatus.stateName == "helper")
        #expect(f.events.all.contains(.wakeStateChanged("helper", fire.adding(seconds: -Self.lead))))
        let details = await f.core.preflightDetails()
        #expect(details[PreflightNotes.wakeStateKey]?.contains("reveille-waked wakes this machine") == true)
    }

    @Test func theLidAndSleepInhibitorsAreHeldFromTheWakeUntilTheRunEnds() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 30)
        #expect(!f.fakes.sleepGuard.lidHeld)
        // The machine resumes at its wake: the alarm is near.
        f.fakes.clock.advance(by: 30 * 60 - Self.lead)
        await f.fakes.timer.clockSet()
        #expect(f.fakes.sleepGuard.lidHeld && f.fakes.sleepGuard.sleepDelayHeld)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sleepGuard.lidHeld && f.fakes.sleepGuard.sleepDelayHeld)
        _ = try await f.core.snooze(id)
        #expect(f.fakes.sleepGuard.lidHeld)
        _ = try await f.core.beginChallenge(id)
        #expect(try await f.solve(id) == .dismissed)
        #expect(!f.fakes.sleepGuard.lidHeld && !f.fakes.sleepGuard.sleepDelayHeld)
    }

    @Test func blockSleepWhileRingingOffHoldsNoInhibitor() async throws {
        var config = AgentConfig()
        config.blockSleepWhileRinging = false
        let f = try await Self.helper(config)
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(!f.fakes.sleepGuard.lidHeld)
    }

    @Test func goingToSleepWhileRingingSetsAWakeThirtySecondsAheadThenLetsTheSleepDelayGo() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        f.fakes.clock.advance(by: 10)
        f.fakes.inbox.yield(.preparingForSleep)
        await f.fakes.inbox.settled()
        #expect(f.fakes.waker.beforeSleep == [f.fakes.clock.now().adding(seconds: 30)])
        #expect(f.fakes.sleepGuard.letSleeps == 1)
        #expect(!f.fakes.sleepGuard.sleepDelayHeld)
        // After the resume the delay is taken again, and the ring's wake sent again.
        await f.fakes.timer.clockSet()
        #expect(f.fakes.sleepGuard.sleepDelayHeld)
    }

    @Test func goingToSleepWithNothingNearSendsThePlannedWakeAgain() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 60)
        let fire = try #require(try await f.core.get(id).nextFire)
        f.fakes.inbox.yield(.preparingForSleep)
        await f.fakes.inbox.settled()
        #expect(f.fakes.waker.beforeSleep == [fire.adding(seconds: -Self.lead)])
        #expect(f.fakes.sleepGuard.letSleeps == 1)
    }

    @Test func anHourOfRingingWithNobodyAnsweringEndsTheRunAsMissedAndLetsTheMachineSleep() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.repeatDays = Set(Weekday.allCases) }
        await f.fireTimer()
        let rang = f.fakes.clock.now()
        await f.advance(seconds: 3599)
        #expect(await f.core.ringingAlarms == [id])
        await f.advance(seconds: 1)
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(!f.fakes.sleepGuard.lidHeld)
        #expect(f.fakes.notifier.notices.contains { $0.hasPrefix("Missed alarm") })
        // The next occurrence, a day on, is what the waker holds now.
        #expect(f.fakes.waker.held == rang.adding(seconds: 86_400 - Self.lead))
    }

    @Test func aDyingBatteryEndsARingingRunAsMissed() async throws {
        let f = try await Self.helper()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        f.fakes.battery.set(8)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(!f.fakes.sleepGuard.lidHeld)
        #expect(f.fakes.waker.held == nil)
    }
}
