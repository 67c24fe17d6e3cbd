import LinuxEvents
import ReveilleWake

/// The helper's one `CLOCK_REALTIME_ALARM` timer (LinuxEvents' `TimerFD`): it resumes the machine
/// from suspend at its deadline. Creating it needs `CAP_WAKE_ALARM`, so a helper without the
/// capability fails at start rather than holding wakes it cannot keep.
final class LiveWakeTimer: WakeTimer {
    private let timer: TimerFD

    /// `fired` runs on the event loop's thread when the deadline passes or the wall clock jumps.
    init(fired: @escaping @Sendable () -> Void) throws {
        timer = try TimerFD(clock: .realtimeAlarm) { _ in fired() }
    }

    func arm(atUnixSeconds seconds: Int64) throws { try timer.arm(atUnixSeconds: seconds) }

    func disarm() throws { try timer.disarm() }
}

/// The wall clock and the monotonic clock, from LinuxEvents.
struct LiveWakeClock: WakeClock {
    var unixSeconds: Int64 { realtimeNow().seconds }
    var uptime: Duration { .nanoseconds(monotonicNanoseconds()) }
}
