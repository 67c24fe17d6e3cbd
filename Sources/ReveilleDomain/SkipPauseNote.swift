import ReveilleText
import ReveilleTime

/// What holds an alarm back (`SkipAndPause`), as the CLI's `list`, `next` and `show` and the tray's
/// menu and tooltip all say it: "paused, rings again from Tue 5 Jan; skips Mon 07:00". Pure: one
/// wording for every reader, in the reader's `TimeStyle`.
public enum SkipPauseNote {
    /// `Tue 5 Jan` (`Di 5. Jan`); with the year (`Tue 5 Jan 2028`) when the date is not within the year from `today`.
    public static func day(_ date: CivilDate, today: CivilDate, style: TimeStyle) -> String {
        let ahead = date.daysSinceEpoch - today.daysSinceEpoch
        return style.dayAndMonth(date, withYear: !(0..<365).contains(ahead))
    }

    /// "skips Mon 07:00": the occurrence that will not ring; nil when none is skipped.
    public static func skip(_ occurrence: Instant?, now: Instant, zone: ZoneRules, style: TimeStyle) -> Message? {
        guard let occurrence else { return nil }
        return Message("skips {time}", ["time": TimeUntil.wallText(of: occurrence, now: now, zone: zone, style: style)])
    }

    /// "paused, rings again from Tue 5 Jan", naming the day of the next ring; nil when not paused.
    /// A paused alarm that rings no more (disabled, or one-time and skipped) or is snoozed says the
    /// pause's own date: "paused, no ring before Tue 5 Jan".
    public static func pause(until: CivilDate?, nextFire: Instant?, snoozed: Bool, now: Instant, zone: ZoneRules,
                             style: TimeStyle) -> Message? {
        guard let until else { return nil }
        let today = zone.localDateTime(at: now).date
        guard let nextFire, !snoozed else {
            return Message("paused, no ring before {day}", ["day": day(until, today: today, style: style)])
        }
        let ringDay = zone.localDateTime(at: nextFire).date
        return Message("paused, rings again from {day}", ["day": day(ringDay, today: today, style: style)])
    }

    /// The pause and the skip, in that order, as one message; nil when neither holds the alarm back.
    public static func message(pausedUntil: CivilDate?, skipped: Instant?, nextFire: Instant?, snoozed: Bool,
                               now: Instant, zone: ZoneRules, style: TimeStyle) -> Message? {
        let pause = pause(until: pausedUntil, nextFire: nextFire, snoozed: snoozed, now: now, zone: zone, style: style)
        let skip = skip(skipped, now: now, zone: zone, style: style)
        guard let pause, let skip else { return pause ?? skip }
        return Message("{pause}; {skip}", messages: ["pause": pause, "skip": skip])
    }
}
