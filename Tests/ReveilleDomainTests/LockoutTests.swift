import PropertyBased
import ReveilleDomain
import ReveilleTime
import Testing

/// ApplyLockout: a cooldown only after `maxFailures` failures in a row, and only until `until`.
@Suite struct LockoutTests {
    let lockout = ApplyLockout()
    let policy = LockoutPolicy(maxFailures: 3, cooldown: 30)
    let lastFailure = instant(2026, 6, 10, 7, 1)

    @Test func failuresJustBelowTheThresholdDoNotLock() {
        #expect(lockout.execute(failures: 2, lastFailureAt: lastFailure, policy: policy, now: lastFailure) == .none)
    }

    @Test func failuresAtTheThresholdLockUntilTheCooldownEnds() {
        let state = lockout.execute(failures: 3, lastFailureAt: lastFailure, policy: policy, now: lastFailure)
        #expect(state == .coolingDown(until: lastFailure.adding(seconds: 30)))
    }

    @Test func failuresAboveTheThresholdStillLock() {
        let state = lockout.execute(failures: 4, lastFailureAt: lastFailure, policy: policy, now: lastFailure.adding(seconds: 10))
        #expect(state == .coolingDown(until: lastFailure.adding(seconds: 30)))
    }

    @Test func cooldownLastsUntilOneSecondBeforeUntil() {
        let state = lockout.execute(failures: 3, lastFailureAt: lastFailure, policy: policy, now: lastFailure.adding(seconds: 29))
        #expect(state == .coolingDown(until: lastFailure.adding(seconds: 30)))
    }

    @Test func cooldownIsOverAtUntil() {
        #expect(lockout.execute(failures: 3, lastFailureAt: lastFailure, policy: policy, now: lastFailure.adding(seconds: 30)) == .none)
        #expect(lockout.execute(failures: 3, lastFailureAt: lastFailure, policy: policy, now: lastFailure.adding(seconds: 31)) == .none)
    }

    @Test func noRecordedFailureTimeMeansNoLock() {
        #expect(lockout.execute(failures: 5, lastFailureAt: nil, policy: policy, now: lastFailure) == .none)
    }

    @Test func policyWithZeroMaxFailuresNeverLocks() {
        let off = LockoutPolicy(maxFailures: 0, cooldown: 30)
        #expect(lockout.execute(failures: 0, lastFailureAt: lastFailure, policy: off, now: lastFailure) == .none)
        #expect(lockout.execute(failures: 9, lastFailureAt: lastFailure, policy: off, now: lastFailure) == .none)
    }

    @Test func locksExactlyWhenEnoughFailuresAndTheCooldownHasNotRunOut() async {
        let inputs = zip(Gen.int(in: 1...6), Gen.int64(in: 0...120))
        await propertyCheck(count: 300, input: inputs, Gen.int(in: 0...10), Gen.int64(in: -10...200)) { policyFields, failures, elapsed in
            let policy = LockoutPolicy(maxFailures: policyFields.0, cooldown: policyFields.1)
            let now = lastFailure.adding(seconds: elapsed)
            let state = lockout.execute(failures: failures, lastFailureAt: lastFailure, policy: policy, now: now)
            let until = lastFailure.adding(seconds: policy.cooldown)
            let locked = failures >= policy.maxFailures && elapsed < policy.cooldown
            #expect(state == (locked ? .coolingDown(until: until) : .none))
        }
    }
}
