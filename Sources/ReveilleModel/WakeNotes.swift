import ReveilleDomain
import ReveilleText
import ReveilleTime

extension PreflightNotes {
    /// The `PreflightDetails` key of the sentence on how the machine is woken: always there, as it
    /// is not a note (nothing is wrong with a machine that wakes).
    public static let wakeStateKey = "wake-state"

    /// Which of these holds: the agent wakes the machine itself, the helper wakes it (and when), or
    /// nothing can, and why. Without a wake-capable real-time clock nothing is promised. The time of
    /// the wake is written in `style` (the session's); its date stays YYYY-MM-DD.
    public static func wakeMessage(_ status: WakeStatus, zone: ZoneRules, style: TimeStyle = .posix) -> Message {
        let local = status.at.map { zone.localDateTime(at: $0) }
        let when: [String: String] = local.map { ["time": style.time($0.time), "date": "\($0.date)"] } ?? [:]
        let held: Message
        switch status.waker {
        case .agent:
            held = local == nil
                ? Message("Reveille wakes this machine from suspend itself (its session may set CLOCK_REALTIME_ALARM timers); no alarm is due, so no wake is set.")
                : Message("Reveille wakes this machine from suspend itself (its session may set CLOCK_REALTIME_ALARM timers); it is set to wake the machine at {time} on {date}.", when)
        case .helper:
            held = local == nil
                ? Message("The wake helper reveille-waked wakes this machine from suspend; no alarm is due, so it holds no wake for this agent.")
                : Message("The wake helper reveille-waked wakes this machine from suspend; it holds a wake for this agent at {time} on {date}.", when)
        case .nothing(let why):
            return Message("Nothing can wake this machine from suspend: {reason}. An alarm rings only while the machine is awake.",
                           messages: ["reason": reason(why)])
        }
        guard status.wakeCapableClock == false else { return held }
        return Message("{sentence} But this machine has no real-time clock that can wake it (no /sys/class/rtc/rtc*/wakealarm), so the timer is armed and nothing can be promised: a suspended machine stays asleep.",
                       messages: ["sentence": held])
    }

    /// The `wake-from-suspend-unavailable` note's sentence, with why nothing can wake the machine.
    public static func unavailableMessage(_ status: WakeStatus) -> Message? {
        guard case .nothing(let why) = status.waker else { return nil }
        return Message("Reveille cannot wake this machine from suspend: {reason}. An alarm rings only once the machine is awake: keep it awake overnight.",
                       messages: ["reason": reason(why)])
    }

    /// Why nothing can wake the machine, in a few words.
    static func reason(_ why: WakeStatus.WhyNot) -> Message {
        switch why {
        case .turnedOff:
            Message("wake_from_suspend = no in reveille.conf")
        case .noHelper:
            Message("the session may not set wake alarms (no CAP_WAKE_ALARM; systemd 254 or later gives it) and the system bus cannot start the wake helper reveille-waked: it is not installed, or it failed to start (install the reveille package with its system files, and polkitd; journalctl -u reveille-waked says why it failed)")
        case .refused(let message):
            Message("the session may not set wake alarms, and polkit refused the wake helper's action io.github.reveille1.set-wake ({reason}); it allows users of an active local session, so an agent of a TTY-only or lingering user may be refused",
                    ["reason": message])
        case .unreachable(let message):
            Message("the session may not set wake alarms, and the wake helper cannot be reached ({reason})", messages: ["reason": message])
        }
    }
}
