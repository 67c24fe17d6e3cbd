import ReveilleDomain
import ReveilleTime
import Testing

/// ChallengeFlow's lockout after failures in a row, and the expiry of unanswered problems.
@Suite struct ChallengeFlowLockoutTests {
    let flow = ChallengeFlow(rules: ChallengeRules(lockout: LockoutPolicy(maxFailures: 3, cooldown: 30), wordList: ["river"]))
    let stack = [makeChallenge(.math(difficulty: .easy, timeLimit: 60), at: 0), makeChallenge(.qr(expected: "KITCHEN-42"), at: 1)]
    let t0 = instant(2026, 6, 10, 7, 0)

    func at(_ seconds: Int64) -> Instant { t0.adding(seconds: seconds) }

    func answer(_ session: ChallengeSession, correct: Bool) -> String {
        guard case .math(let problem) = session.prompt else { return correct ? "KITCHEN-42" : "nope" }
        return "\(problem.answer + (correct ? 0 : 1))"
    }

    /// Answers wrong `count` times, one second apart from `t0 + 1`.
    func failing(_ count: Int, using generator: inout SplitMix64) throws -> (ChallengeSession, [AnswerOutcome]) {
        var session = flow.start(stack, at: 0, now: t0, using: &generator).session
        var outcomes: [AnswerOutcome] = []
        for second in 1...Int64(count) {
            let step = try flow.submit(answer(session, correct: false), to: session, of: stack, now: at(second), using: &generator)
            outcomes.append(step.outcome)
            session = try #require(step.session)
        }
        return (session, outcomes)
    }

    @Test func threeWrongAnswersInARowLockTheChallenge() throws {
        var generator = SplitMix64(seed: 1)
        let (session, outcomes) = try failing(3, using: &generator)
        #expect(outcomes == [.wrong, .wrong, .locked])
        #expect(session.attempts == 3 && session.lockout(policy: flow.rules.lockout, now: at(3)) == .coolingDown(until: at(33)))
    }

    @Test func answersDuringTheCooldownAreRefusedEvenWhenRight() throws {
        var generator = SplitMix64(seed: 2)
        let (session, _) = try failing(3, using: &generator)
        for second: Int64 in [3, 20, 32] {
            #expect(throws: ChallengeError.lockedOut(until: at(33))) {
                _ = try flow.submit(answer(session, correct: true), to: session, of: stack, now: at(second), using: &generator)
            }
        }
    }

    @Test func answersAreAcceptedAgainWhenTheCooldownEnds() throws {
        var generator = SplitMix64(seed: 3)
        let (session, _) = try failing(3, using: &generator)
        let step = try flow.submit(answer(session, correct: true), to: session, of: stack, now: at(33), using: &generator)
        #expect(step.outcome == .correct && step.session?.index == 1)
    }

    @Test func aWrongAnswerAfterTheCooldownStartsAFreshCount() throws {
        var generator = SplitMix64(seed: 4)
        var (session, _) = try failing(3, using: &generator)
        var outcomes: [AnswerOutcome] = []
        for second: Int64 in [40, 41, 42] {
            let step = try flow.submit(answer(session, correct: false), to: session, of: stack, now: at(second), using: &generator)
            outcomes.append(step.outcome)
            session = try #require(step.session)
        }
        #expect(outcomes == [.wrong, .wrong, .locked])
        #expect(session.attempts == 6)
    }

    @Test func aCorrectAnswerResetsTheFailuresInARow() throws {
        var generator = SplitMix64(seed: 5)
        let (session, _) = try failing(2, using: &generator)
        let right = try flow.submit(answer(session, correct: true), to: session, of: stack, now: at(5), using: &generator)
        let next = try #require(right.session)
        #expect(next.consecutiveFailures == 0 && next.attempts == 0)
        let wrong = try flow.submit(answer(next, correct: false), to: next, of: stack, now: at(6), using: &generator)
        #expect(wrong.outcome == .wrong)
    }

    @Test func lateAnswersCountTowardsTheLockout() throws {
        var generator = SplitMix64(seed: 6)
        var session = flow.start(stack, at: 0, now: t0, using: &generator).session
        var outcomes: [AnswerOutcome] = []
        for _ in 0..<3 {
            let late = session.startedAt.adding(seconds: 61)
            let step = try flow.submit(answer(session, correct: true), to: session, of: stack, now: late, using: &generator)
            outcomes.append(step.outcome)
            session = try #require(step.session)
        }
        #expect(outcomes == [.timeout, .timeout, .locked])
        #expect(session.attempts == 0)
    }

    // MARK: Expiry

    @Test func problemDoesNotExpireUpToItsDeadline() {
        var generator = SplitMix64(seed: 7)
        let session = flow.start(stack, at: 0, now: t0, using: &generator).session
        #expect(flow.expire(session, of: stack, now: at(59), using: &generator) == nil)
        #expect(flow.expire(session, of: stack, now: at(60), using: &generator) == nil)
    }

    @Test func expiredProblemIsReplacedWithoutCountingAnAttemptOrAFailure() throws {
        var generator = SplitMix64(seed: 8)
        let (session, _) = try failing(1, using: &generator)
        let expired = try #require(flow.expire(session, of: stack, now: at(62), using: &generator))
        #expect(expired.session.index == 0 && expired.session.startedAt == at(62) && expired.session.deadline == at(122))
        #expect(expired.session.attempts == session.attempts && expired.session.consecutiveFailures == session.consecutiveFailures)
        #expect(expired.session.lastFailureAt == at(1))
        #expect(expired.events == [
            .challengeFinished(challengeId: ChallengeID("c0"), outcome: .failTimeout, at: at(62)),
            .challengeStarted(challengeId: ChallengeID("c0"), at: at(62)),
        ])
    }

    @Test func challengeWithoutATimeLimitNeverExpires() {
        var generator = SplitMix64(seed: 9)
        let session = flow.start(stack, at: 1, now: t0, using: &generator).session
        #expect(flow.expire(session, of: stack, now: at(86_400), using: &generator) == nil)
    }
}
