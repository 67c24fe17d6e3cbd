import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

@Suite struct ChallengeTests {
    @Test func solvingTheStackStopsTheAlarmAndDisablesAOneTimeAlarm() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) {
            $0.challenges = [.new(.math(difficulty: .hard, timeLimit: 60)), .new(.typing(words: 2)), .new(.qr(expected: "KITCHEN-1"))]
        }
        await f.fireTimer()
        _ = try await f.core.snooze(id)
        await f.fireTimer()
        #expect(try await f.solve(id) == .correct)
        #expect(try await f.core.challenge(id).index == 1)
        #expect(try await f.solve(id) == .correct)
        #expect(try await f.core.challenge(id).prompt.contains("code"))
        #expect(try await f.core.submit(id, answer: "kitchen-1").0 == .wrong)
        #expect(try await f.core.submit(id, answer: "KITCHEN-1").0 == .dismissed)
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(f.fakes.notifier.shown(id) == nil)
        #expect(f.events.all.contains(.dismissed(id)))
        let snapshot = try await f.core.get(id)
        #expect(!snapshot.alarm.isEnabled && snapshot.snoozeCount == 0 && snapshot.nextFire == nil)
    }

    @Test func aSolvedRepeatingAlarmIsPlannedForItsNextOccurrence() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.repeatDays = [.monday, .wednesday] }
        await f.fireTimer()
        #expect(try await f.solve(id) == .dismissed)
        let snapshot = try await f.core.get(id)
        #expect(snapshot.alarm.isEnabled)
        #expect(snapshot.nextFire == mondayMorning.adding(seconds: 300 + 2 * 86_400))
    }

    @Test func aWrongAnswerGivesANewProblemAndCountsAnAttempt() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let first = try await f.core.challenge(id)
        let (outcome, next) = try await f.core.submit(id, answer: "-1")
        #expect(outcome == .wrong)
        #expect(next?.attempts == 1)
        #expect(next?.index == first.index)
    }

    @Test func threeFailuresLockAnswersOutUntilTheCooldownEnds() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        _ = try await f.core.challenge(id)
        #expect(try await f.core.submit(id, answer: "x").0 == .wrong)
        #expect(try await f.core.submit(id, answer: "x").0 == .wrong)
        let (outcome, view) = try await f.core.submit(id, answer: "x")
        let until = f.fakes.clock.now().adding(seconds: 30)
        #expect(outcome == .locked && view?.lockedUntil == until)
        await #expect(throws: AgentError.lockedOut(until: until)) { try await f.core.submit(id, answer: "1") }
        #expect(f.fakes.timer.armedAt == until)
        await f.fireTimer()
        #expect(f.events.all.filter { $0 == .challengeChanged(id) }.count >= 5)
        #expect(try await f.solve(id) == .dismissed)
    }

    @Test func anUnansweredProblemTimesOutIntoANewOneWithoutCountingAnAttempt() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let first = try await f.core.challenge(id)
        await f.advance(seconds: 61)
        let second = try await f.core.challenge(id)
        #expect(second.deadline == f.fakes.clock.now().adding(seconds: 60))
        #expect(second.deadline != first.deadline && second.attempts == 0)
    }

    @Test func aLateAnswerIsATimeout() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let view = try await f.core.challenge(id)
        f.fakes.clock.advance(by: 61)
        #expect(try await f.core.submit(id, answer: answer(to: view.prompt)).0 == .timeout)
    }

    @Test func aRestartWhileRingingRingsAgainAndResumesTheSameChallenge() async throws {
        let store = FakeStore()
        let f = try await CoreFixture(store: store)
        let id = try await f.addAlarm(minutesAhead: 5) {
            $0.challenges = [.new(.typing(words: 1)), .new(.math(difficulty: .easy, timeLimit: 60))]
        }
        await f.fireTimer()
        #expect(try await f.solve(id) == .correct)
        let before = try await f.core.challenge(id)

        let restarted = try await CoreFixture(now: f.fakes.clock.now().adding(seconds: 5), store: store)
        #expect(await restarted.core.ringingAlarms == [id])
        #expect(restarted.fakes.sound.isPlaying(id))
        #expect(restarted.fakes.notifier.shown(id) != nil)
        let after = try await restarted.core.challenge(id)
        #expect(after == before)
        #expect(try await restarted.solve(id) == .dismissed)
    }

    @Test func aMissedAlarmWithinGraceRingsAndBeyondGraceIsRecordedAndNoticed() async throws {
        let store = FakeStore()
        let f = try await CoreFixture(store: store)
        let soon = try await f.addAlarm(minutesAhead: 5) { $0.label = "soon" }
        let early = try await f.addAlarm(minutesAhead: 1) { $0.repeatDays = [.monday] }

        // The agent was down until 06:40: the 06:05 alarm is 35 min late (within grace), the 06:01 one 39 min (beyond).
        var config = AgentConfig()
        config.lateGrace = 36 * 60
        let restarted = try await CoreFixture(now: mondayMorning.adding(seconds: 40 * 60), store: store, config: config)
        #expect(await restarted.core.ringingAlarms == [soon])
        #expect(store.missed.map(\.0) == [early])
        #expect(restarted.fakes.notifier.notices.count == 1)
        #expect(try await restarted.core.get(early).nextFire == mondayMorning.adding(seconds: 60 + 7 * 86_400))
    }

    @Test func preflightBlocksOnMissingPiecesAndOnlyNotesTheRest() async throws {
        let f = try await CoreFixture()
        #expect(await f.core.preflight().ok)
        f.fakes.health.set(HealthSnapshot(permissions: [.notifications: true, .sound: true, .terminal: false, .database: true],
                                          lowPowerModeOn: true))
        let result = await f.core.preflight()
        #expect(!result.ok && result.reasons == ["terminal-missing", "low-power-mode"])
    }
}

/// A snooze takes the problem off every screen: `ChallengeChanged` says so, and an answer to the
/// problem from before it is not checked and counts for nothing (issue 22 A.4).
@Suite struct SnoozeAndTheScreenTests {
    @Test func aSnoozeSaysTheChallengeChangedAndAnAnswerFromBeforeItCountsForNothing() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.snoozeMinutes = 1; $0.maxSnoozes = 3 }
        await f.fireTimer()
        let shown = try await f.core.challenge(id)
        let before = f.events.all.count
        _ = try await f.core.snooze(id)
        #expect(Array(f.events.all.dropFirst(before)).contains(.challengeChanged(id)))
        await f.advance(seconds: 60)
        #expect(await f.core.ringingAlarms == [id])
        // The right answer to the problem still on the old screen.
        let (outcome, next) = try await f.core.submit(id, answer: answer(to: shown.prompt))
        #expect(outcome == .stale)
        #expect(next?.attempts == 0)
        let run = try #require(f.fakes.store.contents.openRuns.first)
        #expect(run.consecutiveFailures == 0)
        #expect(!run.challengeRuns.contains { $0.outcome == .failWrong })
        #expect(try await f.solve(id) == .dismissed)
    }
}

/// A card's code is the same on every screen: sent while no problem was on offer (after a
/// restart, before any read), it still stops the alarm; a wrong answer sent so counts for nothing.
@Suite struct UnseenAnswerTests {
    @Test func aRightAnswerSentBeforeAnyReadCountsAndAWrongOneDoesNot() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        #expect(try await f.core.submit(id, answer: "not a number").0 == .stale)
        let run = try #require(f.fakes.store.contents.openRuns.first)
        #expect(run.consecutiveFailures == 0)
        #expect(try await f.solve(id) == .dismissed)
    }
}
