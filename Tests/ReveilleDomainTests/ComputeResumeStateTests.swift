import ReveilleDomain
import ReveilleTime
import Testing

/// ComputeResumeState: where a run's challenge opens again.
@Suite struct ComputeResumeStateTests {
    let fired = instant(2026, 6, 10, 7, 0)
    let stack = [
        makeChallenge(.qr(expected: "KITCHEN-42"), at: 0),
        makeChallenge(.math(difficulty: .easy, timeLimit: 60), at: 1),
        makeChallenge(.typing(words: 6), at: 2),
    ]

    func run(_ outcomes: [ChallengeRun.Outcome], runOutcome: AlarmRun.Outcome = .inProgress) -> AlarmRun {
        var run = AlarmRun(alarmId: sampleAlarmID, startedAt: fired)
        run.outcome = runOutcome
        run.challengeRuns = outcomes.enumerated().map { index, outcome in
            ChallengeRun(challengeId: stack[index].id, startedAt: fired.adding(seconds: Int64(index)), outcome: outcome)
        }
        return run
    }

    @Test func aChallengeOpenedAgainPicksUpAtTheFirstUnsolvedOne() {
        let resume = ComputeResumeState()
        #expect(resume.challengeIndex(run: run([]), orderedChallenges: stack) == 0)
        // Snoozed in the second challenge: the first stays solved.
        #expect(resume.challengeIndex(run: run([.success, .aborted]), orderedChallenges: stack) == 1)
        #expect(resume.challengeIndex(run: run([.success, .success, .failTimeout]), orderedChallenges: stack) == 2)
    }
}
