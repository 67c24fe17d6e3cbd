import DBus
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// What `list`, `next`, `show` and the change reports say about a skipped occurrence or a pause,
/// read from the alarm's `skipped_occurrence` and `paused_until` keys.
extension Output {
    /// `Tue 5 Jan` (`Di 5. Jan`); with the year (`Tue 5 Jan 2028`) when the date is not within the year from `today`.
    static func dayText(_ date: CivilDate, today: CivilDate, style: TimeStyle = CLILocale.current.timeStyle) -> String {
        let ahead = date.daysSinceEpoch - today.daysSinceEpoch
        return style.dayAndMonth(date, withYear: !(0..<365).contains(ahead))
    }

    /// "skips Mon 07:00": the occurrence that will not ring; nil when none is skipped.
    static func skipText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        guard let seconds = alarm["skipped_occurrence"]?.asInt64, seconds > 0 else { return nil }
        let time = TimeUntil.wallText(of: Instant(secondsSinceEpoch: seconds), now: clock.now, zone: clock.zone,
                                      style: clock.locale.timeStyle)
        return clock.locale.translator(Message("skips {time}", ["time": time]))
    }

    /// "paused, rings again from Tue 5 Jan", naming the day of the next ring; nil when not paused.
    /// A paused alarm that rings no more (disabled, or one-time and skipped) says the pause's own date.
    static func pauseText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        guard let text = alarm["paused_until"]?.stringValue, !text.isEmpty,
              let until = try? AlarmText.parseDate(text) else { return nil }
        let today = clock.zone.localDateTime(at: clock.now).date
        let next = alarm["next_fire"]?.asInt64 ?? 0
        guard next > 0, alarm["snoozed"]?.boolValue != true else {
            return clock.locale.translator(Message("paused, no ring before {day}",
                                                   ["day": dayText(until, today: today, style: clock.locale.timeStyle)]))
        }
        let day = clock.zone.localDateTime(at: Instant(secondsSinceEpoch: next)).date
        return clock.locale.translator(Message("paused, rings again from {day}",
                                               ["day": dayText(day, today: today, style: clock.locale.timeStyle)]))
    }

    /// The pause and the skip, in that order, as one text; nil when neither is set.
    static func skipPauseText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        let notes = [pauseText(alarm, at: clock), skipText(alarm, at: clock)].compactMap(\.self)
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}
