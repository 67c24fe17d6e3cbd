import ReveilleDomain
import ReveilleText
import ReveilleTime

/// Why the core refused a request. Each case maps to one D-Bus error name; its `message` is the
/// reader's text, which the harness renders in the session's language (`description` is English).
public enum AgentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No alarm has this id (the id as given, already shortened and escaped).
    case notFound(String)
    case invalidArgument(Message)
    case notRinging(AlarmID)
    case snoozeLimitReached(AlarmID)
    case lockedOut(until: Instant)
    case alarmActive(AlarmID)
    /// The agent keeps at most this many alarms, so that every reply fits a D-Bus message.
    case limitReached(alarms: Int)
    /// Storage or another part of the machine failed; nothing was changed.
    case failed(Message)

    /// What went wrong, for the person who asked.
    public var message: Message {
        switch self {
        case .notFound(let id): Message("no alarm with id '{id}'", ["id": id])
        case .invalidArgument(let message): message
        case .notRinging(let id): Message("alarm {id} is not ringing", ["id": id.rawValue])
        case .snoozeLimitReached(let id): Message("alarm {id} has no snoozes left: solve its challenge to stop it", ["id": id.rawValue])
        case .lockedOut(let until):
            Message("too many wrong answers: answers are refused until {until} (Unix time)", ["until": String(until.secondsSinceEpoch)])
        case .alarmActive(let id): Message("alarm {id} is ringing or snoozed: solve its challenge first", ["id": id.rawValue])
        case .limitReached(let limit):
            Message("there are already {count} alarms, the most the agent keeps: remove one first", ["count": String(limit)])
        case .failed(let message): message
        }
    }

    /// The message in English (the C locale's text).
    public var description: String { message.english }
}
