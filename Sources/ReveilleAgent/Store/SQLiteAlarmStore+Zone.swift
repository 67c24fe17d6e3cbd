import SQLite
import SystemTimeZone

/// Keeps the last time zone the agent could read, so that a start with a broken zone file rings
/// by it rather than by UTC.
protocol ZoneMemory: Sendable {
    /// The zone kept, or nil when none is.
    func storedZone() throws -> ZoneSource?
    /// Keeps `zone` in place of the one kept before.
    func saveZone(_ zone: ZoneSource) throws
}

extension SQLiteAlarmStore: ZoneMemory {
    func storedZone() throws -> ZoneSource? {
        try reading { db in
            let statement = try db.prepare("SELECT kind, name, data FROM zone WHERE id = 1")
            guard try statement.step() else { return nil }
            let data = statement.blob(at: 2)
            switch statement.string(at: 0) {
            case "tzif": return .tzif(data, name: statement.optionalString(at: 1))
            case "posix": return .posix(String(decoding: data, as: UTF8.self))
            case "utc": return .utc
            default: return nil
            }
        }
    }

    func saveZone(_ zone: ZoneSource) throws {
        let (kind, name, data): (String, String?, [UInt8]) = switch zone {
        case .utc: ("utc", nil, [])
        case .tzif(let bytes, let name): ("tzif", name, bytes)
        case .posix(let text): ("posix", nil, Array(text.utf8))
        }
        try write { db in
            let statement = try db.prepare("REPLACE INTO zone (id, kind, name, data) VALUES (1, ?, ?, ?)")
            try statement.bind(kind, name, data)
            try statement.run()
        }
    }
}

extension AlarmDatabase: ZoneMemory {
    func storedZone() throws -> ZoneSource? { try store().storedZone() }
    func saveZone(_ zone: ZoneSource) throws { try store().saveZone(zone) }
}
