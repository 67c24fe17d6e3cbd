import ReveilleDomain
import ReveilleTime
import Testing

/// ComputeResumeState, ShouldSendNudge and MigrateV1ToV1Stack.
@Suite struct ResilienceTests {
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

    // MARK: Resume

    @Test func resumesAtIndexZeroWhenTheFirstChallengeIsPending() {
        #expect(ComputeResumeState().execute(run: run([.pending]), orderedChallenges: stack) == .challenge(index: 0))
    }

    @Test func resumesMidStackAtThePendingChallenge() {
        #expect(ComputeResumeState().execute(run: run([.success, .pending]), orderedChallenges: stack) == .challenge(index: 1))
    }

    @Test func resumesAtTheRetriedChallengeAfterAFailure() {
        var retried = run([.success, .failWrong])
        retried.challengeRuns.append(ChallengeRun(challengeId: stack[1].id, startedAt: fired.adding(seconds: 30)))
        #expect(ComputeResumeState().execute(run: retried, orderedChallenges: stack) == .challenge(index: 1))
    }

    @Test func resumesFinishedAfterTheFinalSuccess() {
        let solved = run([.success, .success, .success], runOutcome: .success)
        #expect(ComputeResumeState().execute(run: solved, orderedChallenges: stack) == .finished)
    }

    @Test func resumesRingingWhenOpenWithNoPendingChallenge() {
        #expect(ComputeResumeState().execute(run: run([]), orderedChallenges: stack) == .ringing)
        #expect(ComputeResumeState().execute(run: run([.success, .aborted]), orderedChallenges: stack) == .ringing)
    }

    @Test func resumesRingingWhenThePendingChallengeIsNoLongerInTheStack() {
        var stale = run([])
        stale.challengeRuns = [ChallengeRun(challengeId: ChallengeID("removed"), startedAt: fired)]
        #expect(ComputeResumeState().execute(run: stale, orderedChallenges: stack) == .ringing)
    }

    // MARK: Nudge

    @Test func nudgeComesOnceTheThresholdHasPassed() {
        let nudge = ShouldSendNudge()
        #expect(!nudge.execute(firedAt: fired, threshold: 120, now: fired.adding(seconds: 119)))
        #expect(nudge.execute(firedAt: fired, threshold: 120, now: fired.adding(seconds: 120)))
        #expect(nudge.execute(firedAt: fired, threshold: 120, now: fired.adding(seconds: 500)))
    }

    // MARK: Migration

    @Test func migrationWrapsTheV1CodeInAOneChallengeStack() throws {
        var generator = SplitMix64(seed: 3)
        var alarm = makeAlarm(at: wall(7, 0), on: weekdays)
        alarm.expectedQR = "BATHROOM-7"
        let migrated = MigrateV1ToV1Stack().execute(alarm: alarm, using: &generator)
        let challenge = try #require(migrated.challenges.first)
        #expect(migrated.challenges.count == 1)
        #expect(challenge.params == .qr(expected: "BATHROOM-7"))
        #expect(challenge.orderIndex == 0)
        #expect(migrated.expectedQR == nil)
        #expect(ValidateChallengeStack().execute(migrated.challenges) == .ok)
        // Everything else is kept.
        var unchanged = migrated
        unchanged.challenges = []
        unchanged.expectedQR = "BATHROOM-7"
        #expect(unchanged == alarm)
    }

    @Test func migrationLeavesAnAlarmWithoutAV1CodeAlone() {
        var generator = SplitMix64(seed: 3)
        let alarm = makeAlarm(at: wall(7, 0), challenges: [makeChallenge(.typing(words: 4), at: 0)])
        #expect(MigrateV1ToV1Stack().execute(alarm: alarm, using: &generator) == alarm)
    }
}
