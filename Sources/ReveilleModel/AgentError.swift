import ReveilleDomain
import ReveilleTime

/// Why the core refused a request. Each case maps to one D-Bus error name.
public enum AgentError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(String)
    case invalidArgument(String)
    case notRinging(AlarmID)
    case snoozeLimitReached(AlarmID)
    case lockedOut(until: Instant)
    case alarmActive(AlarmID)
    /// The agent keeps at most this many alarms, so that every reply fits a D-Bus message.
    case limitReached(alarms: Int)
    /// Storage or another part of the machine failed; nothing was changed.
    case failed(String)

    public var description: String {
        switch self {
        case .notFound(let id): "no alarm with id '\(id)'"
        case .invalidArgument(let message): message
        case .notRinging(let id): "alarm \(id) is not ringing"
        case .snoozeLimitReached(let id): "alarm \(id) has no snoozes left: solve its challenge to stop it"
        case .lockedOut(let until): "too many wrong answers: answers are refused until \(until.secondsSinceEpoch) (Unix time)"
        case .alarmActive(let id): "alarm \(id) is ringing or snoozed: solve its challenge first"
        case .limitReached(let limit): "there are already \(limit) alarms, the most the agent keeps: remove one first"
        case .failed(let message): message
        }
    }
}
