/// The helper's one alarm timer: `CLOCK_REALTIME_ALARM` in the daemon, a recorder in tests.
public protocol WakeTimer: Sendable {
    /// Fires at `seconds` (Unix time), replacing any earlier deadline.
    func arm(atUnixSeconds seconds: Int64) throws
    /// Cancels the deadline.
    func disarm() throws
}

/// What the helper learns from and asks of the bus.
public protocol WakeBus: Sendable {
    /// The uid of the process behind `connection` (`GetConnectionUnixUser`).
    func unixUser(of connection: String) async throws -> UInt32
    /// polkit's answer for `connection` and `WakeAuthorization.actionID`.
    func authorize(_ connection: String) async -> AuthorityAnswer
    /// Starts reporting `connection`'s departure to `WakeHelper.connectionLeft`; at most once per
    /// connection, however often asked. Returns false when it has left already.
    func follow(_ connection: String) async -> Bool
    /// Stops following `connection`.
    func unfollow(_ connection: String)
}

/// The two clocks the helper reads.
public protocol WakeClock: Sendable {
    /// Wall-clock time, Unix seconds: what wakes are given in.
    var unixSeconds: Int64 { get }
    /// Time since an arbitrary start that never jumps: for the idle exit.
    var uptime: Duration { get }
}
