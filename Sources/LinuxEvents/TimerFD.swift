import CLinux
import Dispatch
import Glibc
import SystemSupport

/// A wall-clock deadline that wakes the agent: a `timerfd` armed at an absolute instant.
///
/// The timer is created with `TFD_TIMER_CANCEL_ON_SET`, so a jump of the wall clock (NTP step,
/// the user setting the time) wakes it at once with `.clockChanged`, and the agent re-plans.
/// The descriptor is closed when the timer is dropped.
///
/// Sendable by hand: `watch` is touched only in `init` and `deinit`, and `timerfd_settime`
/// may be called from any thread.
public final class TimerFD: @unchecked Sendable {
    public enum Clock: Sendable {
        /// `CLOCK_REALTIME`: fires while the machine is awake.
        case realtime
        /// `CLOCK_REALTIME_ALARM`: also resumes the machine from suspend; needs `CAP_WAKE_ALARM`.
        case realtimeAlarm
    }

    public enum Event: Equatable, Sendable {
        /// The deadline passed.
        case expired
        /// The wall clock jumped; any planned deadline may now be wrong. The timer stays armed at
        /// the same wall-clock instant: re-arm it if the plan moved.
        case clockChanged
    }

    private let descriptor: Int32
    private let reactor: Reactor
    private let watch: Reactor.Watch

    /// Creates a disarmed timer whose events are delivered to `handler` on the thread of `reactor`.
    ///
    /// The corresponding C function is `timerfd_create`.
    /// - Throws: `WakeFromSuspendUnavailable` when `.realtimeAlarm` is not permitted or not
    ///   supported, so the caller can fall back to `.realtime`; `SystemError` otherwise.
    public init(
        clock: Clock, reactor: Reactor = .shared, handler: @escaping @Sendable (Event) -> Void
    ) throws {
        let fd = try TimerFD.create(clock)
        descriptor = fd
        self.reactor = reactor
        do {
            watch = try reactor.watch(fd, for: .readable) { _ in
                var expirations: UInt64 = 0
                let result = Glibc.read(fd, &expirations, MemoryLayout<UInt64>.size)
                if let event = TimerFD.decodeRead(result: result, errno: errno) { handler(event) }
            }
        } catch {
            close(fd)
            throw error
        }
    }

    /// As above, with `handler` run on `queue`.
    public convenience init(
        clock: Clock, queue: DispatchQueue, handler: @escaping @Sendable (Event) -> Void
    ) throws {
        try self.init(clock: clock) { event in queue.async { handler(event) } }
    }

    deinit { reactor.closing(descriptor, after: watch) }

    private static func create(_ clock: Clock) throws -> Int32 {
        let clockID = clock == .realtime ? CLOCK_REALTIME : CLOCK_REALTIME_ALARM
        let flags = Int32(TFD_NONBLOCK | TFD_CLOEXEC)
        do {
            return try check("timerfd_create(\(clock))", timerfd_create(clockID, flags))
        } catch {
            // (A `catch where` on this typed error crashes the Swift 6.3 compiler.)
            guard clock == .realtimeAlarm, WakeFromSuspendUnavailable.covers(error.code) else { throw error }
            throw WakeFromSuspendUnavailable(cause: error)
        }
    }

    /// Fires at the given wall-clock instant, replacing any earlier deadline.
    /// An instant already past fires at once. `nanoseconds` must be in `0..<1_000_000_000`.
    ///
    /// The corresponding C function is `timerfd_settime` with `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET`.
    public func arm(atUnixSeconds seconds: Int64, nanoseconds: Int = 0) throws {
        precondition((0..<1_000_000_000).contains(nanoseconds), "nanoseconds out of range")
        // An all-zero it_value would disarm instead; any instant up to the epoch is long past, so
        // the first nanosecond after it stands in.
        let value = (seconds, nanoseconds) <= (0, 0) ? timespec(tv_sec: 0, tv_nsec: 1)
            : timespec(tv_sec: Int(seconds), tv_nsec: nanoseconds)
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        try set(itimerspec(it_interval: timespec(), it_value: value), flags: flags, call: "arm")
    }

    /// Cancels the deadline; an expiry not yet delivered is dropped too.
    ///
    /// The corresponding C function is `timerfd_settime` with a zero `it_value`.
    public func disarm() throws {
        try set(itimerspec(), flags: 0, call: "disarm")
    }

    private func set(_ spec: itimerspec, flags: Int32, call: String) throws {
        var spec = spec
        try check("timerfd_settime(\(call))", timerfd_settime(descriptor, flags, &spec, nil))
    }

    /// What one `read` of the timer's descriptor means: the seam through which tests feed a
    /// clock change without touching the machine's clock.
    ///
    /// - Returns: `nil` when there is nothing to report (the read raced a re-arm or a signal).
    static func decodeRead(result: Int, errno code: Int32) -> Event? {
        if result >= 0 { return .expired }
        switch code {
        case ECANCELED: return .clockChanged
        case EAGAIN, EINTR: return nil
        // No other error is documented; waking the agent to re-plan is the safe answer.
        default: return .expired
        }
    }
}

/// The machine cannot be woken from suspend by this process: `CLOCK_REALTIME_ALARM` timers
/// need `CAP_WAKE_ALARM` (which logind before systemd 254 does not grant) and kernel support.
public struct WakeFromSuspendUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    public let cause: SystemError

    static func covers(_ code: Int32) -> Bool {
        code == EPERM || code == EINVAL || code == EOPNOTSUPP
    }

    public var description: String {
        let why = cause.code == EPERM ? "the process lacks CAP_WAKE_ALARM" : "the kernel has no alarm timers"
        return "wake-from-suspend unavailable: \(why) (\(cause))"
    }
}
