import DBus
import Glibc
import Synchronization

/// The calls the agent makes about the wake helper `reveille-waked` on the system bus: the one
/// seam between `HelperWaker`'s rules (what to send, when, and whom to trust) and libdbus, so that
/// the rules are tested on a fake bus.
protocol WakeHelperBus: Sendable {
    /// Calls `method` (`SetWake`, `CancelWake`) of the helper's interface, as whoever owns its name.
    func callHelper(_ method: String, _ arguments: [Value], timeout: Duration) async throws(DBusError)
    /// The uid the name's owner runs as (`GetNameOwner`, then `GetConnectionUnixUser`).
    func ownerUID() async throws(DBusError) -> UInt32
    /// The helper's `CanWakeSystem` property; nil when it cannot be read.
    func canWakeSystem() async -> Bool?
    /// From now on calls `changed` whenever the helper's name changes owner, with whether it lost
    /// its owner; for as long as this bus lives.
    func followOwner(_ changed: @escaping @Sendable (_ gone: Bool) -> Void) async throws(DBusError)
}

/// `WakeHelperBus` on the agent's system-bus connection, which it shares with the agent's other
/// system-bus clients (logind, UPower): the `Connection` owns the libdbus handle, this only calls on it.
final class LiveWakeHelperBus: WakeHelperBus {
    static let busName = "io.github.Reveille1.Wake"
    static let path = "/io/github/Reveille1/Wake"

    private let system: Connection
    /// Kept for its match rule: the helper's name changing owner.
    private let ownerWatch = Mutex<Subscription?>(nil)

    init(_ system: Connection) {
        self.system = system
    }

    func callHelper(_ method: String, _ arguments: [Value], timeout: Duration) async throws(DBusError) {
        _ = try await system.call(destination: Self.busName, path: Self.path, interface: Self.busName, method: method,
                                  arguments: arguments, timeout: timeout)
    }

    func ownerUID() async throws(DBusError) -> UInt32 {
        let owner = try await callBus("GetNameOwner", .string(Self.busName))
        guard let unique = owner.first?.stringValue else {
            throw DBusError(name: DBusError.Name.failed, message: "GetNameOwner gave no name")
        }
        let reply = try await callBus("GetConnectionUnixUser", .string(unique))
        guard let uid = reply.first?.integer(as: UInt32.self) else {
            throw DBusError(name: DBusError.Name.failed, message: "GetConnectionUnixUser gave no uid")
        }
        return uid
    }

    func canWakeSystem() async -> Bool? {
        let reply = try? await system.call(
            destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(Self.busName), .string("CanWakeSystem")], timeout: .seconds(5))
        return reply?.first?.boolValue
    }

    func followOwner(_ changed: @escaping @Sendable (_ gone: Bool) -> Void) async throws(DBusError) {
        let subscription = try await system.subscribe(.nameOwnerChanged(Self.busName)) { signal in
            guard signal.arguments.count == 3 else { return }
            changed(signal.arguments[2].stringValue == "")
        }
        ownerWatch.withLock { $0 = subscription }
    }

    private func callBus(_ method: String, _ argument: Value) async throws(DBusError) -> [Value] {
        try await system.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                              interface: "org.freedesktop.DBus", method: method, arguments: [argument], timeout: .seconds(5))
    }
}

/// The uid of the helper's system user `reveille-wake`, from the user database; nil when the
/// user does not exist (the helper is not installed). The corresponding C function is `getpwnam_r`.
func helperUserID() -> UInt32? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    let status = getpwnam_r(HelperWaker.user, &entry, &buffer, buffer.count, &found)
    return status == 0 && found != nil ? entry.pw_uid : nil
}
