import PropertyBased
import ReveilleDomain
import ReveilleTime
import Testing

/// ApplyRunEvent: the run's state machine. Only `dismissalCompleted` finishes a run.
@Suite struct ApplyRunEventTests {
    let apply = ApplyRunEvent()
    let fired = instant(2026, 6, 10, 7, 0)
    let qr = ChallengeID("c0")
    let math = ChallengeID("c1")

    func run(after events: [RunEvent]) -> AlarmRun {
        var run = AlarmRun(alarmId: sampleAlarmID, startedAt: fired)
        for event in events { apply.reduce(run: &run, event: event) }
        return run
    }

    func at(_ seconds: Int64) -> Instant { fired.adding(seconds: seconds) }

    @Test func newRunIsRingingAndOpen() {
        let run = run(after: [])
        #expect(run.isRinging && run.isOpen)
        #expect(run.outcome == .inProgress && run.snoozeCount == 0 && run.rangAt == fired)
    }

    @Test func snoozeCountsAndStopsTheRinging() {
        let run = run(after: [.snoozed(until: at(300), at: at(10))])
        #expect(run.snoozeCount == 1)
        #expect(run.snoozedUntil == at(300))
        #expect(!run.isRinging && run.isOpen)
    }

    @Test func firingAgainAfterASnoozeRingsAgain() {
        let run = run(after: [.snoozed(until: at(300), at: at(10)), .alarmFired(at: at(300)), .snoozed(until: at(700), at: at(400))])
        #expect(run.snoozeCount == 2)
        let rang = self.run(after: [.snoozed(until: at(300), at: at(10)), .alarmFired(at: at(300))])
        #expect(rang.isRinging && rang.rangAt == at(300) && rang.snoozedUntil == nil)
    }

    @Test func snoozeAbortsThePendingChallenge() {
        let run = run(after: [.challengeStarted(challengeId: qr, at: at(5)), .snoozed(until: at(300), at: at(20))])
        #expect(run.challengeRuns == [ChallengeRun(challengeId: qr, startedAt: at(5), completedAt: at(20), outcome: .aborted)])
    }

    @Test func startingAChallengeRecordsItAsPending() {
        let run = run(after: [.challengeStarted(challengeId: qr, at: at(5))])
        #expect(run.challengeRuns == [ChallengeRun(challengeId: qr, startedAt: at(5))])
    }

    @Test func startingAnotherChallengeAbortsTheOnePending() {
        let run = run(after: [.challengeStarted(challengeId: qr, at: at(5)), .challengeStarted(challengeId: math, at: at(9))])
        #expect(run.challengeRuns.map(\.outcome) == [.aborted, .pending])
        #expect(run.challengeRuns[0].completedAt == at(9))
    }

    @Test func finishingAChallengeRecordsItsOutcome() {
        let run = run(after: [
            .challengeStarted(challengeId: qr, at: at(5)), .challengeFinished(challengeId: qr, outcome: .success, at: at(8)),
            .challengeStarted(challengeId: math, at: at(8)), .challengeFinished(challengeId: math, outcome: .failWrong, at: at(20)),
        ])
        #expect(run.challengeRuns.map(\.outcome) == [.success, .failWrong])
        #expect(run.challengeRuns.map(\.completedAt) == [at(8), at(20)])
        #expect(run.isRinging)
    }

    @Test func finishingAChallengeThatIsNotPendingChangesNothing() {
        let started = run(after: [.challengeStarted(challengeId: qr, at: at(5))])
        var other = started
        apply.reduce(run: &other, event: .challengeFinished(challengeId: math, outcome: .success, at: at(8)))
        #expect(other == started)
        var stillPending = started
        apply.reduce(run: &stillPending, event: .challengeFinished(challengeId: qr, outcome: .pending, at: at(8)))
        #expect(stillPending == started)
    }

    @Test func dismissalCompletedFinishesTheRun() {
        let run = run(after: [
            .snoozed(until: at(300), at: at(10)), .alarmFired(at: at(300)), .challengeStarted(challengeId: qr, at: at(301)),
            .challengeFinished(challengeId: qr, outcome: .success, at: at(320)), .dismissalCompleted(at: at(320)),
        ])
        #expect(run.outcome == .success && run.completedAt == at(320))
        #expect(!run.isOpen && !run.isRinging && run.snoozedUntil == nil)
    }

    /// The decision: an aborted challenge never stops a ringing alarm.
    @Test func abortedDismissalKeepsTheAlarmRinging() {
        let run = run(after: [.challengeStarted(challengeId: qr, at: at(5)), .dismissalAborted(at: at(30))])
        #expect(run.outcome == .inProgress && run.completedAt == nil && run.isRinging)
        #expect(run.challengeRuns == [ChallengeRun(challengeId: qr, startedAt: at(5), completedAt: at(30), outcome: .aborted)])
    }

    @Test func eventsAfterCompletionAreIgnored() {
        let done = run(after: [.dismissalCompleted(at: at(60))])
        var later = done
        for event: RunEvent in [
            .alarmFired(at: at(90)), .snoozed(until: at(400), at: at(100)), .challengeStarted(challengeId: qr, at: at(101)),
            .dismissalAborted(at: at(102)), .dismissalCompleted(at: at(103)),
        ] {
            apply.reduce(run: &later, event: event)
        }
        #expect(later == done)
    }

    // MARK: Properties

    static let events = zip(zip(Gen.int(in: 0...4), Gen.int64(in: 0...3600)), Gen.element(of: ["c0", "c1", "c2"]))
        .map { pair, id -> RunEvent in
            let (kind, seconds) = pair
            let at = instant(2026, 6, 10, 7, 0).adding(seconds: seconds)
            let challenge = ChallengeID(id!)
            switch kind {
            case 0: return .alarmFired(at: at)
            case 1: return .snoozed(until: at.adding(seconds: 300), at: at)
            case 2: return .challengeStarted(challengeId: challenge, at: at)
            case 3:
                let outcome: ChallengeRun.Outcome = [.success, .failWrong, .failTimeout][Int(seconds % 3)]
                return .challengeFinished(challengeId: challenge, outcome: outcome, at: at)
            default: return .dismissalAborted(at: at)
            }
        }

    @Test func noSequenceWithoutDismissalCompletedEverFinishesTheRun() async {
        await propertyCheck(input: Self.events.array(of: 0...30)) { events in
            let run = run(after: events)
            #expect(run.outcome == .inProgress && run.completedAt == nil)
            #expect(run.snoozeCount == events.filter { if case .snoozed = $0 { true } else { false } }.count)
            #expect(run.challengeRuns.filter { $0.outcome == .pending }.count <= 1)
        }
    }

    /// A captcha opened and closed again and again (or a problem left to time out all night) adds
    /// an entry each time: the run keeps at most `maximumChallengeRuns`, dropping the oldest
    /// aborted ones first, and keeps every success and the wrong answers while it can.
    @Test func aRunKeepsABoundedNumberOfChallengeRunsDroppingTheLeastTelling() {
        var run = AlarmRun(alarmId: sampleAlarmID, startedAt: instant(2026, 6, 10, 7, 0))
        let event = ApplyRunEvent()
        var at = instant(2026, 6, 10, 7, 0)
        func next() -> Instant { at = at.adding(seconds: 1); return at }
        event.reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("first"), at: next()))
        event.reduce(run: &run, event: .challengeFinished(challengeId: ChallengeID("first"), outcome: .success, at: next()))
        for _ in 0..<3 {
            event.reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("second"), at: next()))
            event.reduce(run: &run, event: .challengeFinished(challengeId: ChallengeID("second"), outcome: .failWrong, at: next()))
        }
        for _ in 0..<5_000 {
            event.reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("second"), at: next()))
            event.reduce(run: &run, event: .dismissalAborted(at: next()))
        }
        event.reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("second"), at: next()))
        #expect(run.challengeRuns.count == ApplyRunEvent.maximumChallengeRuns)
        #expect(run.challengeRuns.first?.outcome == .success)
        #expect(run.challengeRuns.filter { $0.outcome == .failWrong }.count == 3)
        #expect(run.challengeRuns.last?.outcome == .pending)
    }
}
