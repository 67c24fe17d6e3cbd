import DBus
import Notify
import ReveilleCore
import ReveilleDomain
import Synchronization

/// Shows ringing alarms as freedesktop notifications through libnotify.
///
/// Without a notification server the alarm still rings, and the challenge opens directly.
public final class LiveNotifier: AlarmNotifier {
    private let notifier: Notifier?
    private let jobs = SerialTasks()
    private let posted = Mutex<[AlarmID: Notification]>([:])
    /// What each alarm's notification offers now, to recognise clicks on actions it no longer shows.
    private let offered = Mutex<[AlarmID: (keys: Set<String>, onAction: @Sendable (String) -> Void)]>([:])
    private let staleActions = Mutex<Subscription?>(nil)
    private let notices = Mutex<[Notification]>([])

    public static let desktopEntry = "io.github.Reveille1"

    public init() {
        do { notifier = try Notifier(appName: "Reveille") } catch {
            Log.shared.error("notifications are unavailable: \(error)")
            notifier = nil
        }
    }

    /// Whether a notification server runs and offers actions; nil reason when it does.
    public func problem() async -> String? {
        guard let notifier else { return "libnotify could not start" }
        do {
            let capabilities = try await notifier.capabilities()
            return capabilities.contains("actions") ? nil : "the notification server does not show actions"
        } catch {
            return "no notification server: \(error)"
        }
    }

    public func show(_ id: AlarmID, _ notification: RingNotification, onAction: @escaping @Sendable (String) -> Void) {
        var actions: [NotificationContent.Action] = []
        if let snooze = notification.snoozeLabel { actions.append(.init(key: "snooze", label: snooze)) }
        actions += [.init(key: "dismiss", label: "Dismiss"), .init(key: "default", label: "Dismiss")]
        let content = NotificationContent(
            summary: notification.summary, body: notification.body, actions: actions, urgency: .critical,
            timeout: .never, isResident: true, suppressesSound: true, desktopEntry: Self.desktopEntry)
        offered.withLock { $0[id] = (Set(actions.map(\.key)), onAction) }
        jobs.add { [self] in
            do {
                if let existing = posted.withLock({ $0[id] }) {
                    try await existing.update(content)
                } else {
                    guard let notifier else { throw NotifyUnavailable() }
                    let handle = try await notifier.post(content, onAction: onAction) { [weak self] reason in
                        // Closed by the user or the server: forget it, so the next show posts anew.
                        if reason != .closedByCall { _ = self?.posted.withLock { $0.removeValue(forKey: id) } }
                    }
                    posted.withLock { $0[id] = handle }
                }
            } catch {
                Log.shared.error("cannot show the notification for \(id): \(error); opening the challenge directly")
                onAction("default")
            }
        }
    }

    public func close(_ id: AlarmID) {
        _ = offered.withLock { $0.removeValue(forKey: id) }
        jobs.add { [self] in
            guard let handle = posted.withLock({ $0.removeValue(forKey: id) }) else { return }
            try? await handle.close()
        }
    }

    /// Follows clicks on actions a notification no longer offers: a Snooze button still on
    /// screen from before the limit was reached. libnotify drops those, so they are read from the bus.
    public func followStaleActions(on connection: Connection) async {
        let rule = MatchRule(sender: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                             interface: "org.freedesktop.Notifications", member: "ActionInvoked")
        do {
            let subscription = try await connection.subscribe(rule) { [weak self] signal in
                guard let self, signal.arguments.count == 2, let number = signal.arguments[0].integer(as: UInt32.self),
                      let key = signal.arguments[1].stringValue else { return }
                let stale = self.posted.withLock { posted in posted.first { $0.value.id == number }?.key }
                    .flatMap { id in self.offered.withLock { $0[id] } }
                    .flatMap { $0.keys.contains(key) ? nil : $0.onAction }
                stale?(key)
            }
            staleActions.withLock { $0 = subscription }
        } catch {
            Log.shared.warning("cannot follow notification clicks on the bus: \(error)")
        }
    }

    public func notice(summary: String, body: String) {
        jobs.add { [self] in
            guard let notifier else { return }
            do {
                let content = NotificationContent(summary: summary, body: body, urgency: .normal,
                                                  desktopEntry: Self.desktopEntry)
                let handle = try await notifier.post(content, onAction: { _ in }, onClosed: { _ in })
                notices.withLock { $0.append(handle) }
            } catch {
                Log.shared.error("cannot show a notice: \(error)")
            }
        }
    }
}

struct NotifyUnavailable: Error, CustomStringConvertible {
    var description: String { "libnotify is not available" }
}
