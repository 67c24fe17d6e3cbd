import CPulse

/// Why talking to the sound server failed.
public struct PulseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// No server answered: none running, wrong address, or access refused.
        case unreachable
        /// The server did not answer in time; it may hang.
        case timedOut
        /// The connection was lost: the server died or restarted. Connect anew to retry.
        case serverGone
        /// The server refused the request (for example, no such sink).
        case failed
        /// The sound's sample rate or channel count cannot be played.
        case unsupportedSound
    }

    public let kind: Kind
    /// The libpulse function that failed.
    public let operation: String
    /// libpulse's explanation, for people.
    public let detail: String

    public init(kind: Kind, operation: String, detail: String) {
        self.kind = kind
        self.operation = operation
        self.detail = detail
    }

    public var description: String {
        switch kind {
        case .unreachable: "cannot reach the sound server (\(operation)): \(detail)"
        case .timedOut: "the sound server did not answer \(operation) in time"
        case .serverGone: "lost the sound server (\(operation)): \(detail)"
        case .failed: "the sound server refused \(operation): \(detail)"
        case .unsupportedSound: "cannot play this sound (\(operation)): \(detail)"
        }
    }

    /// The error a libpulse error number stands for. The corresponding C function is `pa_strerror`.
    init(kind: Kind, operation: String, code: Int32) {
        let detail = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        self.init(kind: kind, operation: operation, detail: detail)
    }

    /// The context's last error; `serverGone` whatever `kind` says once the connection itself is
    /// lost (unless it never came up: then `unreachable`). The corresponding C function is `pa_context_errno`.
    init(lastErrorOf context: OpaquePointer, kind: Kind, operation: String) {
        let connectionLost = kind != .unreachable && PA_CONTEXT_IS_GOOD(pa_context_get_state(context)) == 0
        self.init(kind: connectionLost ? .serverGone : kind, operation: operation, code: pa_context_errno(context))
    }
}
