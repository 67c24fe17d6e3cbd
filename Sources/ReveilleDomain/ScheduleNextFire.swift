import ReveilleTime

/// Computes the next instant an alarm fires, strictly after `now`, in a given zone.
///
/// Alarm times are local wall-clock times: the zone's rules turn them into instants,
/// so a repeating 07:00 alarm stays at 07:00 across DST and zone changes. A time that
/// falls in a spring-forward gap fires the same wall distance after the gap; a time
/// shown twice (fall back) fires once, at its first occurrence (see `ZoneRules.instant(for:)`).
public struct ScheduleNextFire: Sendable {
    public init() {}

    /// nil for a disabled alarm, and for a one-time alarm whose moment has passed.
    public func execute(alarm: Alarm, now: Instant, zone: ZoneRules) -> Instant? {
        guard alarm.isEnabled else { return nil }
        if alarm.repeatDays.isEmpty, let date = alarm.date {
            let fire = zone.instant(for: LocalDateTime(date: date, time: alarm.time))
            return fire > now ? fire : nil
        }
        let today = zone.localDateTime(at: now).date
        // Two weeks covers every weekday twice, even across a zone that skips a whole day.
        for offset in 0...14 {
            let day = today.adding(days: offset)
            guard alarm.repeatDays.isEmpty || alarm.repeatDays.contains(day.weekday) else { continue }
            let fire = zone.instant(for: LocalDateTime(date: day, time: alarm.time))
            if fire > now { return fire }
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
