import DBus
import ReveilleModel
import ReveilleText

/// The kinds of error Reveille's interface answers with; each is one D-Bus error name.
public enum ReveilleErrorKind: String, CaseIterable, Sendable {
    case notFound = "NotFound"
    case invalidArgument = "InvalidArgument"
    case notRinging = "NotRinging"
    case snoozeLimitReached = "SnoozeLimitReached"
    case lockedOut = "LockedOut"
    case alarmActive = "AlarmActive"
    case limitReached = "LimitReached"
    case failed = "Failed"

    /// `io.github.Reveille1.Error.NotFound` and so on.
    public var dbusName: String { BusNames.errorPrefix + rawValue }

    /// The one table from the core's errors to the interface's.
    public init(_ error: AgentError) {
        self = switch error {
        case .notFound: .notFound
        case .invalidArgument: .invalidArgument
        case .notRinging: .notRinging
        case .snoozeLimitReached: .snoozeLimitReached
        case .lockedOut: .lockedOut
        case .alarmActive: .alarmActive
        case .limitReached: .limitReached
        case .failed: .failed
        }
    }
}

/// An error reply from the agent as a client sees it: its kind and its message.
public struct ReveilleError: Error, Equatable, Sendable, CustomStringConvertible {
    public var kind: ReveilleErrorKind
    public var message: String

    public init(kind: ReveilleErrorKind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// Reads a D-Bus error reply; nil for names outside the interface (bus errors, timeouts).
    public init?(_ error: DBusError) {
        guard error.name.hasPrefix(BusNames.errorPrefix),
              let kind = ReveilleErrorKind(rawValue: String(error.name.dropFirst(BusNames.errorPrefix.count)))
        else { return nil }
        self.init(kind: kind, message: error.message)
    }

    public var description: String { message }
}

extension AgentError {
    /// This error as a D-Bus error reply, its message rendered by `render` (the session's translator);
    /// the name never changes with the language.
    public func dbusError(rendering render: (Message) -> String = { $0.english }) -> DBusError {
        DBusError(name: ReveilleErrorKind(self).dbusName, message: render(message))
    }

    /// This error as a D-Bus error reply in English (the C locale's text).
    public var dbusError: DBusError { dbusError() }
}
