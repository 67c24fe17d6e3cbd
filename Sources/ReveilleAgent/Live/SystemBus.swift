import DBus

/// The system bus, where logind, UPower and power-profiles-daemon live.
enum SystemBus {
    /// nil, after one log line, when there is none: alarms still ring, only suspend, resume
    /// and power saving go unnoticed.
    static func connect() -> Connection? {
        do { return try Connection.system() } catch {
            Log.shared.warning("no system bus, so suspend, resume and power saving are not followed: \(error)")
            return nil
        }
    }
}

/// Reads whether the machine saves power, for Preflight's `low-power-mode` note.
struct LivePower: Sendable {
    let system: Connection?

    /// power-profiles-daemon's power-saver profile, or UPower's `OnBattery`; false when neither answers.
    func isLowPower() async -> Bool {
        async let battery = property("org.freedesktop.UPower", "/org/freedesktop/UPower", "org.freedesktop.UPower", "OnBattery")
        async let profile = property("net.hadess.PowerProfiles", "/net/hadess/PowerProfiles", "net.hadess.PowerProfiles",
                                     "ActiveProfile")
        let onBattery = await battery?.boolValue == true
        let powerSaver = await profile?.stringValue == "power-saver"
        return onBattery || powerSaver
    }

    /// `org.freedesktop.DBus.Properties.Get`, nil when the service or property is not there.
    private func property(_ service: String, _ path: String, _ interface: String, _ name: String) async -> Value? {
        guard let system else { return nil }
        let reply = try? await system.call(
            destination: service, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(interface), .string(name)], timeout: .seconds(2))
        return reply?.first
    }
}
