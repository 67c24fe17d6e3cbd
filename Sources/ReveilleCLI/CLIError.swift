import ReveilleAPI
import ReveilleText

/// A failure the CLI reports in one line, with the exit status scripts rely on.
///
/// Exit statuses: 0 success, 1 the operation failed, 2 bad usage or input, 3 the agent cannot be reached.
public struct CLIError: Error, CustomStringConvertible {
    /// The agent's reason, as its error reply named it; nil for the client's own errors and bus failures.
    public var kind: ReveilleErrorKind?

    public enum Status: Int32, Sendable {
        case failed = 1
        case usage = 2
        case unreachable = 3
    }

    public var status: Status
    public var message: String

    public init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The agent's error reply: bad input is a usage error, every other refusal a failure.
    public init(_ error: ReveilleError) {
        self.init(error.kind == .invalidArgument ? .usage : .failed, error.message)
        kind = error.kind
    }

    /// The CLI's own failure, in the CLI's language.
    init(_ status: Status, _ message: Message) {
        self.init(status, CLILocale.text(message))
    }

    /// A text that comes as it is (the agent's reason, a system error) is passed as a `String`.
    public static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
    public static func failed(_ message: String) -> CLIError { CLIError(.failed, message) }
    static func usage(_ message: Message) -> CLIError { CLIError(.usage, message) }
    static func failed(_ message: Message) -> CLIError { CLIError(.failed, message) }

    public var description: String { message }
}
