import CNotify
import SystemSupport
import Synchronization

/// The process's connection to the desktop's notification server: owns
/// libnotify's initialisation and the GLib thread all its calls run on.
public final class Notifier: Sendable {
    let thread: GLibThread

    /// libnotify's state is global, so at most one `Notifier` lives at a time.
    private static let exists = Atomic<Bool>(false)

    /// The corresponding C function is `notify_init`; no D-Bus traffic yet.
    public init(appName: String) throws(NotifyError) {
        guard Self.exists.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw NotifyError(.alreadyInitialized, function: "notify_init", message: "libnotify is already initialised in this process")
        }
        thread = GLibThread(name: "notify")
        let initialised = Mutex(false)
        thread.performAndWait { initialised.withLock { $0 = notify_init(appName) != 0 } }
        guard initialised.withLock({ $0 }) else {
            Self.exists.store(false, ordering: .releasing)
            throw NotifyError(.initializationFailed, function: "notify_init", message: "libnotify refused the app name '\(appName)'")
        }
    }

    deinit {
        // Runs after every Notification's release: each keeps its notifier.
        thread.performAndWait { notify_uninit() }
        Self.exists.store(false, ordering: .releasing)
    }

    /// Who the notification server is. The corresponding C function is
    /// `notify_get_server_info`.
    public func serverInfo() async throws(NotifyError) -> ServerInfo {
        try await thread.perform {
            Result { () throws(NotifyError) in
                var name, vendor, version, specVersion: UnsafeMutablePointer<CChar>?
                try check("notify_get_server_info", notify_get_server_info(&name, &vendor, &version, &specVersion))
                return ServerInfo(name: take(name), vendor: take(vendor), version: take(version), specVersion: take(specVersion))
            }
        }.get()
    }

    /// What the server supports, e.g. `actions`, `body`, `persistence`.
    /// The corresponding C function is `notify_get_server_caps`.
    public func capabilities() async throws(NotifyError) -> [String] {
        try await thread.perform {
            Result { () throws(NotifyError) in
                // notify_get_server_caps returns NULL both for no server and for
                // no capabilities, and logs a warning for the former: ask first.
                try check("notify_get_server_info", notify_get_server_info(nil, nil, nil, nil))
                var capabilities: [String] = []
                let list = notify_get_server_caps()
                var node = list
                while let current = node {
                    capabilities.append(String(cString: current.pointee.data.assumingMemoryBound(to: CChar.self)))
                    node = current.pointee.next
                }
                g_list_free_full(list, g_free)
                return capabilities
            }
        }.get()
    }

    /// Shows a new notification. `onAction` gets the key of an invoked
    /// action, `onClosed` why the server closed it; both run on the GLib
    /// thread and must return quickly. The corresponding C function is
    /// `notify_notification_show`.
    public func post(
        _ content: NotificationContent,
        onAction: @escaping @Sendable (String) -> Void,
        onClosed: @escaping @Sendable (CloseReason) -> Void
    ) async throws(NotifyError) -> Notification {
        try content.validate()
        let handle = try await thread.perform { Self.show(content, onAction: onAction, onClosed: onClosed) }.get()
        return Notification(notifier: self, handle: handle)
    }

    /// On the GLib thread.
    private static func show(
        _ content: NotificationContent, onAction: @escaping @Sendable (String) -> Void,
        onClosed: @escaping @Sendable (CloseReason) -> Void
    ) -> Result<NotificationHandle, NotifyError> {
        Result { () throws(NotifyError) in
            let handle = NotificationHandle(summary: content.summary, onAction: onAction, onClosed: onClosed)
            do throws(NotifyError) {
                try handle.show(content)
            } catch {
                handle.release()
                throw error
            }
            return handle
        }
    }
}

/// What `notify_get_server_info` reports about the notification server.
public struct ServerInfo: Sendable, Equatable {
    public var name: String
    public var vendor: String
    public var version: String
    /// The version of the Desktop Notifications Specification it implements.
    public var specVersion: String

    public init(name: String, vendor: String, version: String, specVersion: String) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
    }
}

/// Takes ownership of a string GLib allocated.
private func take(_ string: UnsafeMutablePointer<CChar>?) -> String {
    guard let string else { return "" }
    defer { g_free(string) }
    return String(cString: string)
}
