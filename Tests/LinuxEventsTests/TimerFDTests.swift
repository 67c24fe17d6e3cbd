import Dispatch
import Glibc
@testable import LinuxEvents
import Testing
import SystemSupport

@Suite struct TimerFDTests {
    let queue = DispatchQueue(label: "TimerFDTests")

    private func makeTimer() throws -> (TimerFD, Recorder<TimerFD.Event>) {
        let events = Recorder<TimerFD.Event>()
        return (try TimerFD(clock: .realtime, queue: queue) { events.record($0) }, events)
    }

    private func secondsFromNow(_ offset: Int64) -> Int64 { realtimeNow().seconds + offset }

    @Test func firesOnceAtItsDeadline() async throws {
        let (timer, events) = try makeTimer()
        try timer.arm(atUnixSeconds: secondsFromNow(1), nanoseconds: 500_000_000)
        #expect(await events.waitFor(count: 1) == [.expired])
        // A one-shot timer: nothing more arrives later.
        try await Task.sleep(for: .seconds(1.5))
        #expect(events.values == [.expired])
    }

    @Test func armingInThePastFiresAtOnce() async throws {
        let (timer, events) = try makeTimer()
        try timer.arm(atUnixSeconds: secondsFromNow(-60))
        #expect(await events.waitFor(count: 1) == [.expired])
    }

    @Test func armingAtTheEpochFiresRatherThanDisarming() async throws {
        let (timer, events) = try makeTimer()
        try timer.arm(atUnixSeconds: 0)
        #expect(await events.waitFor(count: 1) == [.expired])
    }

    @Test func rearmingLaterReplacesTheEarlierDeadline() async throws {
        let (timer, events) = try makeTimer()
        try timer.arm(atUnixSeconds: secondsFromNow(1))
        try timer.arm(atUnixSeconds: secondsFromNow(3600))
        try await Task.sleep(for: .seconds(2.5))
        #expect(events.values.isEmpty)
    }

    @Test func rearmingEarlierReplacesTheLaterDeadline() async throws {
        let (timer, events) = try makeTimer()
        try timer.arm(atUnixSeconds: secondsFromNow(3600))
        try timer.arm(atUnixSeconds: secondsFromNow(1))
        #expect(await events.waitFor(count: 1) == [.expired])
    }

    @Test func disarmingPreventsFiring() async throws {
        let (timer, events) = try makeTimer()
        try timer.arm(atUnixSeconds: secondsFromNow(1))
        try timer.disarm()
        try await Task.sleep(for: .seconds(2.5))
        #expect(events.values.isEmpty)
    }

    @Test func aCancelledReadMeansTheClockChanged() {
        #expect(TimerFD.decodeRead(result: -1, errno: ECANCELED) == .clockChanged)
    }

    @Test func aFullReadMeansTheDeadlinePassed() {
        #expect(TimerFD.decodeRead(result: 8, errno: 0) == .expired)
    }

    @Test(arguments: [EAGAIN, EINTR])
    func anEmptyOrInterruptedReadReportsNothing(code: Int32) {
        #expect(TimerFD.decodeRead(result: -1, errno: code) == nil)
    }

    @Test func anUnexpectedReadErrorWakesTheAgentToReplan() {
        #expect(TimerFD.decodeRead(result: -1, errno: EIO) == .expired)
    }

    @Test func anAlarmClockTimerIsCreatedOrRefusedAsUnavailable() throws {
        do {
            _ = try TimerFD(clock: .realtimeAlarm, queue: queue) { _ in }
        } catch let error as WakeFromSuspendUnavailable {
            #expect([EPERM, EINVAL, EOPNOTSUPP].contains(error.cause.code))
            #expect(error.description.hasPrefix("wake-from-suspend unavailable"))
            #expect(error.cause.call.contains("timerfd_create"))
        }
    }

    @Test func aRefusedAlarmClockBlamesTheMissingCapability() {
        let error = WakeFromSuspendUnavailable(cause: SystemError(call: "timerfd_create(realtimeAlarm)", code: EPERM))
        #expect(error.description == "wake-from-suspend unavailable: the process lacks CAP_WAKE_ALARM"
            + " (timerfd_create(realtimeAlarm) failed: Operation not permitted (errno 1))")
    }
}
