import ReveilleDomain
import ReveilleTime

extension PreflightNotes {
    /// The `PreflightDetails` key of the sentence on how the machine is woken: always there, as it
    /// is not a note (nothing is wrong with a machine that wakes).
    public static let wakeStateKey = "wake-state"

    /// Which of these holds: the agent wakes the machine itself, the helper wakes it (and when), or
    /// nothing can, and why. Without a wake-capable real-time clock nothing is promised.
    public static func wakeSentence(_ status: WakeStatus, zone: ZoneRules) -> String {
        let when = status.at.map { instant -> String in
            let local = zone.localDateTime(at: instant)
            return " at \(local.time) on \(local.date)"
        }
        let promise = status.wakeCapableClock == false
            ? " But this machine has no real-time clock that can wake it (no /sys/class/rtc/rtc*/wakealarm), so the timer is armed and nothing can be promised: a suspended machine stays asleep."
            : ""
        switch status.waker {
        case .agent:
            let held = when.map { "; it is set to wake the machine\($0)" } ?? "; no alarm is due, so no wake is set"
            return "Reveille wakes this machine from suspend itself (its session may set CLOCK_REALTIME_ALARM timers)\(held).\(promise)"
        case .helper:
            let held = when.map { "; it holds a wake for this agent\($0)" } ?? "; no alarm is due, so it holds no wake for this agent"
            return "The wake helper reveille-waked wakes this machine from suspend\(held).\(promise)"
        case .nothing(let why):
            return "Nothing can wake this machine from suspend: \(reason(why)). An alarm rings only while the machine is awake."
        }
    }

    /// The `wake-from-suspend-unavailable` note's sentence, with why nothing can wake the machine.
    public static func unavailableSentence(_ status: WakeStatus) -> String? {
        guard case .nothing(let why) = status.waker else { return nil }
        return "Reveille cannot wake this machine from suspend: \(reason(why)). An alarm rings only once the machine is awake: keep it awake overnight."
    }

    /// Why nothing can wake the machine, in a few words.
    static func reason(_ why: WakeStatus.WhyNot) -> String {
        switch why {
        case .turnedOff:
            "wake_from_suspend = no in reveille.conf"
        case .noHelper:
            "the session may not set wake alarms (no CAP_WAKE_ALARM; systemd 254 or later gives it) and the system bus cannot start the wake helper reveille-waked: it is not installed, or it failed to start (install the reveille package with its system files, and polkitd; journalctl -u reveille-waked says why it failed)"
        case .refused(let message):
            "the session may not set wake alarms, and polkit refused the wake helper's action io.github.reveille1.set-wake (\(message)); it allows users of an active local session, so an agent of a TTY-only or lingering user may be refused"
        case .unreachable(let message):
            "the session may not set wake alarms, and the wake helper cannot be reached (\(message))"
        }
    }
}
