import Glibc
import ReveilleDomain
import Synchronization

/// Writes log lines to standard error, with syslog priority prefixes where journald reads
/// them (not on a terminal).
public final class Log: Sendable {
    public static let shared = Log()
    private let lock = Mutex(())
    private let prefixed = isatty(2) == 0

    public func error(_ message: String) { write(3, message) }
    public func warning(_ message: String) { write(4, message) }
    public func info(_ message: String) { write(6, message) }

    /// A failed write is dropped: once the terminal an agent was started from has closed, stderr
    /// answers EIO (or EPIPE, for a pipe whose reader is gone, with SIGPIPE ignored), and the
    /// alarms go on without a log.
    private func write(_ priority: Int, _ message: String) {
        let line = (prefixed ? "<\(priority)>" : "") + AlarmText.printable(message) + "\n"
        lock.withLock { _ in _ = line.withCString { Glibc.write(2, $0, strlen($0)) } }
    }
}
