/// The wakes the helper holds: one per calling connection, so that a second agent of the same
/// user (a demo, a test, a second login) can neither replace nor cancel the first one's wake.
public struct WakeTable: Equatable, Sendable {
    /// One connection's wake.
    public struct Entry: Equatable, Sendable {
        public var uid: UInt32
        /// Unix seconds.
        public var at: Int64

        public init(uid: UInt32, at: Int64) {
            self.uid = uid
            self.at = at
        }
    }

    /// By the connection's unique bus name.
    public private(set) var entries: [String: Entry] = [:]

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// The instant the timer must be armed at: the earliest wake held.
    public var earliest: Int64? { entries.values.lazy.map(\.at).min() }

    /// The wake `connection` holds.
    public func wake(of connection: String) -> Int64? { entries[connection]?.at }

    /// Sets `connection`'s wake, replacing the one it held. A connection that held none counts
    /// against the limits; replacing never does.
    /// - Returns: true when `connection` held no wake before.
    /// - Throws: `WakeRefusal.userLimit` or `.totalLimit`, leaving the table as it was.
    @discardableResult
    public mutating func set(_ at: Int64, for connection: String, uid: UInt32) throws(WakeRefusal) -> Bool {
        let isNew = entries[connection] == nil
        if isNew {
            guard entries.count < WakeLimits.total else { throw .totalLimit }
            guard entries.values.count(where: { $0.uid == uid }) < WakeLimits.perUser else { throw .userLimit(uid: uid) }
        }
        entries[connection] = Entry(uid: uid, at: at)
        return isNew
    }

    /// Drops `connection`'s wake (cancelled, or the connection left the bus).
    /// - Returns: the wake it held.
    @discardableResult
    public mutating func remove(_ connection: String) -> Entry? {
        entries.removeValue(forKey: connection)
    }

    /// Drops the wakes that are due at `now`: the timer fired for them, and a wake happens once.
    /// - Returns: the connections whose wake was dropped.
    public mutating func removeDue(now: Int64) -> [String] {
        let due = entries.filter { $0.value.at <= now }.keys.sorted()
        for connection in due { entries[connection] = nil }
        return due
    }
}
