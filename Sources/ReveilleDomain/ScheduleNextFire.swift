import ReveilleTime

/// Computes the next instant an alarm fires, strictly after `now`, in a given zone.
///
/// Alarm times are local wall-clock times: the zone's rules turn them into instants,
/// so a repeating 07:00 alarm stays at 07:00 across DST and zone changes. A time that
/// falls in a spring-forward gap fires the same wall distance after the gap; a time
/// shown twice (fall back) fires once, at its first occurrence (see `ZoneRules.instant(for:)`).
/// The skipped occurrence and the days before a pause's date do not ring (`SkipAndPause`).
public struct ScheduleNextFire: Sendable {
    public init() {}

    /// One occurrence of an alarm: the local date and time it is named by, and the instant it falls on.
    public struct Occurrence: Equatable, Sendable {
        public var local: LocalDateTime
        public var at: Instant

        public init(local: LocalDateTime, at: Instant) {
            self.local = local
            self.at = at
        }
    }

    /// nil for a disabled alarm, and for a one-time alarm whose moment has passed (or is skipped or paused).
    public func execute(alarm: Alarm, now: Instant, zone: ZoneRules) -> Instant? {
        nextOccurrence(of: alarm, after: now, zone: zone)?.at
    }

    /// The next occurrence that rings, strictly after `now`: not the skipped one, none before the pause's date.
    public func nextOccurrence(of alarm: Alarm, after now: Instant, zone: ZoneRules) -> Occurrence? {
        guard alarm.isEnabled else { return nil }
        if alarm.repeatDays.isEmpty, let date = alarm.date {
            let local = LocalDateTime(date: date, time: alarm.time)
            let occurrence = Occurrence(local: local, at: zone.instant(for: local))
            return occurrence.at > now && alarm.rings(at: occurrence.local) ? occurrence : nil
        }
        let today = zone.localDateTime(at: now).date
        // A pause starts the scan at its date, however far ahead that lies.
        let first = max(today, alarm.pausedUntil ?? today)
        // Three weeks cover every weekday twice after a skipped one, even across a zone that skips a whole day.
        for offset in 0...21 {
            let day = first.adding(days: offset)
            guard alarm.repeatDays.isEmpty || alarm.repeatDays.contains(day.weekday) else { continue }
            let local = LocalDateTime(date: day, time: alarm.time)
            let occurrence = Occurrence(local: local, at: zone.instant(for: local))
            if occurrence.at > now, alarm.rings(at: occurrence.local) { return occurrence }
        }
        return nil
    }

    /// The calendar date a one-time alarm without a date gets: the day of its next occurrence.
    public func nextOccurrenceDate(of time: WallTime, now: Instant, zone: ZoneRules) -> CivilDate {
        let today = zone.localDateTime(at: now).date
        let fire = zone.instant(for: LocalDateTime(date: today, time: time))
        return fire > now ? today : today.adding(days: 1)
    }
}
