import LinuxEvents
import ReveilleTime
import Synchronization

/// A moment for the bus after a `Ringing` signal, before the ring's other work.
///
/// At the due second the loop's thread sends `Ringing` and goes straight on with the rest of the
/// ring: the notification's take-over, the sound's uncork (which wakes libpulse's thread and the
/// sound server), the writes. On two cores that work took the cores dbus-daemon and the signal's
/// recipients needed, and the signal reached them 0.1–0.4 ms later than a bare program's
/// (docs/performance.md). So after `Ringing` the loop's thread sleeps for `pause` and the bus
/// routes the signal first. The sound starts that much later, far inside its own budget, and the
/// notification, which libnotify's thread shows on its own timer, does not wait at all.
///
/// At most one pause per `spacing`: however many alarms are due in the same second, their rings
/// wait for one pause, not one each.
final class RingingHeadStart: Sendable {
    static let pause: Duration = .microseconds(300)
    static let spacing: Duration = .milliseconds(50)

    /// Monotonic time now, in nanoseconds.
    private let now: @Sendable () -> Int64
    /// Blocks the calling thread for so many nanoseconds.
    private let sleep: @Sendable (Int) -> Void
    /// When the last pause began, in `now`'s nanoseconds.
    private let lastPause = Mutex<Int64?>(nil)

    init(now: @escaping @Sendable () -> Int64 = { monotonicNanoseconds() },
         sleep: @escaping @Sendable (Int) -> Void = { sleepThread(nanoseconds: $0) }) {
        self.now = now
        self.sleep = sleep
    }

    /// Called once a `Ringing` signal is handed to the bus: pauses the calling thread unless it
    /// paused less than `spacing` ago.
    func signalSent() {
        let now = self.now()
        let due = lastPause.withLock { last in
            if let last, now - last < Self.spacing.wholeNanoseconds { return false }
            last = now
            return true
        }
        if due { sleep(Int(Self.pause.wholeNanoseconds)) }
    }
}
