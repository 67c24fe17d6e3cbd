import ReveilleDomain
import ReveilleTime
import Synchronization

/// What the core tells the outside world happened; the D-Bus harness turns these into signals.
public enum AgentEvent: Equatable, Sendable {
    case ringing(AlarmID, label: String, snoozeCount: Int)
    case snoozed(AlarmID, snoozeCount: Int, until: Instant)
    case dismissed(AlarmID)
    case challengeChanged(AlarmID)
    case alarmsChanged
    case ringingAlarmsChanged([AlarmID])
    case nextFireChanged(AlarmID?, Instant?)
    /// The `WakeState` property: `WakeStatus.stateName` and the wake held.
    case wakeStateChanged(String, Instant?)
}

/// Hands the core's events to whoever listens, synchronously and in order.
public final class EventRelay: Sendable {
    private let listeners = Mutex<[@Sendable (AgentEvent) -> Void]>([])

    public init() {}

    public func listen(_ listener: @escaping @Sendable (AgentEvent) -> Void) {
        listeners.withLock { $0.append(listener) }
    }

    func send(_ event: AgentEvent) {
        for listener in listeners.withLock({ $0 }) { listener(event) }
    }
}
