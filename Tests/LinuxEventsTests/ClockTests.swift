import Foundation
import LinuxEvents
import Testing

@Suite struct ClockTests {
    @Test func realtimeAgreesWithFoundationsClock() {
        let now = realtimeNow()
        let reference = Date().timeIntervalSince1970
        #expect((0..<1_000_000_000).contains(now.nanoseconds))
        #expect(abs(Double(now.seconds) + Double(now.nanoseconds) / 1e9 - reference) < 5)
    }

    @Test func monotonicTimeAdvancesAcrossASleep() async throws {
        let before = monotonicNow()
        try await Task.sleep(for: .milliseconds(20))
        let after = monotonicNow()
        #expect((0..<1_000_000_000).contains(after.nanoseconds))
        #expect((after.seconds, after.nanoseconds) > (before.seconds, before.nanoseconds))
    }
}
