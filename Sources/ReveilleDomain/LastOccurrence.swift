import ReveilleTime

/// The latest occurrence of an alarm that rang, was reported missed, or was skipped.
///
/// Kept (and stored) because the wall clock can be set back: an occurrence that rang or was
/// skipped must not ring again, and one already reported missed must not be reported again, while
/// one that was only missed because the clock ran ahead may still ring once its time lies ahead again.
public struct LastOccurrence: Equatable, Sendable {
    public enum Outcome: String, Sendable {
        case rang
        case missed
        /// Passed while skipped (`SkipAndPause`): held back as one that rang is.
        case skipped
    }

    /// When the occurrence was due.
    public var at: Instant
    public var outcome: Outcome

    public init(at: Instant, outcome: Outcome) {
        self.at = at
        self.outcome = outcome
    }

    public static func rang(_ at: Instant) -> LastOccurrence { LastOccurrence(at: at, outcome: .rang) }
    public static func missed(_ at: Instant) -> LastOccurrence { LastOccurrence(at: at, outcome: .missed) }
    public static func skipped(_ at: Instant) -> LastOccurrence { LastOccurrence(at: at, outcome: .skipped) }
}

extension ScheduleNextFire {
    /// The next fire after `now` that has not rung yet: after the clock is set back, an occurrence
    /// that rang or was skipped stays behind, while one that was only reported missed is planned again.
    public func execute(alarm: Alarm, now: Instant, zone: ZoneRules, last: LastOccurrence?) -> Instant? {
        nextOccurrence(of: alarm, after: now, zone: zone, last: last)?.at
    }

    /// The occurrence `execute(alarm:now:zone:last:)` plans, with its local date and time.
    public func nextOccurrence(of alarm: Alarm, after now: Instant, zone: ZoneRules, last: LastOccurrence?) -> Occurrence? {
        guard let last, last.outcome != .missed, last.at > now else { return nextOccurrence(of: alarm, after: now, zone: zone) }
        return nextOccurrence(of: alarm, after: last.at, zone: zone)
    }

    /// A one-time alarm that was turned off because its occurrence was missed while the clock ran
    /// ahead, turned on again once that occurrence lies ahead; any other alarm unchanged.
    public func revived(_ alarm: Alarm, last: LastOccurrence?, now: Instant, zone: ZoneRules) -> Alarm {
        guard !alarm.isEnabled, alarm.repeatDays.isEmpty, let date = alarm.date,
              let last, last.outcome == .missed, last.at > now,
              zone.instant(for: LocalDateTime(date: date, time: alarm.time)) == last.at
        else { return alarm }
        var alarm = alarm
        alarm.isEnabled = true
        return alarm
    }
}

extension ScheduleNextFire {
    /// Plans again, keeping a one-time alarm's planned instant while it lies ahead and still shows the
    /// alarm's wall time: in the hour a fall-back shows twice, an alarm set `in_seconds` is due at the
    /// later reading, which the wall time alone would move an hour early.
    public func execute(alarm: Alarm, now: Instant, zone: ZoneRules, last: LastOccurrence?, planned: Instant?) -> Instant? {
        if alarm.isEnabled, alarm.repeatDays.isEmpty, let date = alarm.date, let planned, planned > now,
           zone.localDateTime(at: planned) == LocalDateTime(date: date, time: alarm.time),
           alarm.rings(at: LocalDateTime(date: date, time: alarm.time)) {
            return planned
        }
        return execute(alarm: alarm, now: now, zone: zone, last: last)
    }
}
