@testable import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// Each alarm is one entry, and each open run one `RunState`: a snooze, the wait for a wake-up
/// check and the end of a run each replace the whole run state, so a field added to `RunState`
/// needs no change at any of them.
@Suite struct RunStateTests {
    /// Every field but the record is empty in a fresh run state: what a snooze or a wake-up check
    /// starts from carries nothing of the ring before. A new field with a non-empty default fails here.
    @Test func aFreshRunStateHoldsNothingButItsRecord() {
        let fresh = RunState(record: AlarmRun(alarmId: AlarmID("6f9619ff-8b86-4011-b42d-00c04fc964ff")!, startedAt: mondayMorning))
        let fields = Mirror(reflecting: fresh).children
        #expect(fields.count > 1)
        for field in fields where field.label != "record" {
            let isNil = Mirror(reflecting: field.value).displayStyle == .optional && Mirror(reflecting: field.value).children.isEmpty
            let isFalse = (field.value as? Bool) == false
            #expect(isNil || isFalse, "\(field.label ?? "?") is not empty in a fresh run state")
        }
    }

    @Test func aSnoozeKeepsOnlyTheRecordAndTheEndOfTheRunDropsItAll() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.maxSnoozes = 3 }
        await f.fireTimer()
        // Fill the ring's state: nudged, a captcha launched, a problem with wrong answers.
        f.fakes.clock.advance(by: Int64(AgentConfig().nudgeAfter))
        await f.core.wake()
        try await f.core.dismiss(id)
        _ = try await f.core.submit(id, answer: "wrong")
        let ringing = try #require(await f.core.entries[id]?.run)
        #expect(ringing.nudged && ringing.session != nil && ringing.captcha != nil)

        _ = try await f.core.snooze(id)
        let snoozed = try #require(await f.core.entries[id]?.run)
        #expect(snoozed == RunState(record: snoozed.record))
        #expect(snoozed.record.snoozedUntil != nil)

        try await f.core.trigger(id)
        #expect(try await f.solve(id) == .dismissed)
        #expect(await f.core.entries[id]?.run == nil)
    }
}
