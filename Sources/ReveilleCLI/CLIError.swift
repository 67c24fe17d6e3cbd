/// A failure the CLI reports in one line, with the exit status scripts rely on.
///
/// Exit statuses: 0 success, 1 the operation failed, 2 bad usage or input, 3 the agent cannot be reached.
public struct CLIError: Error, CustomStringConvertible {
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

    public static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
    public static func failed(_ message: String) -> CLIError { CLIError(.failed, message) }

    public var description: String { message }
}
