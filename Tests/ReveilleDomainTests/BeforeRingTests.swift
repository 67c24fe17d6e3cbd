import ReveilleDomain
import ReveilleTime
import Testing

/// When the before-ring hook of an occurrence runs: ahead of it by `before_ring`, once, never once it is due.
@Suite struct BeforeRingTests {
    let fire = Instant(secondsSinceEpoch: 1_800_000_000)
    let rule = BeforeRing()
    let lead: Int64 = 20 * 60

    @Test func beforeItsMomentItWaitsForIt() {
        let at = fire.adding(seconds: -lead)
        #expect(rule.at(fire, lead: lead) == at)
        #expect(rule.step(fire: fire, ran: nil, lead: lead, now: at.adding(seconds: -1)) == .at(at))
    }

    @Test func fromItsMomentUntilTheRingItRunsAtOnceOnce() {
        let at = fire.adding(seconds: -lead)
        #expect(rule.step(fire: fire, ran: nil, lead: lead, now: at) == .runNow)
        #expect(rule.step(fire: fire, ran: nil, lead: lead, now: fire.adding(seconds: -1)) == .runNow)
        #expect(rule.step(fire: fire, ran: fire, lead: lead, now: at) == .done)
        // The hook of an earlier occurrence does not count for this one.
        #expect(rule.step(fire: fire, ran: fire.adding(seconds: -86_400), lead: lead, now: at) == .runNow)
    }

    @Test func atOrAfterTheRingItNeverRuns() {
        #expect(rule.step(fire: fire, ran: nil, lead: lead, now: fire) == .done)
        #expect(rule.step(fire: fire, ran: nil, lead: lead, now: fire.adding(seconds: 3600)) == .done)
    }

    @Test func theLeadIsTwentyMinutesByDefaultAndBetweenOneSecondAndTwoHours() {
        #expect(BeforeRing.defaultLead == 1200)
        #expect(BeforeRing.minimumLead == 1 && BeforeRing.maximumLead == 7200)
        #expect(HookEvent.beforeRing.rawValue == "before_ring" && HookEvent.beforeRing.configKey == "on_before_ring")
    }
}
