import LinuxEvents
import ReveilleCore
import ReveilleTime

/// The core's wake timer on one `timerfd`: absolute wall-clock time, woken early by clock jumps.
///
/// Prefers `CLOCK_REALTIME_ALARM`, which wakes a suspended machine, and falls back to
/// `CLOCK_REALTIME` where the session lacks `CAP_WAKE_ALARM` or the configuration says
/// `wake_from_suspend = no`.
public final class LiveWakeTimer: WakeTimer {
    private let timer: TimerFD
    /// Whether the timer can wake the machine from suspend.
    public let wakesFromSuspend: Bool

    public init(reactor: Reactor = .shared, mayWakeMachine: Bool, inbox: WorldEvents) throws {
        let log = Log.shared
        let onEvent: @Sendable (TimerFD.Event) -> Void = { event in
            if event == .clockChanged { log.info("the wall clock jumped; planning again") }
            inbox.yield(event == .clockChanged ? .clockChanged : .timerExpired)
        }
        do {
            guard mayWakeMachine else { throw WakeNotWanted() }
            timer = try TimerFD(clock: .realtimeAlarm, reactor: reactor, handler: onEvent)
            wakesFromSuspend = true
        } catch {
            log.info("alarms cannot wake the machine from suspend: \(error)")
            timer = try TimerFD(clock: .realtime, reactor: reactor, handler: onEvent)
            wakesFromSuspend = false
        }
    }

    public func arm(at instant: Instant?) {
        do {
            if let instant { try timer.arm(atUnixSeconds: instant.secondsSinceEpoch) } else { try timer.disarm() }
        } catch {
            // timerfd_settime fails only on bad arguments; there is nothing better to do than say so.
            Log.shared.error("cannot arm the wake timer: \(error)")
        }
    }
}

/// Why the timer is not a `CLOCK_REALTIME_ALARM` one when the user said so.
private struct WakeNotWanted: Error, CustomStringConvertible {
    var description: String { "wake_from_suspend = no in reveille.conf" }
}
