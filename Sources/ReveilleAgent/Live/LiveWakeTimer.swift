import LinuxEvents
import ReveilleCore
import ReveilleTime

/// The core's wake timer on one `timerfd`: absolute wall-clock time (`CLOCK_REALTIME`), woken
/// early by clock jumps. It rings alarms whenever the machine is awake; waking a suspended
/// machine is the `MachineWaker`'s work (`AgentTimerWaker` or `HelperWaker`).
public final class LiveWakeTimer: WakeTimer {
    private let timer: TimerFD

    public init(reactor: Reactor = .shared, inbox: WorldEvents) throws {
        let log = Log.shared
        timer = try TimerFD(clock: .realtime, reactor: reactor) { event in
            if event == .clockChanged { log.info("the wall clock jumped; planning again") }
            inbox.yield(event == .clockChanged ? .clockChanged : .timerExpired)
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
