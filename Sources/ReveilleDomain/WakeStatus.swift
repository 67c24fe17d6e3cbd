import ReveilleText
import ReveilleTime

/// How the machine is woken from suspend for the next alarm, and why not when it cannot be:
/// the agent's `WakeState` property, and what `reveille doctor` says about waking.
public struct WakeStatus: Equatable, Sendable {
    /// What sets the wake.
    public enum Waker: Equatable, Sendable {
        /// The agent's own `CLOCK_REALTIME_ALARM` timer: systemd gave the session `CAP_WAKE_ALARM`.
        case agent
        /// The system's wake helper, `reveille-waked`, on the system bus.
        case helper
        /// Nothing can wake the machine.
        case nothing(WhyNot)
    }

    /// Why nothing can wake the machine.
    public enum WhyNot: Equatable, Sendable {
        /// `wake_from_suspend = no` in reveille.conf.
        case turnedOff
        /// The system bus cannot start `io.github.Reveille1.Wake`: the helper is not installed, or
        /// its start failed (`ServiceUnknown`, `Spawn.*`).
        case noHelper
        /// polkit refused the helper's action for this session; the helper's words.
        case refused(String)
        /// No answer: no system bus, the helper failed or timed out, or its name is owned by a
        /// process that is not the helper's user.
        case unreachable(Message)
    }

    public var waker: Waker
    /// The wake held now; nil while none is (nothing is due).
    public var at: Instant?
    /// Whether a real-time clock that can wake the machine exists (`/sys/class/rtc/rtcN/wakealarm`);
    /// without one an armed alarm timer wakes nothing, so nothing is promised. Nil when unknown.
    public var wakeCapableClock: Bool?

    public init(waker: Waker, at: Instant? = nil, wakeCapableClock: Bool? = nil) {
        self.waker = waker
        self.at = at
        self.wakeCapableClock = wakeCapableClock
    }

    /// Whether a wake can be set at all: for `keep_awake`, a working helper counts as the agent's timer.
    public var canWake: Bool {
        if case .nothing = waker { return false }
        return true
    }

    /// The `WakeState` property's name: `none` (nothing due, so no wake held), `self`, `helper`
    /// or `unavailable`.
    public var stateName: String {
        switch waker {
        case .nothing: "unavailable"
        case .agent: at == nil ? "none" : "self"
        case .helper: at == nil ? "none" : "helper"
        }
    }
}
