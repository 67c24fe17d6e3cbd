import DBus
import ReveilleCore
import Synchronization

/// UPower's display device, for a ringing run's cap (`RunCap`): its charge while it discharges.
/// Read once and then kept from UPower's `PropertiesChanged`, so the core reads it without a call.
final class LiveBattery: Battery {
    private static let service = "org.freedesktop.UPower"
    private static let path = "/org/freedesktop/UPower/devices/DisplayDevice"
    private static let device = "org.freedesktop.UPower.Device"

    private let system: Connection?
    private let reading = Mutex<(percentage: Double?, state: UInt32?, present: Bool)>((nil, nil, false))
    private let watch = Mutex<Subscription?>(nil)

    init(system: Connection?) {
        self.system = system
        Task { [self] in await start() }
    }

    func dischargingLevel() -> Double? {
        reading.withLock { reading in
            // UPower's states 2 (discharging), 3 (empty) and 6 (pending discharge) run on the battery.
            guard reading.present, let state = reading.state, [2, 3, 6].contains(state) else { return nil }
            return reading.percentage
        }
    }

    private func start() async {
        guard let system else { return }
        let rule = MatchRule(sender: Self.service, path: Self.path, interface: "org.freedesktop.DBus.Properties",
                             member: "PropertiesChanged")
        if let subscription = try? await system.subscribe(rule, handler: { [weak self] signal in
            guard let changed = signal.arguments.dropFirst().first?.vardictValue else { return }
            self?.apply(changed)
        }) {
            watch.withLock { $0 = subscription }
        }
        guard let reply = try? await system.call(
            destination: Self.service, path: Self.path, interface: "org.freedesktop.DBus.Properties", method: "GetAll",
            arguments: [.string(Self.device)], timeout: .seconds(5)), let all = reply.first?.vardictValue
        else { return }
        apply(all)
    }

    private func apply(_ properties: [String: Value]) {
        reading.withLock { reading in
            if let percentage = properties["Percentage"]?.doubleValue { reading.percentage = percentage }
            if let state = properties["State"]?.integer(as: UInt32.self) { reading.state = state }
            if let present = properties["IsPresent"]?.boolValue { reading.present = present }
        }
    }
}
