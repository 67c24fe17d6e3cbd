import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The core holds the idle-suspend inhibitor while an alarm it cannot wake the machine for is close.
@Suite struct KeepAwakeTests {
    static func config(keepAwake: Int64 = 3600) -> AgentConfig {
        var config = AgentConfig()
        config.keepAwake = keepAwake
        return config
    }

    @Test func heldWhenAnAlarmIsDueWithinKeepAwakeAndTheTimerCannotWake() async throws {
        let f = try await CoreFixture(config: Self.config(), timerWakesMachine: false)
        #expect(!f.fakes.sleepGuard.isHeld)
        _ = try await f.addAlarm(minutesAhead: 30)
        #expect(f.fakes.sleepGuard.isHeld)
    }

    @Test func notHeldWhenTheTimerCanWakeTheMachine() async throws {
        let f = try await CoreFixture(config: Self.config(), timerWakesMachine: true)
        _ = try await f.addAlarm(minutesAhead: 30)
        #expect(!f.fakes.sleepGuard.isHeld)
        await f.fireTimer()
        #expect(!f.fakes.sleepGuard.isHeld)
    }

    @Test func notHeldWhenKeepAwakeIsZero() async throws {
        let f = try await CoreFixture(config: Self.config(keepAwake: 0), timerWakesMachine: false)
        let id = try await f.addAlarm(minutesAhead: 30)
        #expect(!f.fakes.sleepGuard.isHeld)
        let fire = try await f.core.get(id).nextFire
        #expect(f.fakes.timer.armedAt == fire.map(PrepareRing().at))
    }

    @Test func notHeldWhenNoAlarmIsCloseButTakenWhenTimePassesIntoTheWindow() async throws {
        let f = try await CoreFixture(config: Self.config(), timerWakesMachine: false)
        let id = try await f.addAlarm(minutesAhead: 120)
        #expect(!f.fakes.sleepGuard.isHeld)
        let fire = try #require(try await f.core.get(id).nextFire)
        #expect(f.fakes.timer.armedAt == fire.adding(seconds: -3600))
        await f.fireTimer()
        #expect(f.fakes.sleepGuard.isHeld)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(fire))
        #expect(await f.core.ringingAlarms.isEmpty)
    }

    @Test func releasedWhenTheAlarmIsRemoved() async throws {
        let f = try await CoreFixture(config: Self.config(), timerWakesMachine: false)
        let id = try await f.addAlarm(minutesAhead: 30)
        #expect(f.fakes.sleepGuard.isHeld)
        try await f.core.remove(id)
        #expect(!f.fakes.sleepGuard.isHeld)
    }

    @Test func heldWhileRingingAndReleasedWhenDismissed() async throws {
        let f = try await CoreFixture(config: Self.config(), timerWakesMachine: false)
        let id = try await f.addAlarm(minutesAhead: 30)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sleepGuard.isHeld)
        #expect(try await f.solve(id) == .dismissed)
        #expect(!f.fakes.sleepGuard.isHeld)
        #expect(f.fakes.sleepGuard.holds == 1)
    }
}
