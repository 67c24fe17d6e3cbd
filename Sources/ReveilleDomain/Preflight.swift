import ReveilleText

/// What the agent needs from the desktop to ring an alarm that gets its owner up.
public struct PreflightRules: Equatable, Sendable {
    public var requireNotifications: Bool
    public var requireSound: Bool
    public var requireTerminal: Bool
    public var requireDatabase: Bool

    public init(requireNotifications: Bool = true, requireSound: Bool = true, requireTerminal: Bool = true,
                requireDatabase: Bool = true) {
        self.requireNotifications = requireNotifications
        self.requireSound = requireSound
        self.requireTerminal = requireTerminal
        self.requireDatabase = requireDatabase
    }
}

/// What the agent found when it looked at the desktop.
public struct HealthSnapshot: Equatable, Sendable {
    public enum Permission: Hashable, Sendable {
        /// A notification server that shows actions.
        case notifications
        case sound
        case terminal
        case database
    }

    public var permissions: [Permission: Bool]
    public var lowPowerModeOn: Bool
    public var canWakeFromSuspend: Bool
    public var soundMuted: Bool
    /// A ringing alarm's own stream is muted or nearly silent, or the server's saved
    /// per-application volume would start the next one so.
    public var alarmStreamMuted: Bool
    /// A stored alarm breaks a limit made after it was stored; it still rings as it is.
    public var alarmsOverLimits: Bool
    /// The faults of the alarm database that the agent found while running.
    public var database: DatabaseHealth
    /// The last hook that failed, and how; nil once that hook ran fine again.
    public var hookFailure: Message?
    /// Why the zone file or `TZ` cannot be read, and which zone the alarms ring by instead; nil while it reads fine.
    public var zoneProblem: String? = nil
    /// The configuration file's error (`file:line: problem`) that made the agent run on its defaults.
    public var configProblem: Message? = nil
    /// How the machine is woken from suspend for alarms; `canWakeFromSuspend` is false when nothing can.
    public var wake: WakeStatus? = nil

    public init(permissions: [Permission: Bool] = [:], lowPowerModeOn: Bool = false,
                canWakeFromSuspend: Bool = true, soundMuted: Bool = false, alarmStreamMuted: Bool = false,
                alarmsOverLimits: Bool = false, database: DatabaseHealth = DatabaseHealth(), hookFailure: Message? = nil) {
        self.permissions = permissions
        self.lowPowerModeOn = lowPowerModeOn
        self.canWakeFromSuspend = canWakeFromSuspend
        self.soundMuted = soundMuted
        self.alarmStreamMuted = alarmStreamMuted
        self.alarmsOverLimits = alarmsOverLimits
        self.database = database
        self.hookFailure = hookFailure
    }
}

/// What is wrong with the alarm database, each with the reason, for Preflight and its details.
public struct DatabaseHealth: Equatable, Sendable {
    /// The database file, to name it in explanations.
    public var path: String
    /// Set when a corrupt database was moved aside at start: what happened, and where it went.
    public var movedAside: Message?
    /// Set while the database cannot be opened (locked, unreadable, …): why.
    public var unavailable: String?
    /// Set while writes fail (a full disk, …) and changes are held in memory: why.
    public var unwritable: String?
    /// Alarms skipped because their stored values cannot be decoded: id and reason.
    public var unreadableAlarms: [UnreadableAlarm]
    /// Set while the database is open for reading only, because it cannot be written: why.
    public var readOnly: ReadOnlyDatabase? = nil

    public init(path: String = "the alarm database", movedAside: Message? = nil, unavailable: String? = nil,
                unwritable: String? = nil, unreadableAlarms: [UnreadableAlarm] = []) {
        self.path = path
        self.movedAside = movedAside
        self.unavailable = unavailable
        self.unwritable = unwritable
        self.unreadableAlarms = unreadableAlarms
    }
}

/// A stored alarm that could not be decoded: it is skipped, never dropped from the database.
public struct UnreadableAlarm: Equatable, Sendable {
    /// The stored id, as text: it may itself be what cannot be decoded.
    public var id: String
    /// Why, for a reader: Preflight's alarm-unreadable sentence and the core's notice hold it.
    public var reason: Message

    public init(id: String, reason: Message) {
        self.id = id
        self.reason = reason
    }
}

/// Decides whether alarms can be trusted to ring, and why not.
///
/// Missing requirements block; low-power mode, no wake from suspend, a muted sink or stream,
/// alarms stored before today's limits, a failed hook, a database open for reading only, a zone
/// that cannot be read and a bad configuration file are only noted: alarms still ring.
public struct EvaluatePreflight: Sendable {
    public struct Result: Equatable, Sendable {
        public let ok: Bool
        public let reasons: [String]
    }

    public static let blockingReasons: Set<String> = [
        "notifications-disabled", "sound-unavailable", "terminal-missing", "database-unreadable",
        "database-unavailable",
    ]

    public init() {}

    public func execute(rules: PreflightRules, snapshot: HealthSnapshot) -> Result {
        var reasons: [String] = []
        func require(_ required: Bool, _ permission: HealthSnapshot.Permission, _ reason: String) {
            if required && snapshot.permissions[permission] != true { reasons.append(reason) }
        }
        require(rules.requireNotifications, .notifications, "notifications-disabled")
        require(rules.requireSound, .sound, "sound-unavailable")
        require(rules.requireTerminal, .terminal, "terminal-missing")
        require(rules.requireDatabase, .database, "database-unreadable")
        if snapshot.database.unavailable != nil { reasons.append("database-unavailable") }
        if snapshot.database.unwritable != nil || snapshot.database.readOnly?.diskFull == true {
            reasons.append("database-unwritable")
        }
        if let readOnly = snapshot.database.readOnly, !readOnly.diskFull { reasons.append("database-read-only") }
        if !snapshot.database.unreadableAlarms.isEmpty { reasons.append("alarm-unreadable") }
        if snapshot.lowPowerModeOn { reasons.append("low-power-mode") }
        if !snapshot.canWakeFromSuspend { reasons.append("wake-from-suspend-unavailable") }
        if snapshot.soundMuted { reasons.append("sound-muted") }
        if snapshot.alarmStreamMuted { reasons.append("sound-stream-muted") }
        if snapshot.alarmsOverLimits { reasons.append("alarm-over-limits") }
        if snapshot.hookFailure != nil { reasons.append("hook-failed") }
        if snapshot.zoneProblem != nil { reasons.append("time-zone-unreadable") }
        if snapshot.configProblem != nil { reasons.append("config-invalid") }
        let ok = !reasons.contains(where: Self.blockingReasons.contains)
        return Result(ok: ok, reasons: reasons)
    }
}
