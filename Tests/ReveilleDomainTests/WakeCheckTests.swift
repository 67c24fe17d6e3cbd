import ReveilleDomain
import ReveilleTime
import Testing

@Suite struct WakeCheckRuleTests {
    let dismissed = Instant(secondsSinceEpoch: 1_000_000)

    @Test func theCheckIsDueTheGivenMinutesAfterTheDismissalAndNeverAtZero() {
        #expect(WakeCheck().due(dismissedAt: dismissed, minutes: 0) == nil)
        #expect(WakeCheck().due(dismissedAt: dismissed, minutes: 1) == dismissed.adding(seconds: 60))
        #expect(WakeCheck().due(dismissedAt: dismissed, minutes: 60) == dismissed.adding(seconds: 3600))
    }

    @Test func itWaitsThenAsksForSixtySecondsThenIsUnanswered() {
        let due = dismissed.adding(seconds: 600)
        let check = WakeCheck()
        #expect(check.state(due: due, now: dismissed, lateGrace: 1800) == .waiting(until: due))
        #expect(check.state(due: due, now: due, lateGrace: 1800) == .asking(until: due.adding(seconds: 60)))
        #expect(check.state(due: due, now: due.adding(seconds: 59), lateGrace: 1800) == .asking(until: due.adding(seconds: 60)))
        #expect(check.state(due: due, now: due.adding(seconds: 60), lateGrace: 1800) == .unanswered)
    }

    @Test func anUnansweredCheckLaterThanTheGraceLapsesLikeAMissedAlarm() {
        let expiry = dismissed.adding(seconds: 660)
        let check = WakeCheck()
        #expect(check.state(due: dismissed.adding(seconds: 600), now: expiry.adding(seconds: 1800), lateGrace: 1800) == .unanswered)
        #expect(check.state(due: dismissed.adding(seconds: 600), now: expiry.adding(seconds: 1801), lateGrace: 1800) == .lapsed)
        #expect(check.state(due: dismissed.adding(seconds: 600), now: expiry.adding(seconds: 9 * 3600), lateGrace: 1800) == .lapsed)
        #expect(check.state(due: dismissed.adding(seconds: 600), now: expiry, lateGrace: 0) == .unanswered)
        // A running, awake agent late to its own timer rings it, whatever late_grace says.
        #expect(check.state(due: dismissed.adding(seconds: 600), now: expiry.adding(seconds: 90), lateGrace: 0, watched: true) == .unanswered)
    }

    @Test func aPendingCheckKeepsTheRunOpenButSilentAndARingClearsIt() {
        var run = AlarmRun(alarmId: AlarmID("12345678-1234-4234-8234-123456789abc")!, startedAt: dismissed)
        ApplyRunEvent().reduce(run: &run, event: .wakeCheckStarted(due: dismissed.adding(seconds: 60)))
        #expect(run.isOpen && !run.isRinging)
        ApplyRunEvent().reduce(run: &run, event: .alarmFired(at: dismissed.adding(seconds: 120)))
        #expect(run.isRinging && run.wakeCheckDue == nil)
    }
}
