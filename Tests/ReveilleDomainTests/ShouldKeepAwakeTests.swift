import ReveilleDomain
import ReveilleTime
import Testing

/// ShouldKeepAwake: when the idle-suspend inhibitor is held, and when it must be taken next.
@Suite struct ShouldKeepAwakeTests {
    let now = instant(2026, 6, 10, 22, 0)
    let hour: Int64 = 3600
    let decision = ShouldKeepAwake()

    func keepsAwake(ringIn seconds: Int64?, ringing: Bool = false, window: Int64 = 10 * 3600, canWake: Bool = false) -> Bool {
        decision.execute(nextRing: seconds.map { now.adding(seconds: $0) }, ringingNow: ringing, window: window,
                         timerWakesMachine: canWake, now: now)
    }

    @Test func holdsWhenAnAlarmIsDueWithinTheWindowAndTheTimerCannotWake() {
        #expect(keepsAwake(ringIn: 9 * hour))
        #expect(keepsAwake(ringIn: 10 * hour))
    }

    @Test func doesNotHoldWhenTheNextAlarmIsBeyondTheWindow() {
        #expect(!keepsAwake(ringIn: 10 * hour + 1))
        #expect(!keepsAwake(ringIn: nil))
    }

    @Test func doesNotHoldWhenTheTimerCanWakeTheMachine() {
        #expect(!keepsAwake(ringIn: 60, canWake: true))
        #expect(!keepsAwake(ringIn: nil, ringing: true, canWake: true))
    }

    @Test func aWindowOfZeroTurnsTheHoldOff() {
        #expect(!keepsAwake(ringIn: 60, window: 0))
        #expect(!keepsAwake(ringIn: nil, ringing: true, window: 0))
    }

    @Test func holdsWhileAnAlarmRingsEvenWithNothingPlanned() {
        #expect(keepsAwake(ringIn: nil, ringing: true))
    }

    @Test func theWindowStartsKeepAwakeBeforeTheNextRing() {
        let ring = now.adding(seconds: 12 * hour)
        #expect(decision.startOfWindow(nextRing: ring, window: 10 * hour, timerWakesMachine: false) == now.adding(seconds: 2 * hour))
        #expect(decision.startOfWindow(nextRing: ring, window: 10 * hour, timerWakesMachine: true) == nil)
        #expect(decision.startOfWindow(nextRing: ring, window: 0, timerWakesMachine: false) == nil)
        #expect(decision.startOfWindow(nextRing: nil, window: 10 * hour, timerWakesMachine: false) == nil)
    }
}
