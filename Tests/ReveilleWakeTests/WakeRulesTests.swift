import ReveilleWake
import Testing

@Suite struct WakeRulesTests {
    let now: Int64 = 1_800_000_000

    @Test func aFutureWakeIsArmedAsAsked() throws {
        #expect(try validateWake(now + 3_600, now: now) == now + 3_600)
    }

    @Test func aWakeOneSecondAheadIsArmedAsAsked() throws {
        #expect(try validateWake(now + 1, now: now) == now + 1)
    }

    @Test(arguments: [0, -1, -59, -60] as [Int64])
    func aWakeUpToAMinutePastIsArmedOneSecondFromNow(offset: Int64) throws {
        #expect(try validateWake(now + offset, now: now) == now + 1)
    }

    @Test func aWakeMoreThanAMinutePastIsInvalid() {
        #expect(throws: WakeRefusal.tooFarInThePast(when: now - 61, now: now)) { try validateWake(now - 61, now: now) }
    }

    @Test func aWakeFourHundredDaysAheadIsAccepted() throws {
        #expect(try validateWake(now + 400 * 86_400, now: now) == now + 400 * 86_400)
    }

    @Test func aWakeBeyondFourHundredDaysIsInvalid() {
        #expect(throws: WakeRefusal.tooFarAhead(when: now + 400 * 86_400 + 1, now: now)) {
            try validateWake(now + 400 * 86_400 + 1, now: now)
        }
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -1, 0] as [Int64])
    func extremePastValuesAreRefusedWithoutTrapping(when: Int64) {
        #expect(throws: WakeRefusal.tooFarInThePast(when: when, now: now)) { try validateWake(when, now: now) }
    }

    @Test(arguments: [Int64.max, Int64.max - 1] as [Int64])
    func extremeFutureValuesAreRefusedWithoutTrapping(when: Int64) {
        #expect(throws: WakeRefusal.tooFarAhead(when: when, now: now)) { try validateWake(when, now: now) }
    }

    @Test func extremeValuesAgainstANegativeClockDoNotTrap() {
        #expect(throws: WakeRefusal.tooFarAhead(when: .max, now: -10)) { try validateWake(.max, now: -10) }
        #expect(throws: WakeRefusal.tooFarInThePast(when: .min, now: 10)) { try validateWake(.min, now: 10) }
    }

    @Test func everyRefusalSaysWhyInWords() {
        let refusals: [WakeRefusal] = [
            .tooFarInThePast(when: 1, now: 100), .tooFarAhead(when: 1, now: 0),
            .tooFarInThePast(when: .min, now: .max), .tooFarAhead(when: .max, now: .min), .userLimit(uid: 1000), .totalLimit,
            .notAuthorized("no"), .callerUnknown("gone"), .failed("cannot set the alarm timer"),
        ]
        for refusal in refusals { #expect(refusal.description.count > 5) }
        #expect(WakeRefusal.userLimit(uid: 1000).description.contains("uid 1000"))
    }
}
