import ReveilleTime

/// How long until an alarm rings, as a person says it: "in 45 s", "in 12 min", "in 7 h 12 min", "in 3 d 4 h".
public enum TimeUntil {
    /// The smallest unit shown is rounded to the nearest, so an alarm added `+25m` reads "in 25 min"
    /// even when the reader's clock has moved on by a fraction of a second.
    public static func text(from now: Instant, to fire: Instant) -> String {
        let seconds = max(0, fire.seconds(since: now))
        if seconds < 60 { return "in \(seconds) s" }
        let minutes = (seconds + 30) / 60
        if minutes < 60 { return "in \(minutes) min" }
        if minutes < 24 * 60 {
            let rest = minutes % 60
            return "in \(minutes / 60) h" + (rest == 0 ? "" : " \(rest) min")
        }
        let hours = (seconds + 1800) / 3600
        let rest = hours % 24
        return "in \(hours / 24) d" + (rest == 0 ? "" : " \(rest) h")
    }

    /// `Mon 07:00`, or `Mon 2027-03-14 07:00` when it is a week or more away: the weekday alone would be ambiguous.
    public static func wallText(of fire: Instant, now: Instant, zone: ZoneRules) -> String {
        let local = zone.localDateTime(at: fire)
        let weekday = local.date.weekday.shortName.prefix(1).uppercased() + local.date.weekday.shortName.dropFirst()
        let today = zone.localDateTime(at: now).date
        let nearby = local.date.daysSinceEpoch - today.daysSinceEpoch < 7
        return nearby ? "\(weekday) \(local.time)" : "\(weekday) \(local.date) \(local.time)"
    }

    /// What `add`, `edit` and `enable` say after a change: "rings in 7 h 12 min (Mon 07:00)", or "disabled".
    public static func ringsText(enabled: Bool, fire: Instant?, now: Instant, zone: ZoneRules) -> String {
        guard enabled else { return "disabled" }
        guard let fire else { return "not scheduled" }
        return "rings \(text(from: now, to: fire)) (\(wallText(of: fire, now: now, zone: zone)))"
    }

    /// Whether `list` adds the "in …": only for the next 24 hours, where a countdown reads better than a date.
    public static func isSoon(_ fire: Instant, now: Instant) -> Bool {
        fire.seconds(since: now) <= 86_400
    }
}
