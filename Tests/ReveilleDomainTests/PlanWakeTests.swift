import ReveilleDomain
import ReveilleTime
import Testing

/// Which wake the machine must hold, and when a ringing run stops keeping it awake.
@Suite struct PlanWakeTests {
    let now = Instant(secondsSinceEpoch: 1_800_000_000)
    let plan = PlanWake()

    @Test func theWakeComesWakeLeadBeforeTheEarliestMomentToBeAwakeFor() {
        let due = now.adding(seconds: 3600)
        #expect(plan.wake(awakeFor: due, ringingSince: nil, lead: 120, now: now) == due.adding(seconds: -120))
        #expect(plan.wake(awakeFor: nil, ringingSince: nil, lead: 120, now: now) == nil)
    }

    @Test func aBeforeRingHookBringsTheWakeForwardByItsLead() {
        let fire = now.adding(seconds: 3600)
        let hook = BeforeRing().at(fire, lead: 20 * 60)
        #expect(plan.wake(awakeFor: min(fire, hook), ringingSince: nil, lead: 120, now: now) == fire.adding(seconds: -20 * 60 - 120))
    }

    @Test func aRingingRunKeepsAWakeAtTheNextMinuteOfItsRingWhateverComesLater() {
        let rang = now.adding(seconds: -75)
        // 75 s into the ring: the next whole minute of it is 45 s ahead, and stays so until then.
        #expect(plan.wake(awakeFor: nil, ringingSince: rang, lead: 120, now: now) == now.adding(seconds: 45))
        #expect(plan.wake(awakeFor: nil, ringingSince: rang, lead: 120, now: now.adding(seconds: 30)) == now.adding(seconds: 45))
        #expect(plan.wake(awakeFor: nil, ringingSince: rang, lead: 120, now: now.adding(seconds: 45)) == now.adding(seconds: 105))
        // Another alarm's earlier wake comes first.
        #expect(plan.wake(awakeFor: now.adding(seconds: 130), ringingSince: rang, lead: 120, now: now) == now.adding(seconds: 10))
        #expect(plan.nextRenewal(ringingSince: now, now: now) == now.adding(seconds: 60))
    }

    @Test func aWakeInThePastIsSentForOneSecondFromNow() {
        #expect(plan.instant(toSend: now.adding(seconds: -90), now: now) == now.adding(seconds: 1))
        #expect(plan.instant(toSend: now, now: now) == now.adding(seconds: 1))
        #expect(plan.instant(toSend: now.adding(seconds: 500), now: now) == now.adding(seconds: 500))
    }

    @Test func goingToSleepWithARunOpenWakesThirtySecondsLaterOrAtThePlannedWakeIfSooner() {
        #expect(plan.wakeBeforeSleep(planned: nil, now: now) == now.adding(seconds: 30))
        #expect(plan.wakeBeforeSleep(planned: now.adding(seconds: 600), now: now) == now.adding(seconds: 30))
        #expect(plan.wakeBeforeSleep(planned: now.adding(seconds: 10), now: now) == now.adding(seconds: 10))
        #expect(plan.wakeBeforeSleep(planned: now.adding(seconds: -10), now: now) == now.adding(seconds: 1))
    }

    @Test func aRunRingingAnHourWithNobodyAnsweringIsCappedAndAnAnswerRestartsTheHour() throws {
        var run = AlarmRun(alarmId: try #require(AlarmID("d71c02cb-da11-46fe-a169-eb2c4e30e6f8")), startedAt: now)
        let cap = RunCap()
        #expect(cap.due(run) == now.adding(seconds: 3600))
        #expect(cap.reason(run, battery: nil, now: now.adding(seconds: 3599)) == nil)
        #expect(cap.reason(run, battery: nil, now: now.adding(seconds: 3600)) == .unattended)
        run.challengeRuns.append(ChallengeRun(challengeId: ChallengeID("c1"), startedAt: now.adding(seconds: 1800),
                                              completedAt: now.adding(seconds: 1900), outcome: .failWrong))
        #expect(cap.due(run) == now.adding(seconds: 5500))
        #expect(cap.reason(run, battery: nil, now: now.adding(seconds: 3600)) == nil)
    }

    @Test func aDyingBatteryCapsARingingRunAtOnceButNotASnoozedOne() throws {
        var run = AlarmRun(alarmId: try #require(AlarmID("d71c02cb-da11-46fe-a169-eb2c4e30e6f8")), startedAt: now)
        #expect(RunCap().reason(run, battery: 9.5, now: now) == .battery(9.5))
        #expect(RunCap().reason(run, battery: 10, now: now) == nil)
        run.snoozedUntil = now.adding(seconds: 300)
        #expect(RunCap().reason(run, battery: 5, now: now) == nil)
        #expect(RunCap().due(run) == nil)
    }

    @Test func wakeStateNamesWhatWakesTheMachine() {
        #expect(WakeStatus(waker: .agent, at: now).stateName == "self")
        #expect(WakeStatus(waker: .helper, at: now).stateName == "helper")
        #expect(WakeStatus(waker: .helper).stateName == "none")
        #expect(WakeStatus(waker: .nothing(.noHelper)).stateName == "unavailable")
        #expect(!WakeStatus(waker: .nothing(.turnedOff)).canWake)
        #expect(WakeStatus(waker: .helper).canWake)
    }
}
