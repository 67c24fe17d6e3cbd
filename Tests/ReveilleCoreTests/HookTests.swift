import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleText
import ReveilleTime
import Testing

@Suite struct HookTests {
    static func allHooks() -> AgentConfig {
        var config = AgentConfig()
        // The before-ring hook runs on a timer of its own: BeforeRingTests.
        for event in HookEvent.allCases where event != .beforeRing {
            config.hooks[event] = ["/usr/local/bin/on-\(event.rawValue)", "--flag"]
        }
        return config
    }

    @Test func ringSnoozeAndDismissRunTheirHooksWithTheOccurrencesOwnDueTime() async throws {
        let f = try await CoreFixture(config: Self.allHooks())
        let id = try await f.addAlarm(minutesAhead: 5) { $0.label = "Wake up" }
        await f.fireTimer()
        _ = try await f.core.snooze(id)
        await f.fireTimer()
        #expect(try await f.solve(id) == .dismissed)
        let due = "2027-01-04T06:05:00+00:00"
        let expected: [(String, String)] = [("ring", "0"), ("snooze", "1"), ("ring", "1"), ("dismiss", "1")]
        #expect(f.fakes.hooks.runs.map(\.argv) == expected.map { ["/usr/local/bin/on-\($0.0)", "--flag"] })
        #expect(f.fakes.hooks.environments == expected.map { event, snoozes in
            ["REVEILLE_EVENT": event, "REVEILLE_ALARM_ID": id.rawValue, "REVEILLE_LABEL": "Wake up",
             "REVEILLE_DUE": due, "REVEILLE_SNOOZE_COUNT": snoozes]
        })
    }

    @Test func aSnoozedRunFromBeforeARestartKeepsItsDueTime() async throws {
        let first = try await CoreFixture(config: Self.allHooks())
        let id = try await first.addAlarm(minutesAhead: 5)
        await first.advance(seconds: 5 * 60 + 20)
        _ = try await first.core.snooze(id)
        let f = try await CoreFixture(now: first.fakes.clock.now(), store: first.fakes.store, config: Self.allHooks())
        await f.fireTimer()
        #expect(f.fakes.hooks.environments.map { $0["REVEILLE_EVENT"] } == ["ring"])
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T06:05:00+00:00")
    }

    @Test func aMissedOccurrenceRunsOnMissedWithItsDueTime() async throws {
        let f = try await CoreFixture(config: Self.allHooks())
        let id = try await f.addAlarm(minutesAhead: 5)
        // Asleep through the due second and past late_grace.
        f.fakes.clock.suspend(for: 5 * 60 + AgentConfig().lateGrace + 60)
        await f.core.wake()
        #expect(f.fakes.hooks.environments == [
            ["REVEILLE_EVENT": "missed", "REVEILLE_ALARM_ID": id.rawValue, "REVEILLE_LABEL": "Alarm",
             "REVEILLE_DUE": "2027-01-04T06:05:00+00:00", "REVEILLE_SNOOZE_COUNT": "0"],
        ])
    }

    @Test func aTriggeredRingIsDueWhenItWasTriggeredAndALateOneWhenItWasPlanned() async throws {
        let f = try await CoreFixture(config: Self.allHooks())
        let id = try await f.addAlarm(minutesAhead: 5)
        try await f.core.trigger(id)
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T06:00:00+00:00")
        #expect(try await f.solve(id) == .dismissed)
        let later = try await f.addAlarm(minutesAhead: 10)
        await f.advance(seconds: 20 * 60)
        #expect(f.fakes.hooks.environments.last?["REVEILLE_ALARM_ID"] == later.rawValue)
        #expect(f.fakes.hooks.environments.last?["REVEILLE_DUE"] == "2027-01-04T06:10:00+00:00")
    }

    @Test func aFailedHookIsANonBlockingNoteUntilThatHookRunsFine() async throws {
        let f = try await CoreFixture(config: Self.allHooks())
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        f.fakes.hooks.runs[0].finished(.failed(.verbatim("'on-ring' exited with status 3")))
        try await waitUntil { await f.core.preflight().reasons.contains("hook-failed") }
        #expect(await f.core.preflight().ok)
        let sentence = await f.core.preflightDetails()["hook-failed"]
        #expect(sentence?.contains("on_ring: 'on-ring' exited with status 3") == true)
        // The hook neither delays nor changes ringing.
        #expect(f.fakes.sound.isPlaying(id) && f.fakes.notifier.shown(id) != nil)
        _ = try await f.core.snooze(id)
        f.fakes.hooks.runs[1].finished(.succeeded)
        await f.fireTimer()
        f.fakes.hooks.runs[2].finished(.succeeded)
        try await waitUntil { await !f.core.preflight().reasons.contains("hook-failed") }
    }

    @Test func withoutHooksNothingRuns() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        _ = try await f.core.snooze(id)
        #expect(f.fakes.hooks.runs.isEmpty)
    }
}
