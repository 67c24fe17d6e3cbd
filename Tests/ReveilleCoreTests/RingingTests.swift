import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

@Suite struct RingingTests {
    @Test func dueAlarmRingsWithSoundNotificationAndSignal() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.label = "Wake up" }
        await f.fireTimer()
        #expect(f.fakes.clock.now() == mondayMorning.adding(seconds: 300))
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.fakes.notifier.shown(id)?.summary.english == "Wake up")
        #expect(f.fakes.notifier.shown(id)?.snoozeLabel?.english == "Snooze 5 min")
        #expect(f.events.all.contains(.ringing(id, label: "Wake up", snoozeCount: 0)))
        #expect(f.events.all.contains(.ringingAlarmsChanged([id])))
    }

    @Test func snoozeUnderTheLimitSilencesAndRingsAgainLater() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let until = try await f.core.snooze(id)
        #expect(until == f.fakes.clock.now().adding(seconds: 300))
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(f.fakes.notifier.shown(id) == nil)
        #expect(f.events.all.contains(.snoozed(id, snoozeCount: 1, until: until)))
        #expect(try await f.core.get(id).nextFire == until)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(until))
        await f.fireTimer()
        #expect(f.fakes.sound.isPlaying(id))
        #expect(try await f.core.get(id).snoozeCount == 1)
    }

    @Test func atTheLimitSnoozeIsRefusedAndTheNotificationOffersNoSnooze() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.maxSnoozes = 1 }
        await f.fireTimer()
        _ = try await f.core.snooze(id)
        await f.fireTimer()
        #expect(f.fakes.notifier.shown(id)?.snoozeLabel?.english == nil)
        await #expect(throws: AgentError.snoozeLimitReached(id)) { try await f.core.snooze(id) }
        #expect(f.fakes.sound.isPlaying(id))
    }

    @Test func aStaleSnoozeClickAtTheLimitOpensTheChallenge() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.maxSnoozes = 0 }
        await f.fireTimer()
        await f.core.notificationAction(id, "snooze")
        #expect(f.fakes.terminal.openedFor == [id])
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func triggerOnASnoozedAlarmRingsWithinTheSameRun() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        _ = try await f.core.snooze(id)
        try await f.core.trigger(id)
        #expect(await f.core.ringingAlarms == [id])
        #expect(try await f.core.get(id).snoozeCount == 1)
        try await f.core.trigger(id)
        #expect(f.events.all.filter { if case .ringing = $0 { true } else { false } }.count == 2)
    }

    @Test func nothingButTheChallengeStopsARingingAlarm() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        var changes = AlarmChanges()
        changes.label = "off"
        await #expect(throws: AgentError.alarmActive(id)) { try await f.core.update(id, changes) }
        await #expect(throws: AgentError.alarmActive(id)) { try await f.core.remove(id) }
        await #expect(throws: AgentError.alarmActive(id)) { try await f.core.setEnabled(id, false) }
        try await f.core.dismiss(id)
        f.fakes.clock.advance(by: 5)
        try await f.core.dismiss(id)
        await f.core.challengeAbandoned(id)
        _ = try await f.core.submit(id, answer: "not a number")
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.fakes.terminal.openedFor == [id, id])
    }

    @Test func dismissStartsTheChallengeAndOpensATerminalButKeepsRinging() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        try await f.core.dismiss(id)
        let view = try await f.core.challenge(id)
        #expect(view.index == 0 && view.total == 1 && view.kind == .math && view.attempts == 0)
        #expect(view.deadline == f.fakes.clock.now().adding(seconds: 60))
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.events.all.contains(.challengeChanged(id)))
    }

    @Test func beginChallengeRingsASnoozedAlarmAgainAndStartsItsChallengeWithoutATerminal() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        _ = try await f.core.snooze(id)
        #expect(!f.fakes.sound.isPlaying(id))
        let view = try await f.core.beginChallenge(id)
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sound.isPlaying(id))
        #expect(try await f.core.get(id).snoozeCount == 1)
        #expect(f.events.all.contains(.challengeChanged(id)))
        #expect(view.index == 0 && view.total == 1 && view.kind == .math && view.attempts == 0)
        #expect(try await f.core.challenge(id) == view)
        #expect(f.fakes.terminal.openedFor.isEmpty)
        // Again, it resumes the same problem.
        #expect(try await f.core.beginChallenge(id) == view)
        #expect(f.fakes.terminal.openedFor.isEmpty)
    }

    @Test func beginChallengeOnAnIdleAlarmIsNotRingingAndChangesNothing() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm()
        await #expect(throws: AgentError.notRinging(id)) { try await f.core.beginChallenge(id) }
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(!f.fakes.sound.isPlaying(id))
        let other = try #require(AlarmID("3f2a0000-0000-4000-8000-000000000000"))
        await #expect(throws: AgentError.notFound(other.rawValue)) { try await f.core.beginChallenge(other) }
    }

    @Test func aMissingTerminalIsAnErrorAndTheAlarmRingsOn() async throws {
        let f = try await CoreFixture(terminalMissing: true)
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        await #expect(throws: AgentError.self) { try await f.core.dismiss(id) }
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func ringingOnlyRequestsOnAQuietAlarmAreNotRinging() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm()
        await #expect(throws: AgentError.notRinging(id)) { try await f.core.snooze(id) }
        await #expect(throws: AgentError.notRinging(id)) { try await f.core.dismiss(id) }
        await #expect(throws: AgentError.notRinging(id)) { try await f.core.challenge(id) }
        await #expect(throws: AgentError.notRinging(id)) { try await f.core.submit(id, answer: "1") }
    }

    @Test func aClockJumpBackKeepsAOneTimeAlarmsInstantAndAJumpPastItRingsIt() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 60)
        let due = try #require(await f.core.nextFire?.at)
        // Disarmed by hand, so that an armed timer afterwards shows the core handled the jump.
        f.fakes.timer.arm(at: nil)
        f.fakes.clock.advance(by: -86_400)
        await f.fakes.timer.clockSet()
        #expect(f.fakes.timer.armedAt == PrepareRing().at(due))
        #expect(await f.core.nextFire?.at == due)
        #expect(await f.core.ringingAlarms.isEmpty)
        f.fakes.clock.set(due.adding(seconds: 120))
        await f.fakes.timer.clockSet()
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func nobodyDismissingWithinNudgeAfterRaisesTheVolumeAndRepostsOnce() async throws {
        var config = AgentConfig()
        config.nudgeAfter = 120
        // No wake renewed each minute of the ring: the timer's next deadline is the nudge.
        config.wakeFromSuspend = false
        let f = try await CoreFixture(config: config)
        let id = try await f.addAlarm(minutesAhead: 5) { $0.volume = 0.4 }
        await f.fireTimer()
        let posts = f.fakes.notifier.posts
        #expect(f.fakes.timer.armedAt == f.fakes.clock.now().adding(seconds: 120))
        #expect(f.fakes.sound.raised.isEmpty)
        #expect(f.fakes.sound.volume(of: id) == 0.4)
        await f.fireTimer()
        #expect(f.fakes.notifier.posts == posts + 1)
        #expect(f.fakes.sound.raised == [id])
        // Full volume, not the alarm's 0.4, which was already playing once the fade-in ended.
        #expect(f.fakes.sound.volume(of: id) == 1.0)
        await f.advance(seconds: 600)
        #expect(f.fakes.notifier.posts == posts + 1)
        #expect(f.fakes.sound.raised == [id])
    }
}
