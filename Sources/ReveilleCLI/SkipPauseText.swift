import DBus
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// What `list`, `next`, `show` and the change reports say about a skipped occurrence or a pause,
/// read from the alarm's `skipped_occurrence` and `paused_until` keys.
/// The wording is `SkipPauseNote`'s, which the tray's menu and tooltip share.
extension Output {
    /// `Tue 5 Jan` (`Di 5. Jan`); with the year (`Tue 5 Jan 2028`) when the date is not within the year from `today`.
    static func dayText(_ date: CivilDate, today: CivilDate, style: TimeStyle = CLILocale.current.timeStyle) -> String {
        SkipPauseNote.day(date, today: today, style: style)
    }

    /// "skips Mon 07:00": the occurrence that will not ring; nil when none is skipped.
    static func skipText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        SkipPauseNote.skip(skippedOccurrence(alarm), now: clock.now, zone: clock.zone, style: clock.locale.timeStyle)
            .map(clock.locale.translator.callAsFunction)
    }

    /// "paused, rings again from Tue 5 Jan", naming the day of the next ring; nil when not paused.
    /// A paused alarm that rings no more (disabled, or one-time and skipped) says the pause's own date.
    static func pauseText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        SkipPauseNote.pause(until: pausedUntil(alarm), nextFire: nextFire(alarm), snoozed: alarm["snoozed"]?.boolValue == true,
                            now: clock.now, zone: clock.zone, style: clock.locale.timeStyle).map(clock.locale.translator.callAsFunction)
    }

    /// The pause and the skip, in that order, as one text; nil when neither is set.
    static func skipPauseText(_ alarm: [String: Value], at clock: LocalNow) -> String? {
        SkipPauseNote.message(pausedUntil: pausedUntil(alarm), skipped: skippedOccurrence(alarm), nextFire: nextFire(alarm),
                              snoozed: alarm["snoozed"]?.boolValue == true, now: clock.now, zone: clock.zone,
                              style: clock.locale.timeStyle).map(clock.locale.translator.callAsFunction)
    }

    /// The alarm's `skipped_occurrence` key; nil when none is skipped (0).
    private static func skippedOccurrence(_ alarm: [String: Value]) -> Instant? {
        alarm["skipped_occurrence"]?.asInt64.flatMap { $0 > 0 ? Instant(secondsSinceEpoch: $0) : nil }
    }

    /// The alarm's `paused_until` key; nil when not paused (empty).
    private static func pausedUntil(_ alarm: [String: Value]) -> CivilDate? {
        alarm["paused_until"]?.stringValue.flatMap { $0.isEmpty ? nil : try? AlarmText.parseDate($0) }
    }

    /// The alarm's `next_fire` key; nil when it rings no more (0).
    private static func nextFire(_ alarm: [String: Value]) -> Instant? {
        alarm["next_fire"]?.asInt64.flatMap { $0 > 0 ? Instant(secondsSinceEpoch: $0) : nil }
    }
}
