import ReveilleText
import ReveilleTime

/// What happened to an alarm, for the `[hooks]` command of the same name.
public enum HookEvent: String, CaseIterable, Hashable, Sendable {
    case ring, snooze, dismiss, missed
    /// `before_ring` ahead of an occurrence that will ring (`BeforeRing`).
    case beforeRing = "before_ring"

    /// The key that sets its command in `[hooks]`: `on_ring`, `on_snooze`, …, `on_before_ring`.
    public var configKey: String { "on_" + rawValue }
}

/// One run of a hook: the event and what the hook is told about it.
public struct HookCall: Equatable, Sendable {
    public var event: HookEvent
    public var alarmId: AlarmID
    public var label: String
    /// The occurrence's own due time: unchanged by snoozes, the moment of a trigger for a triggered ring.
    public var due: Instant
    public var snoozeCount: Int

    public init(event: HookEvent, alarmId: AlarmID, label: String, due: Instant, snoozeCount: Int) {
        self.event = event
        self.alarmId = alarmId
        self.label = label
        self.due = due
        self.snoozeCount = snoozeCount
    }

    /// The variables the hook gets on top of the agent's own environment.
    public func environment(in zone: ZoneRules) -> [String: String] {
        [
            "REVEILLE_EVENT": event.rawValue,
            "REVEILLE_ALARM_ID": alarmId.rawValue,
            "REVEILLE_LABEL": label,
            "REVEILLE_DUE": rfc3339(due, in: zone),
            "REVEILLE_SNOOZE_COUNT": String(snoozeCount),
        ]
    }
}

/// How a hook's run ended, as the core records it.
public enum HookOutcome: Equatable, Sendable {
    case succeeded
    /// It exited non-zero, was killed, hung past its time or could not be started: why, in words.
    case failed(Message)
}
