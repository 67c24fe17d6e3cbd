import DBus
import ReveilleWake
import Synchronization

/// The bus as the helper sees it: who a caller is (the bus driver), whether polkit lets it set
/// wakes, and when its connection leaves (`NameOwnerChanged` of its unique name).
final class LiveWakeBus: WakeBus {
    private let connection: Connection
    private let left: @Sendable (String) -> Void
    /// One match rule per followed connection: no signal reaches the helper for anyone else's.
    private let followed = Mutex<[String: Subscription]>([:])

    /// `left` gets the unique name of each followed connection that leaves the bus.
    init(connection: Connection, left: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        self.left = left
    }

    func unixUser(of connection: String) async throws -> UInt32 {
        let reply = try await self.connection.call(
            destination: Polkit.busDriver, path: "/org/freedesktop/DBus", interface: Polkit.busDriver,
            method: "GetConnectionUnixUser", arguments: [.string(connection)])
        guard let uid = reply.first?.integer(as: UInt32.self) else {
            throw DBusError(name: DBusError.Name.failed, message: "unexpected reply to GetConnectionUnixUser: \(reply)")
        }
        return uid
    }

    /// `CheckAuthorization` for the caller's bus name, flags 0 (never interactive), no cancellation id.
    func authorize(_ connection: String) async -> AuthorityAnswer {
        let subject = Value.structure([.string("system-bus-name"), .vardict(["name": .string(connection)])])
        do {
            let reply = try await self.connection.call(
                destination: Polkit.name, path: Polkit.path, interface: Polkit.interface, method: "CheckAuthorization",
                arguments: [
                    subject, .string(WakeAuthorization.actionID), .dictionary(key: "s", value: "s", []), .uint32(0), .string(""),
                ])
            guard let fields = reply.first?.structureFields, fields.count == 3,
                  let authorized = fields[0].boolValue, let challenge = fields[1].boolValue
            else { return .unavailable("unexpected reply to CheckAuthorization: \(reply)") }
            return .answered(isAuthorized: authorized, isChallenge: challenge)
        } catch {
            return .unavailable("\(error)")
        }
    }

    func follow(_ connection: String) async -> Bool {
        guard followed.withLock({ $0[connection] }) == nil else { return true }
        let left = self.left
        let subscription: Subscription
        do {
            subscription = try await self.connection.subscribe(.nameOwnerChanged(connection)) { signal in
                // A unique name is never owned again: any change of its owner is its connection leaving.
                if signal.arguments.count == 3, signal.arguments[2].stringValue == "" { left(connection) }
            }
        } catch {
            return false
        }
        let kept = followed.withLock { table -> Bool in
            guard table[connection] == nil else { return false }
            table[connection] = subscription
            return true
        }
        if !kept { subscription.cancel() }
        // It may have left before the rule was in place.
        return (try? await self.connection.nameHasOwner(connection)) ?? false
    }

    func unfollow(_ connection: String) {
        followed.withLock { $0.removeValue(forKey: connection) }?.cancel()
    }
}

/// polkit's authority and the bus driver, as the helper calls them.
enum Polkit {
    static let name = "org.freedesktop.PolicyKit1"
    static let path = "/org/freedesktop/PolicyKit1/Authority"
    static let interface = "org.freedesktop.PolicyKit1.Authority"
    static let busDriver = "org.freedesktop.DBus"
}
