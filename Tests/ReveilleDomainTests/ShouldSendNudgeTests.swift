import ReveilleDomain
import ReveilleTime
import Testing

/// ShouldSendNudge: nobody reacted to a ringing alarm for the threshold.
@Suite struct ShouldSendNudgeTests {
    let fired = instant(2026, 6, 10, 7, 0)

    @Test func nudgeComesOnceTheThresholdHasPassed() {
        let nudge = ShouldSendNudge()
        #expect(!nudge.execute(firedAt: fired, threshold: 120, now: fired.adding(seconds: 119)))
        #expect(nudge.execute(firedAt: fired, threshold: 120, now: fired.adding(seconds: 120)))
        #expect(nudge.execute(firedAt: fired, threshold: 120, now: fired.adding(seconds: 500)))
    }
}
