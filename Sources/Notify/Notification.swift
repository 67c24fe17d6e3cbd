import CNotify
import Synchronization
import ReveilleTime

/// A posted desktop notification; it closes when its last reference goes.
public final class Notification: Sendable {
    private let notifier: Notifier
    private let handle: NotificationHandle

    init(notifier: Notifier, handle: NotificationHandle) {
        self.notifier = notifier
        self.handle = handle
    }

    deinit {
        // The GObject lives on the GLib thread; the notifier stays until it is gone.
        notifier.thread.schedule { [handle, notifier] in
            handle.release()
            _ = notifier
        }
    }

    /// The server's id, while the notification is shown; nil once closed.
    public var id: UInt32? {
        let id = handle.id.load(ordering: .acquiring)
        return id == 0 ? nil : id
    }

    /// Shows `content` in place of what is shown now, actions included; when
    /// the notification has closed meanwhile, posts it again.
    /// The corresponding C function is `notify_notification_show`.
    public func update(_ content: NotificationContent) async throws(NotifyError) {
        try content.validate()
        let handle = handle
        try await notifier.thread.perform {
            Result { () throws(NotifyError) in try handle.show(content) }
        }.get()
    }

    /// Takes the notification off the screen; `onClosed` follows when the
    /// server confirms. The corresponding C function is `notify_notification_close`.
    public func close() async throws(NotifyError) {
        let handle = handle
        try await notifier.thread.perform {
            Result { () throws(NotifyError) in try handle.close() }
        }.get()
    }
}

/// Why the server closed a notification (the spec's NotificationClosed reasons).
public enum CloseReason: Sendable, Equatable {
    case expired
    case dismissedByUser
    /// CloseNotification was called, by this process or another.
    case closedByCall
    case undefined

    init(_ reason: gint) {
        switch reason {
        case 1: self = .expired
        case 2: self = .dismissedByUser
        case 3: self = .closedByCall
        default: self = .undefined
        }
    }
}

/// The one owner of a `NotifyNotification *`, and the target its C callbacks
/// point at. Used only on the GLib thread, except `id`.
final class NotificationHandle: @unchecked Sendable {
    private let pointer: UnsafeMutablePointer<NotifyNotification>
    private let onAction: @Sendable (String) -> Void
    private let onClosed: @Sendable (CloseReason) -> Void
    private var closedHandler: gulong = 0
    /// Shown and not closed since: dropping the handle must close it.
    private var isShown = false
    let id = Atomic<UInt32>(0)

    init(
        summary: String,
        onAction: @escaping @Sendable (String) -> Void,
        onClosed: @escaping @Sendable (CloseReason) -> Void
    ) {
        pointer = notify_notification_new(summary, nil, nil)
        self.onAction = onAction
        self.onClosed = onClosed
        closedHandler = cnotify_connect_closed(pointer, { notification, data in
            Unmanaged<NotificationHandle>.fromOpaque(data!).takeUnretainedValue()
                .closed(reason: notify_notification_get_closed_reason(notification))
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Disconnects the callbacks, closes the notification if it is shown and
    /// drops the GObject. Best effort: a deinit has nobody to report to.
    func release() {
        g_signal_handler_disconnect(pointer, closedHandler)
        if isShown { notify_notification_close(pointer, nil) }
        g_object_unref(pointer)
    }

    func show(_ content: NotificationContent) throws(NotifyError) {
        try apply(content)
        try present()
    }

    /// Whether the notification is on screen: shown, and not closed since.
    var isOnScreen: Bool { isShown }

    /// Sends what was applied last to the server, in place of what it shows now.
    func present() throws(NotifyError) {
        try check("notify_notification_show") { notify_notification_show(pointer, $0) }
        isShown = true
        id.store(cnotify_notification_id(pointer), ordering: .releasing)
    }

    func close() throws(NotifyError) {
        try check("notify_notification_close") { notify_notification_close(pointer, $0) }
        isShown = false
    }

    private func closed(reason: gint) {
        isShown = false
        id.store(0, ordering: .releasing)
        onClosed(CloseReason(reason))
    }

    /// Sets what the next `present` sends: text, icon, actions, timeout and hints.
    func apply(_ content: NotificationContent) throws(NotifyError) {
        guard notify_notification_update(pointer, content.summary, content.body, content.icon) != 0 else {
            throw NotifyError(.invalidContent, function: "notify_notification_update", message: "the summary is empty")
        }
        // Actions and hints are set anew, so an update can drop some.
        notify_notification_clear_actions(pointer)
        for action in content.actions {
            notify_notification_add_action(pointer, action.key, action.label, { _, key, data in
                Unmanaged<NotificationHandle>.fromOpaque(data!).takeUnretainedValue().onAction(String(cString: key!))
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        }
        notify_notification_set_timeout(pointer, content.timeout.milliseconds)
        notify_notification_clear_hints(pointer)
        notify_notification_set_urgency(pointer, content.urgency.notifyUrgency)
        if let category = content.category { notify_notification_set_category(pointer, category) }
        if content.isResident { setHint("resident", g_variant_new_boolean(1)) }
        if content.suppressesSound { setHint("suppress-sound", g_variant_new_boolean(1)) }
        if let entry = content.desktopEntry { setHint("desktop-entry", g_variant_new_string(entry)) }
    }

    private func setHint(_ name: String, _ value: OpaquePointer?) {
        notify_notification_set_hint(pointer, name, value)
    }
}

extension NotificationContent {
    /// libnotify rejects these with a critical log instead of an error.
    func validate() throws(NotifyError) {
        func invalid(_ message: String) -> NotifyError {
            NotifyError(.invalidContent, function: "notify_notification_add_action", message: message)
        }
        if summary.isEmpty {
            throw NotifyError(.invalidContent, function: "notify_notification_update", message: "the summary is empty")
        }
        for action in actions {
            if action.key.isEmpty { throw invalid("an action has an empty key") }
            if action.label.isEmpty { throw invalid("action '\(action.key)' has an empty label") }
        }
    }
}

extension NotificationContent.Timeout {
    var milliseconds: gint {
        switch self {
        case .serverDefault: return NOTIFY_EXPIRES_DEFAULT
        case .never: return NOTIFY_EXPIRES_NEVER
        case .after(let duration):
            // 0 would mean never: the shortest real timeout is 1 ms.
            return gint(clamping: max(duration.wholeMilliseconds, 1))
        }
    }
}

extension NotificationContent.Urgency {
    var notifyUrgency: NotifyUrgency {
        switch self {
        case .low: NOTIFY_URGENCY_LOW
        case .normal: NOTIFY_URGENCY_NORMAL
        case .critical: NOTIFY_URGENCY_CRITICAL
        }
    }
}
