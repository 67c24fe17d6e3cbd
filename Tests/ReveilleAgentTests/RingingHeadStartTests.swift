import LinuxEvents
@testable import ReveilleAgent
import Synchronization
import Testing

/// After `Ringing` the loop's thread pauses once, so that the bus routes the signal before the
/// ring's other work; alarms due together pause once, not once each.
@Suite struct RingingHeadStartTests {
    /// A clock the test moves, and a record of the pauses asked for.
    final class Fixture: Sendable {
        let clock = Mutex<Int64>(5_000_000_000)
        let pauses = Mutex<[Int]>([])
        var headStart: RingingHeadStart {
            RingingHeadStart(now: { self.clock.withLock { $0 } }, sleep: { nanoseconds in self.pauses.withLock { $0.append(nanoseconds) } })
        }
        func advance(milliseconds: Int64) { clock.withLock { $0 += milliseconds * 1_000_000 } }
        var recorded: [Int] { pauses.withLock { $0 } }
    }

    @Test func theFirstSignalPausesTheThreadFor300Microseconds() {
        let fixture = Fixture()
        fixture.headStart.signalSent()
        #expect(fixture.recorded == [300_000])
    }

    @Test func signalsOfOneSecondPauseOnceAndALaterRingPausesAgain() {
        let fixture = Fixture()
        let headStart = fixture.headStart
        headStart.signalSent()
        fixture.advance(milliseconds: 1)
        headStart.signalSent()
        fixture.advance(milliseconds: 48)
        headStart.signalSent()
        #expect(fixture.recorded.count == 1)
        fixture.advance(milliseconds: 1)
        headStart.signalSent()
        #expect(fixture.recorded == [300_000, 300_000])
    }

    @Test func theLiveSleepBlocksAtLeastThePause() {
        let headStart = RingingHeadStart()
        let before = monotonicNanoseconds()
        headStart.signalSent()
        #expect(monotonicNanoseconds() - before >= 300_000)
    }
}
