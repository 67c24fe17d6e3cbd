import ReveilleText
import ReveilleTime

/// How long until an alarm rings, as a person says it: "in 45 s", "in 12 min", "in 7 h 12 min", "in 3 d 4 h".
public enum TimeUntil {
    /// The smallest unit shown is rounded to the nearest, so an alarm added `+25m` reads "in 25 min"
    /// even when the reader's clock has moved on by a fraction of a second.
    public static func message(from now: Instant, to fire: Instant) -> Message {
        let seconds = max(0, fire.seconds(since: now))
        if seconds < 60 { return Message("in {seconds} s", ["seconds": String(seconds)]) }
        let minutes = (seconds + 30) / 60
        if minutes < 60 { return Message("in {minutes} min", ["minutes": String(minutes)]) }
        if minutes < 24 * 60 {
            let hours = String(minutes / 60), rest = minutes % 60
            return rest == 0 ? Message("in {hours} h", ["hours": hours])
                : Message("in {hours} h {minutes} min", ["hours": hours, "minutes": String(rest)])
        }
        let hours = (seconds + 1800) / 3600
        let days = String(hours / 24), rest = hours % 24
        return rest == 0 ? Message("in {days} d", ["days": days])
            : Message("in {days} d {hours} h", ["days": days, "hours": String(rest)])
    }

    /// `Mon 07:00`, or `Mon 2027-03-14 07:00` when it is a week or more away: the weekday alone would be
    /// ambiguous. The weekday and time as `style` writes them (`Mo 07:00`, `Mon 7:00 AM`); the date stays ISO.
    public static func wallText(of fire: Instant, now: Instant, zone: ZoneRules, style: TimeStyle = .posix) -> String {
        let local = zone.localDateTime(at: fire)
        let weekday = style.weekday(local.date.weekday)
        let today = zone.localDateTime(at: now).date
        let nearby = local.date.daysSinceEpoch - today.daysSinceEpoch < 7
        return nearby ? "\(weekday) \(style.time(local.time))" : "\(weekday) \(local.date) \(style.time(local.time))"
    }

    /// What `add`, `edit` and `enable` say after a change: "rings in 7 h 12 min (Mon 07:00)", or "disabled".
    public static func ringsMessage(enabled: Bool, fire: Instant?, now: Instant, zone: ZoneRules,
                                    style: TimeStyle = .posix) -> Message {
        guard enabled else { return Message("disabled") }
        guard let fire else { return Message("not scheduled") }
        return Message("rings {in} ({time})", ["time": wallText(of: fire, now: now, zone: zone, style: style)],
                       messages: ["in": message(from: now, to: fire)])
    }

    /// Whether `list` adds the "in …": only for the next 24 hours, where a countdown reads better than a date.
    public static func isSoon(_ fire: Instant, now: Instant) -> Bool {
        fire.seconds(since: now) <= 86_400
    }
}
