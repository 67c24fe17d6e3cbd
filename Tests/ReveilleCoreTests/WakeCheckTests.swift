import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

@Suite struct WakeCheckTests {
    /// An alarm with a wake-up check of `minutes` and two challenges, rung and solved; returns its id.
    static func dismissed(_ f: CoreFixture, minutes: Int = 10) async throws -> AlarmID {
        let id = try await f.addAlarm(minutesAhead: 5) { changes in
            changes.wakeCheck = minutes
            changes.challenges = [.new(.math(difficulty: .easy, timeLimit: Challenge.defaultMathTimeLimit)), .new(.typing(words: 2))]
        }
        await f.fireTimer()
        #expect(try await f.solve(id) == .correct)
        #expect(try await f.solve(id) == .dismissed)
        return id
    }

    @Test func stillUpIsAskedTheGivenMinutesAfterTheDismissal() async throws {
        let f = try await CoreFixture()
        let id = try await Self.dismissed(f)
        let dismissedAt = f.fakes.clock.now()
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(f.fakes.notifier.shown(id) == nil)
        #expect(f.fakes.timer.armedAt == dismissedAt.adding(seconds: 600))
        await f.fireTimer()
        #expect(f.fakes.clock.now() == dismissedAt.adding(seconds: 600))
        let question = try #require(f.fakes.notifier.shown(id))
        #expect(question.summary.english == "Still up?")
        #expect(question.dismissLabel.english == "I'm up")
        #expect(question.snoozeLabel == nil)
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(await f.core.ringingAlarms.isEmpty)
    }

    @Test func aClickOnImUpClosesTheRunAndNothingRingsAgain() async throws {
        let f = try await CoreFixture()
        let id = try await Self.dismissed(f)
        await f.fireTimer()
        #expect(f.fakes.notifier.shown(id)?.summary.english == "Still up?")
        f.fakes.notifier.click(id, "dismiss")
        try await waitUntil { f.fakes.store.contents.openRuns.isEmpty }
        #expect(f.fakes.notifier.shown(id) == nil)
        await f.advance(seconds: 120)
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(f.fakes.store.contents.openRuns.isEmpty)
        // A one-time alarm is done once its check is answered.
        #expect(try await f.core.get(id).alarm.isEnabled == false)
    }

    @Test func noAnswerWithinAMinuteRingsAgainWithTheWholeStackInTheSameRun() async throws {
        let f = try await CoreFixture(config: HookTests.allHooks())
        let id = try await Self.dismissed(f)
        let startedAt = try #require(f.fakes.store.contents.openRuns.first?.startedAt)
        await f.fireTimer()
        await f.advance(seconds: 59)
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(f.fakes.timer.armedAt == f.fakes.clock.now().adding(seconds: 1))
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.fakes.notifier.shown(id)?.summary.english == "Alarm")
        #expect(f.fakes.store.contents.openRuns.map(\.startedAt) == [startedAt])
        #expect(f.fakes.hooks.environments.map { $0["REVEILLE_EVENT"] } == ["ring", "dismiss", "ring"])
        let view = try await f.core.challenge(id)
        #expect(view.index == 0 && view.total == 2)
        #expect(try await f.solve(id) == .correct)
        #expect(try await f.solve(id) == .dismissed)
    }

    @Test func aPendingCheckSurvivesARestart() async throws {
        let store = FakeStore()
        let f = try await CoreFixture(store: store)
        let id = try await Self.dismissed(f, minutes: 1)
        let due = f.fakes.clock.now().adding(seconds: 60)
        #expect(store.contents.openRuns.first?.wakeCheckDue == due)
        let restarted = try await CoreFixture(now: due.adding(seconds: 10), store: store)
        #expect(restarted.fakes.notifier.shown(id)?.summary.english == "Still up?")
        #expect(await restarted.core.ringingAlarms.isEmpty)
        await restarted.fireTimer()
        #expect(restarted.fakes.clock.now() == due.adding(seconds: 60))
        #expect(await restarted.core.ringingAlarms == [id])
    }

    /// The machine suspends before the check and resumes 9 h later: what is that late does not
    /// ring, as an alarm that late does not; the run closes and a notice says why.
    @Test func aCheckDueDuringALongSuspendLapsesAndDoesNotRing() async throws {
        let f = try await CoreFixture()
        let id = try await Self.dismissed(f)
        let due = try #require(f.fakes.store.contents.openRuns.first?.wakeCheckDue)
        f.fakes.clock.suspend(for: 9 * 3600)
        await f.fakes.timer.fire()
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(f.fakes.notifier.shown(id) == nil)
        #expect(f.fakes.notifier.notices.contains { $0.hasPrefix("Wake-up check skipped") })
        try await waitUntil { f.fakes.store.contents.openRuns.isEmpty }
        #expect(f.fakes.timer.armedAt.map { $0 > due } ?? true)
        await f.advance(seconds: 120)
        #expect(await f.core.ringingAlarms.isEmpty)
    }

    @Test func aCheckDueWhileTheMachineWasOffLapsesAtTheNextStart() async throws {
        let store = FakeStore()
        let f = try await CoreFixture(store: store)
        let id = try await Self.dismissed(f, minutes: 1)
        let due = try #require(store.contents.openRuns.first?.wakeCheckDue)
        let restarted = try await CoreFixture(now: due.adding(seconds: 9 * 3600), store: store)
        #expect(await restarted.core.ringingAlarms.isEmpty)
        #expect(!restarted.fakes.sound.isPlaying(id))
        #expect(restarted.fakes.notifier.notices.contains { $0.hasPrefix("Wake-up check skipped") })
        try await waitUntil { store.contents.openRuns.isEmpty }
    }

    /// Within late_grace of the question's minute it still rings again, as an alarm that late would.
    @Test func aCheckLateWithinTheGraceStillRings() async throws {
        var config = AgentConfig()
        config.lateGrace = 600
        let f = try await CoreFixture(config: config)
        let id = try await Self.dismissed(f)
        f.fakes.clock.suspend(for: 600 + 60 + 600)
        await f.fakes.timer.fire()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.notifier.notices.allSatisfy { !$0.hasPrefix("Wake-up check skipped") })
    }

    /// late_grace is for what came due while nobody watched: an awake agent late to its own timer rings.
    @Test func anAwakeAgentLateToTheCheckStillRingsWhateverLateGraceSays() async throws {
        var config = AgentConfig()
        config.lateGrace = 0
        let f = try await CoreFixture(config: config)
        let id = try await Self.dismissed(f)
        await f.advance(seconds: 600 + 60 + 90)
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func confirmAwakeAnswersTheCheckAndIsNotRingingWithoutOne() async throws {
        let f = try await CoreFixture()
        let id = try await Self.dismissed(f)
        await f.fireTimer()
        try await f.core.confirmAwake(id)
        #expect(f.fakes.notifier.shown(id) == nil)
        await f.advance(seconds: 3600)
        #expect(await f.core.ringingAlarms.isEmpty)
        await #expect(throws: AgentError.notRinging(id)) { try await f.core.confirmAwake(id) }
        let other = try await f.addAlarm(minutesAhead: 30)
        await #expect(throws: AgentError.notRinging(other)) { try await f.core.confirmAwake(other) }
    }

    @Test func withoutAWakeCheckADismissalClosesTheRunAtOnce() async throws {
        let f = try await CoreFixture()
        _ = try await Self.dismissed(f, minutes: 0)
        #expect(f.fakes.store.contents.openRuns.isEmpty)
    }

    @Test func aWakeCheckOutOfRangeIsRefused() async throws {
        let f = try await CoreFixture()
        await #expect(throws: AgentError.self) { _ = try await f.addAlarm { $0.wakeCheck = 61 } }
        await #expect(throws: AgentError.self) { _ = try await f.addAlarm { $0.wakeCheck = -1 } }
        #expect(await f.core.list().isEmpty)
    }
}
