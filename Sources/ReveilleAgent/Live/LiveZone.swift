import LinuxEvents
import ReveilleCore
import ReveilleTime
import Synchronization
import SystemTimeZone

/// The local zone from `$TZ` or `/etc/localtime`, read again whenever `/etc/localtime` changes.
public final class LiveZone: ZoneProvider {
    private let environment: [String: String]
    private let localtimePath: String
    private let rules: Mutex<ZoneRules>
    private let watcher = Mutex<FileWatch?>(nil)

    public init(environment: [String: String], localtimePath: String = "/etc/localtime") {
        self.environment = environment
        self.localtimePath = localtimePath
        rules = Mutex(Self.load(environment, localtimePath))
    }

    public func current() -> ZoneRules { rules.withLock { $0 } }

    /// Calls `onChange` after the zone was read again because `/etc/localtime` changed.
    public func watch(reactor: Reactor = .shared, onChange: @escaping @Sendable () -> Void) {
        do {
            let watch = try FileWatch(path: localtimePath, reactor: reactor) { [weak self] in
                guard let self else { return }
                let fresh = Self.load(self.environment, self.localtimePath)
                self.rules.withLock { $0 = fresh }
                Log.shared.info("the time zone changed to \(fresh.name ?? "a new zone")")
                onChange()
            }
            watcher.withLock { $0 = watch }
        } catch {
            Log.shared.warning("cannot watch \(localtimePath) for zone changes: \(error)")
        }
    }

    private static func load(_ environment: [String: String], _ localtimePath: String) -> ZoneRules {
        do { return try SystemTimeZone.current(environment: environment, localtimePath: localtimePath) } catch {
            Log.shared.error("cannot read the time zone (\(error)); using UTC")
            return .utc
        }
    }
}
