import ReveilleTime

/// One occurrence of an alarm as the history shows it: a run (ringing, snoozed or dismissed) or a miss.
public struct HistoryEntry: Equatable, Sendable {
    public enum Outcome: String, Equatable, Sendable, CaseIterable {
        case dismissed, missed, ringing, snoozed
    }

    public var alarmID: String
    /// The alarm's label now; empty once the alarm is removed.
    public var label: String
    public var due: Instant
    /// When it first rang; nil for a miss.
    public var rangAt: Instant?
    public var dismissedAt: Instant?
    public var snoozes: Int
    public var wrongAnswers: Int
    public var outcome: Outcome

    public init(alarmID: String, label: String, due: Instant, rangAt: Instant?, dismissedAt: Instant?,
                snoozes: Int, wrongAnswers: Int, outcome: Outcome) {
        self.alarmID = alarmID
        self.label = label
        self.due = due
        self.rangAt = rangAt
        self.dismissedAt = dismissedAt
        self.snoozes = snoozes
        self.wrongAnswers = wrongAnswers
        self.outcome = outcome
    }

    /// Seconds from due to dismissal, for a dismissed run.
    public var secondsToDismiss: Int64? {
        dismissedAt.map { max(0, $0.seconds(since: due)) }
    }
}

/// Which history entries to read: newest first, at most `limit`.
public struct HistoryQuery: Equatable, Sendable {
    public static let defaultLimit = 100
    public static let maxLimit = 1_000

    /// Entries due at or after this instant.
    public var since: Instant?
    public var alarm: String?
    public var limit: Int

    public init(since: Instant? = nil, alarm: String? = nil, limit: Int = HistoryQuery.defaultLimit) {
        self.since = since
        self.alarm = alarm
        self.limit = limit
    }
}
