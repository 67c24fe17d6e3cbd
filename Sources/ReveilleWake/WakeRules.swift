/// The helper's limits (issue 20, section 1): how far a wake may lie from now, how many are held,
/// and how long an idle helper waits before it exits.
public enum WakeLimits {
    /// A wake at most this many seconds past is armed one second from now: the caller's clock and
    /// ours read the same second differently, and a snooze of one minute must still get its wake.
    public static let lateness: Int64 = 60
    /// No wake beyond 400 days: further than any alarm's next ring, so a caller asking for more is wrong.
    public static let lead: Int64 = 400 * 86_400
    /// Wakes held for the connections of one user.
    public static let perUser = 4
    /// Wakes held in all.
    public static let total = 256
    /// With no wake held, the helper exits once no call has come for this long.
    public static let idleExit: Duration = .seconds(30)
}

/// Why the helper refused a call. The bus harness maps each kind to a D-Bus error name; the
/// message is for the person reading the agent's log or `reveille doctor`.
public enum WakeRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// More than `WakeLimits.lateness` seconds before now.
    case tooFarInThePast(when: Int64, now: Int64)
    /// More than `WakeLimits.lead` seconds after now.
    case tooFarAhead(when: Int64, now: Int64)
    /// The caller's user holds `WakeLimits.perUser` wakes on other connections already.
    case userLimit(uid: UInt32)
    /// The helper holds `WakeLimits.total` wakes already.
    case totalLimit
    /// polkit said no, or could not be asked.
    case notAuthorized(String)
    /// The bus could not say who the caller is (it left while its call waited).
    case callerUnknown(String)
    /// The timer could not be set: nothing the caller did.
    case failed(String)

    public var description: String {
        switch self {
        case .tooFarInThePast(let when, let now):
            "the wake \(when) is more than \(WakeLimits.lateness) s before now (\(now))"
        case .tooFarAhead(let when, let now):
            "the wake \(when) is more than 400 days ahead of \(now)"
        case .userLimit(let uid):
            "uid \(uid) holds \(WakeLimits.perUser) wakes already, the most one user may hold; cancel one first"
        case .totalLimit:
            "the helper holds \(WakeLimits.total) wakes already, the most it keeps"
        case .notAuthorized(let why):
            "not authorized to set wake alarms (polkit action \(WakeAuthorization.actionID)): \(why)"
        case .callerUnknown(let why):
            "cannot tell who the caller is: \(why)"
        case .failed(let why):
            why
        }
    }
}

/// The instant to arm for a wake asked for `when` at `now`, both in Unix seconds: `when` itself,
/// or one second from now for a wake up to `WakeLimits.lateness` seconds past.
/// - Throws: `WakeRefusal.tooFarInThePast` or `.tooFarAhead`; never traps, whatever `when` is.
public func validateWake(_ when: Int64, now: Int64) throws(WakeRefusal) -> Int64 {
    let (ahead, overflow) = when.subtractingReportingOverflow(now)
    // An overflow means the two are further apart than any limit, on the side of `when`'s sign.
    if overflow ? when < 0 : ahead < -WakeLimits.lateness { throw .tooFarInThePast(when: when, now: now) }
    if overflow ? when > 0 : ahead > WakeLimits.lead { throw .tooFarAhead(when: when, now: now) }
    return ahead > 0 ? when : now + 1
}
