import CNotify

/// Why a libnotify call failed, with the message GLib gave.
public struct NotifyError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that react differently to each.
    public enum Kind: Sendable, Equatable {
        /// No session bus, or nothing owns org.freedesktop.Notifications on it
        /// (or it did not answer): the desktop cannot show notifications now.
        case serverUnavailable
        /// The server answered with an error.
        case serverRefused
        /// The content cannot be sent (an empty summary, action key or label).
        case invalidContent
        /// Another `Notifier` already owns libnotify in this process.
        case alreadyInitialized
        /// `notify_init` failed.
        case initializationFailed
        /// A scheduled notification was taken after it had been cancelled or taken.
        case cancelled
    }

    public let kind: Kind
    /// The C function that failed, e.g. `notify_notification_show`.
    public let function: String
    /// A human message: GLib's, when there is a GError.
    public let message: String

    public init(_ kind: Kind, function: String, message: String) {
        self.kind = kind
        self.function = function
        self.message = message
    }

    public var description: String { "\(function): \(message)" }
}

/// The one check every libnotify call with a `GError **` goes through: runs
/// `body`, and turns a FALSE return into a `NotifyError` carrying the GError.
func check(
    _ function: String,
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> gboolean
) throws(NotifyError) {
    var error: UnsafeMutablePointer<GError>?
    let succeeded = body(&error) != 0
    defer { if let error { g_error_free(error) } }
    if succeeded { return }
    guard let error else {
        throw NotifyError(.serverRefused, function: function, message: "failed without a GError")
    }
    let kind: NotifyError.Kind = cnotify_error_is_unreachable(error) != 0 ? .serverUnavailable : .serverRefused
    throw NotifyError(kind, function: function, message: String(cString: error.pointee.message))
}

/// The check for libnotify calls that report failure as FALSE but drop the
/// GError (`notify_get_server_info`): asks GIO for the session bus to tell
/// "no bus" from "no server", the two reasons such a call fails.
func check(_ function: String, _ succeeded: gboolean) throws(NotifyError) {
    if succeeded != 0 { return }
    try check(function) { error in
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, error) else { return 0 }
        g_object_unref(UnsafeMutableRawPointer(bus))
        return 1
    }
    throw NotifyError(
        .serverUnavailable, function: function,
        message: "no notification server answered on the session bus (org.freedesktop.Notifications)"
    )
}
