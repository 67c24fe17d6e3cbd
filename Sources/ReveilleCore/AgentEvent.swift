import ReveilleDomain
import ReveilleTime

/// What the core tells the outside world happened; the D-Bus harness turns these into signals.
public enum AgentEvent: Equatable, Sendable {
    case ringing(AlarmID, label: String, snoozeCount: Int)
    case snoozed(AlarmID, snoozeCount: Int, until: Instant)
    case dismissed(AlarmID)
    case challengeChanged(AlarmID)
    case alarmsChanged
    case ringingAlarmsChanged([AlarmID])
    case nextFireChanged(AlarmID?, Instant?)
}
