@testable import ReveilleCore
import ReveilleDomain
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The world's events reach the core through one ordered inbox, and the agent stops in order.
@Suite struct EventStreamTests {
    @Test func aShutdownStopsTheSoundThenWithdrawsTheNotificationsThenWritesThenClosesTheStore() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        // A wrong answer whose write fails waits in memory for its retry.
        _ = try await f.core.challenge(id)
        f.fakes.store.failWrites(true)
        _ = try await f.core.submit(id, answer: "not a number")
        f.fakes.store.failWrites(false)
        let before = f.fakes.journal.all.count

        await f.fakes.inbox.finish()
        #expect(Array(f.fakes.journal.all.dropFirst(before)) == [
            "sound of \(id) stops",
            "notification of \(id) withdrawn",
            "store saves the run of \(id)",
            "store closes",
        ])
        // The run stays open in the store: it rings again at the next start.
        #expect(f.fakes.store.contents.openRuns.map(\.alarmId) == [id])
        #expect(f.fakes.store.contents.sessions[id]?.attempts == 1)
    }

    @Test func eventsAreHandledInTheOrderTheyCame() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        f.fakes.clock.advance(by: 5 * 60)
        // The click comes after the timer that made the alarm ring: handled in that order, it snoozes.
        f.fakes.inbox.yield(.timerExpired)
        f.fakes.inbox.yield(.notificationAction(id, "snooze"))
        await f.fakes.inbox.settled()
        #expect(try await f.core.get(id).snoozeCount == 1)
        #expect(await f.core.ringingAlarms.isEmpty)
    }

    @Test func eventsYieldedBeforeTheFinishAreHandledAndLaterOnesAreDropped() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        f.fakes.clock.advance(by: 5 * 60)
        f.fakes.inbox.yield(.timerExpired)
        await f.fakes.inbox.finish()
        // The timer's event came before the finish: the alarm rang before the core shut down.
        #expect(f.events.all.contains(.ringing(id, label: "Alarm", snoozeCount: 0)))
        #expect(f.fakes.journal.all.last == "store closes")
        // Nothing handles a click after the finish, and nobody waits for it.
        f.fakes.inbox.yield(.notificationAction(id, "snooze"))
        await f.fakes.inbox.settled()
        #expect(f.fakes.store.contents.openRuns.map(\.snoozeCount) == [0])
        #expect(!f.events.all.contains { if case .snoozed = $0 { true } else { false } })
    }

    @Test func aClosedChallengeIsKnownTheAlarmRingsOnAndDismissOpensANewTerminal() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id])

        // The captcha in that terminal is on the bus: a second Dismiss, however much later, opens no second terminal.
        _ = try await f.core.beginChallenge(id)
        f.fakes.inbox.yield(.challengeOpened(id))
        await f.fakes.inbox.settled()
        f.fakes.clock.advance(by: 30)
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id])

        // The captcha goes away: the problem it showed is aborted, the alarm rings on.
        f.fakes.inbox.yield(.challengeClosed(id))
        await f.fakes.inbox.settled()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.fakes.store.contents.openRuns.first?.challengeRuns.map(\.outcome) == [.aborted])
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id, id])

        // The new captcha begins the challenge again and picks the same problem up, pending once more.
        _ = try await f.core.beginChallenge(id)
        f.fakes.inbox.yield(.challengeOpened(id))
        await f.fakes.inbox.settled()
        #expect(f.fakes.store.contents.openRuns.first?.challengeRuns.map(\.outcome) == [.aborted, .pending])
        #expect(try await f.solve(id) == .dismissed)
    }
}

/// Dismiss opens a terminal whoever else reads the challenge: only a captcha the agent started,
/// while it is on the bus, or a launch a moment ago, keeps a second one from opening.
@Suite struct DismissOpensATerminalTests {
    @Test func readingTheChallengeDoesNotStopDismissFromOpeningATerminal() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        // A status-bar script reads the challenge and begins it, and stays on the bus.
        _ = try await f.core.challenge(id)
        _ = try await f.core.beginChallenge(id)
        _ = try await f.core.submit(id, answer: "not a number")
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id])
        f.fakes.inbox.yield(.notificationAction(id, "dismiss"))
        await f.fakes.inbox.settled()
        #expect(f.fakes.terminal.openedFor == [id], "a second click within the debounce opens nothing more")
        // No captcha came up on the bus (the terminal failed): a later click opens one again.
        f.fakes.clock.advance(by: CaptchaPresence.debounceSeconds)
        f.fakes.inbox.yield(.notificationAction(id, "dismiss"))
        await f.fakes.inbox.settled()
        #expect(f.fakes.terminal.openedFor == [id, id])
    }

    @Test func aDoubleClickOpensOneTerminal() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        f.fakes.inbox.yield(.notificationAction(id, "dismiss"))
        f.fakes.inbox.yield(.notificationAction(id, "dismiss"))
        await f.fakes.inbox.settled()
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id])
    }

    @Test func aCaptchaLeftOverFromBeforeASnoozeDoesNotKeepDismissFromOpeningOne() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.snoozeMinutes = 1; $0.maxSnoozes = 2 }
        await f.fireTimer()
        try await f.core.dismiss(id)
        f.fakes.inbox.yield(.challengeOpened(id))
        await f.fakes.inbox.settled()
        _ = try await f.core.snooze(id)
        f.fakes.clock.advance(by: 60)
        await f.fireTimerOnce()
        #expect(await f.core.ringingAlarms == [id])
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id, id])
    }

    @Test func aCaptchaOpenedForAnAlarmThatNoLongerRingsIsIgnored() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        f.fakes.inbox.yield(.challengeOpened(id))
        await f.fakes.inbox.settled()
        await f.fireTimer()
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id])
    }

    @Test func aTerminalThatDiedIsNoticedOnceAndTheNotificationSaysHowToStopTheAlarm() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        try await f.core.dismiss(id)
        f.fakes.inbox.yield(.challengeTerminalFailed(id, "konsole ended (killed by signal 6) before the challenge came up"))
        await f.fakes.inbox.settled()
        #expect(f.fakes.notifier.notices == ["The challenge terminal did not open"])
        #expect(f.fakes.notifier.shown(id)?.body.english.contains("reveille dismiss") == true)
        #expect(await f.core.ringingAlarms == [id])
        // The next Dismiss tries again at once, and a second failure tells nothing new.
        try await f.core.dismiss(id)
        #expect(f.fakes.terminal.openedFor == [id, id])
        f.fakes.inbox.yield(.challengeTerminalFailed(id, "konsole ended (killed by signal 6) before the challenge came up"))
        await f.fakes.inbox.settled()
        #expect(f.fakes.notifier.notices.count == 1)
    }
}
