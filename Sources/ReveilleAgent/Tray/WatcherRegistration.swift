import DBus
import Synchronization

/// Registers the item with `org.kde.StatusNotifierWatcher` whenever one is on the bus: once at
/// start if one is, and again each time the name gets a new owner (a watcher that starts late or
/// restarts has forgotten the item). It follows `NameOwnerChanged` of that one name: with no
/// watcher nothing is called and nothing wakes the agent.
///
/// The item is registered under the agent's unique bus name, which the watchers read as the
/// service with the item at `/StatusNotifierItem`; it leaves the watcher's list when the agent
/// leaves the bus.
final class WatcherRegistration: Sendable {
    private let connection: Connection
    private let subscription = Mutex<Subscription?>(nil)
    private let registered = Atomic(0)

    init(connection: Connection) {
        self.connection = connection
    }

    /// Registrations that the watcher accepted, for tests.
    var count: Int { registered.load(ordering: .acquiring) }

    func start() async {
        do {
            let followed = try await connection.subscribe(.nameOwnerChanged(TrayNames.watcher)) { [weak self] signal in
                guard let self, signal.arguments.count == 3, let owner = signal.arguments[2].stringValue, !owner.isEmpty
                else { return }
                Task { await self.register(with: owner) }
            }
            subscription.withLock { $0 = followed }
        } catch {
            return Log.shared.warning("cannot follow \(TrayNames.watcher) on the bus; the tray icon stays away: \(error)")
        }
        // Asked after the match is in place, so that a watcher starting meanwhile is not missed
        // (it may then be registered with twice, which the watchers take as once).
        if let owner = await currentOwner() { await register(with: owner) }
    }

    /// The watcher's unique name now; nil when there is none.
    private func currentOwner() async -> String? {
        let reply = try? await connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", arguments: [.string(TrayNames.watcher)])
        return reply?.first?.stringValue
    }

    /// `RegisterStatusNotifierItem` on the watcher's unique name: a call to its well-known name
    /// could start another watcher through D-Bus activation.
    private func register(with owner: String) async {
        do {
            _ = try await connection.call(
                destination: owner, path: TrayNames.watcherPath, interface: TrayNames.watcher,
                method: "RegisterStatusNotifierItem", arguments: [.string(connection.uniqueName)])
            registered.add(1, ordering: .releasing)
            Log.shared.info("the tray icon is registered with \(TrayNames.watcher) (\(owner))")
        } catch {
            Log.shared.warning("\(TrayNames.watcher) (\(owner)) refused the tray icon: \(error)")
        }
    }
}
