import DBus

/// The graphical session's environment, as the systemd user manager knows it.
///
/// The agent may start before the desktop (from `default.target`), so `DISPLAY` and friends
/// are read at the moment a terminal is launched, not at start. Without a user manager
/// (a bare D-Bus activation) the agent's own environment stands.
struct SessionEnvironment: Sendable {
    let connection: Connection

    func fetch() async -> [String: String] {
        await fetchIfAvailable() ?? [:]
    }

    /// The manager's environment; nil when there is no user manager to ask (or it did not answer).
    /// The manager sends no `PropertiesChanged` for `Environment` (systemd declares it without
    /// `SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE`), so a caller that follows it reads it again when it
    /// needs to be current.
    func fetchIfAvailable() async -> [String: String]? {
        do {
            let reply = try await connection.call(
                destination: "org.freedesktop.systemd1", path: "/org/freedesktop/systemd1",
                interface: "org.freedesktop.DBus.Properties", method: "Get",
                arguments: [.string("org.freedesktop.systemd1.Manager"), .string("Environment")],
                timeout: .seconds(2))
            var result: [String: String] = [:]
            for entry in reply.first?.arrayValue?.compactMap(\.stringValue) ?? [] {
                guard let equals = entry.firstIndex(of: "=") else { continue }
                result[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
            }
            return result
        } catch {
            return nil
        }
    }
}
