import ReveilleDomain
import ReveilleTime
import Testing

/// ChallengeFlow: starting, answering and expiring the problems of a stack, with the events each step records.
@Suite struct ChallengeFlowTests {
    static let words = ["anchor", "bright", "copper", "meadow", "lantern", "river", "summit", "violet"]
    let flow = ChallengeFlow(rules: ChallengeRules(lockout: LockoutPolicy(maxFailures: 3, cooldown: 30), wordList: words))
    let stack = [
        makeChallenge(.math(difficulty: .medium, timeLimit: 60), at: 0),
        makeChallenge(.typing(words: 3), at: 1),
        makeChallenge(.qr(expected: "KITCHEN-42"), at: 2),
    ]
    let t0 = instant(2026, 6, 10, 7, 0)

    func at(_ seconds: Int64) -> Instant { t0.adding(seconds: seconds) }

    func rightAnswer(to session: ChallengeSession) -> String {
        switch session.prompt {
        case .math(let problem): "\(problem.answer)"
        case .typing(let words): words.joined(separator: " ")
        case .code: "KITCHEN-42"
        case .card: "not asked here"
        }
    }

    func wrongAnswer(to session: ChallengeSession) -> String {
        if case .math(let problem) = session.prompt { return "\(problem.answer + 1)" }
        return "kitchen-42"
    }

    // MARK: Starting

    @Test func startShowsAProblemWithItsDeadlineAndRecordsTheStart() {
        var generator = SplitMix64(seed: 1)
        let (session, events) = flow.start(stack, at: 0, now: t0, using: &generator)
        guard case .math(let problem) = session.prompt else { Issue.record("expected a math prompt"); return }
        #expect(problem.op == .times)
        #expect(session.index == 0 && session.startedAt == t0 && session.deadline == at(60))
        #expect(session.attempts == 0 && session.consecutiveFailures == 0 && session.lastFailureAt == nil)
        #expect(events == [.challengeStarted(challengeId: ChallengeID("c0"), at: t0)])
    }

    @Test func typingPromptAsksForWordsFromTheList() {
        var generator = SplitMix64(seed: 1)
        let session = flow.start(stack, at: 1, now: t0, using: &generator).session
        guard case .typing(let words) = session.prompt else { Issue.record("expected a typing prompt"); return }
        #expect(words.count == 3 && words.allSatisfy(Self.words.contains))
        #expect(session.deadline == nil)
    }

    @Test func qrPromptNeverShowsTheCode() {
        var generator = SplitMix64(seed: 1)
        let session = flow.start(stack, at: 2, now: t0, using: &generator).session
        #expect(session.prompt == .code)
        #expect(!session.prompt.text.contains("KITCHEN"))
        #expect(session.deadline == nil)
    }

    // MARK: Right answers

    @Test func correctAnswerAdvancesToTheNextChallenge() throws {
        var generator = SplitMix64(seed: 2)
        let session = flow.start(stack, at: 0, now: t0, using: &generator).session
        let step = try flow.submit(rightAnswer(to: session), to: session, of: stack, now: at(5), using: &generator)
        #expect(step.outcome == .correct)
        #expect(step.session?.index == 1 && step.session?.startedAt == at(5))
        #expect(step.events == [
            .challengeFinished(challengeId: ChallengeID("c0"), outcome: .success, at: at(5)),
            .challengeStarted(challengeId: ChallengeID("c1"), at: at(5)),
        ])
    }

    @Test func lastCorrectAnswerDismissesTheAlarm() throws {
        var generator = SplitMix64(seed: 3)
        let session = flow.start(stack, at: 2, now: t0, using: &generator).session
        let step = try flow.submit("KITCHEN-42", to: session, of: stack, now: at(9), using: &generator)
        #expect(step.outcome == .dismissed && step.session == nil)
        #expect(step.events == [
            .challengeFinished(challengeId: ChallengeID("c2"), outcome: .success, at: at(9)), .dismissalCompleted(at: at(9)),
        ])
    }

    @Test func solvingTheWholeStackFinishesTheRun() throws {
        var generator = SplitMix64(seed: 4)
        var run = AlarmRun(alarmId: sampleAlarmID, startedAt: t0)
        let started = flow.start(stack, at: 0, now: t0, using: &generator)
        var session: ChallengeSession? = started.session
        var events = started.events
        var second: Int64 = 0
        while let open = session {
            second += 10
            let step = try flow.submit(rightAnswer(to: open), to: open, of: stack, now: at(second), using: &generator)
            events += step.events
            session = step.session
        }
        for event in events { ApplyRunEvent().reduce(run: &run, event: event) }
        #expect(run.outcome == .success && run.completedAt == at(30))
        #expect(run.challengeRuns.map(\.challengeId.rawValue) == ["c0", "c1", "c2"])
        #expect(run.challengeRuns.allSatisfy { $0.outcome == .success })
    }

    @Test func typingAnswerIgnoresCaseAndSpacing() throws {
        var generator = SplitMix64(seed: 5)
        let session = flow.start(stack, at: 1, now: t0, using: &generator).session
        let typed = "  " + rightAnswer(to: session).uppercased().split(separator: " ").joined(separator: "   ") + " "
        #expect(try flow.submit(typed, to: session, of: stack, now: at(5), using: &generator).outcome == .correct)
    }

    // MARK: Wrong and late answers

    @Test func wrongAnswerGivesANewProblemAndCountsAnAttempt() throws {
        var generator = SplitMix64(seed: 7)
        let session = flow.start(stack, at: 0, now: t0, using: &generator).session
        let step = try flow.submit(wrongAnswer(to: session), to: session, of: stack, now: at(5), using: &generator)
        let next = try #require(step.session)
        #expect(step.outcome == .wrong)
        #expect(next.index == 0 && next.startedAt == at(5) && next.deadline == at(65))
        #expect(next.attempts == 1 && next.consecutiveFailures == 1 && next.lastFailureAt == at(5))
        #expect(step.events == [
            .challengeFinished(challengeId: ChallengeID("c0"), outcome: .failWrong, at: at(5)),
            .challengeStarted(challengeId: ChallengeID("c0"), at: at(5)),
        ])
    }

    @Test(arguments: ["forty-two", "", "4 2", "0x2A"])
    func unreadableMathAnswerIsWrong(answer: String) throws {
        var generator = SplitMix64(seed: 8)
        let session = flow.start(stack, at: 0, now: t0, using: &generator).session
        #expect(try flow.submit(answer, to: session, of: stack, now: at(5), using: &generator).outcome == .wrong)
    }

    @Test func qrAnswerInTheWrongCaseIsWrong() throws {
        var generator = SplitMix64(seed: 9)
        let session = flow.start(stack, at: 2, now: t0, using: &generator).session
        #expect(try flow.submit("kitchen-42", to: session, of: stack, now: at(5), using: &generator).outcome == .wrong)
    }

    @Test func answerExactlyAtTheDeadlineStillCounts() throws {
        var generator = SplitMix64(seed: 10)
        let session = flow.start(stack, at: 0, now: t0, using: &generator).session
        #expect(try flow.submit(rightAnswer(to: session), to: session, of: stack, now: at(60), using: &generator).outcome == .correct)
    }

    @Test func correctAnswerAfterTheDeadlineTimesOutWithoutCountingAnAttempt() throws {
        var generator = SplitMix64(seed: 11)
        let session = flow.start(stack, at: 0, now: t0, using: &generator).session
        let step = try flow.submit(rightAnswer(to: session), to: session, of: stack, now: at(61), using: &generator)
        #expect(step.outcome == .timeout)
        #expect(step.session?.attempts == 0 && step.session?.consecutiveFailures == 1)
        #expect(step.events.first == .challengeFinished(challengeId: ChallengeID("c0"), outcome: .failTimeout, at: at(61)))
    }
}
