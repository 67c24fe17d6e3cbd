import PropertyBased
import ReveilleDomain
import ReveilleTime
import Testing

/// EvaluateSnooze and SnoozePolicy: the next ring while snoozes are left, the forced challenge after.
@Suite struct SnoozeTests {
    let snooze = EvaluateSnooze()
    let now = instant(2026, 6, 10, 7, 0)

    @Test func snoozeUnderTheLimitRingsAgainAfterItsMinutes() {
        let decision = snooze.execute(policy: SnoozePolicy(minutes: 9, maxSnoozes: .limited(3)), snoozeCount: 2, now: now)
        #expect(decision == .snooze(until: now.adding(seconds: 540), count: 3))
    }

    @Test func snoozeAtTheLimitIsRefused() {
        #expect(snooze.execute(policy: SnoozePolicy(minutes: 9, maxSnoozes: .limited(3)), snoozeCount: 3, now: now) == .limitReached)
    }

    @Test func zeroMaxSnoozesRefusesTheFirstSnooze() {
        #expect(snooze.execute(policy: SnoozePolicy(minutes: 5, maxSnoozes: .limited(0)), snoozeCount: 0, now: now) == .limitReached)
    }

    @Test func snoozesLeftCountsDownToZeroAndStaysThere() {
        let policy = SnoozePolicy(minutes: 5, maxSnoozes: .limited(3))
        #expect([0, 1, 2, 3, 4, 10].map { policy.snoozesLeft(after: $0) } == [3, 2, 1, 0, 0, 0])
        #expect(SnoozePolicy(maxSnoozes: .unlimited).snoozesLeft(after: 100) == nil)
    }

    @Test func defaultPolicyIsFiveMinutesThreeTimes() {
        #expect(SnoozePolicy() == SnoozePolicy(minutes: 5, maxSnoozes: .limited(3)))
    }

    static let minutes = Gen.int(in: SnoozePolicy.minuteRange)

    @Test func underTheLimitASnoozeAddsItsMinutesAndCountsOne() async {
        await propertyCheck(input: Self.minutes, Gen.int(in: 1...10), Gen.int(in: 0...9)) { minutes, max, used in
            let count = used % max
            let decision = snooze.execute(policy: SnoozePolicy(minutes: minutes, maxSnoozes: .limited(max)), snoozeCount: count, now: now)
            #expect(decision == .snooze(until: now.adding(seconds: Int64(minutes) * 60), count: count + 1))
        }
    }

    @Test func atOrPastTheLimitTheSnoozeIsRefused() async {
        await propertyCheck(input: Self.minutes, Gen.int(in: 0...10), Gen.int(in: 0...10)) { minutes, max, over in
            let policy = SnoozePolicy(minutes: minutes, maxSnoozes: .limited(max))
            #expect(snooze.execute(policy: policy, snoozeCount: max + over, now: now) == .limitReached)
        }
    }

    @Test func unlimitedSnoozesAreNeverRefused() async {
        await propertyCheck(input: Self.minutes, Gen.int(in: 0...10_000)) { minutes, count in
            let decision = snooze.execute(policy: SnoozePolicy(minutes: minutes, maxSnoozes: .unlimited), snoozeCount: count, now: now)
            #expect(decision == .snooze(until: now.adding(seconds: Int64(minutes) * 60), count: count + 1))
        }
    }

    @Test func zeroMaxSnoozesAlwaysRefuses() async {
        await propertyCheck(input: Self.minutes, Gen.int(in: 0...100)) { minutes, count in
            let policy = SnoozePolicy(minutes: minutes, maxSnoozes: .limited(0))
            #expect(snooze.execute(policy: policy, snoozeCount: count, now: now) == .limitReached)
        }
    }
}
