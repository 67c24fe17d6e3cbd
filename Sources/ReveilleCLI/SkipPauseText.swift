import DBus
import ReveilleDomain
import ReveilleTime

/// What `list`, `next`, `show` and the change reports say about a skipped occurrence or a pause,
/// read from the alarm's `skipped_occurrence` and `paused_until` keys.
extension Output {
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Mon`, as the CLI prints weekdays.
    static func weekdayText(_ day: Weekday) -> String {
        day.shortName.prefix(1).uppercased() + day.shortName.dropFirst()
    }

    /// `Tue 5 Jan`; with the year (`Tue 5 Jan 2028`) when the date is not within the year from `today`.
    static func dayText(_ date: CivilDate, today: CivilDate) -> String {
        let text = "\(weekdayText(date.weekday)) \(date.day) \(monthNames[date.month - 1])"
        let ahead = date.daysSinceEpoch - today.daysSinceEpoch
        return (0..<365).contains(ahead) ? text : "\(text) \(date.year)"
    }

    /// "skips Mon 07:00": the occurrence that will not ring; nil when none is skipped.
    static func skipText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        guard let seconds = alarm["skipped_occurrence"]?.asInt64, seconds > 0 else { return nil }
        return "skips " + TimeUntil.wallText(of: Instant(secondsSinceEpoch: seconds), now: clock.now, zone: clock.zone)
    }

    /// "paused, rings again from Tue 5 Jan", naming the day of the next ring; nil when not paused.
    /// A paused alarm that rings no more (disabled, or one-time and skipped) says the pause's own date.
    static func pauseText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        guard let text = alarm["paused_until"]?.stringValue, !text.isEmpty,
              let until = try? AlarmText.parseDate(text) else { return nil }
        let today = clock.zone.localDateTime(at: clock.now).date
        let next = alarm["next_fire"]?.asInt64 ?? 0
        guard next > 0, alarm["snoozed"]?.boolValue != true else {
            return "paused, no ring before " + dayText(until, today: today)
        }
        let day = clock.zone.localDateTime(at: Instant(secondsSinceEpoch: next)).date
        return "paused, rings again from " + dayText(day, today: today)
    }

    /// The pause and the skip, in that order, as one text; nil when neither is set.
    static func skipPauseText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        let notes = [pauseText(alarm, at: clock), skipText(alarm, at: clock)].compactMap(\.self)
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}
