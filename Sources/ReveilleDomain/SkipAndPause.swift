import ReveilleText
import ReveilleTime

/// Skipping an alarm's next occurrence, and pausing it until a date.
///
/// A skip names one occurrence by its local date and time, and is used up once that occurrence
/// has passed. A pause holds every occurrence before its local date; those on the date ring, and
/// the pause is over once the date has come. Neither may end a one-time alarm without a word:
/// disabling it is the way to do that. `ScheduleNextFire` leaves out what they hold.
public struct SkipAndPause: Sendable {
    public init() {}

    /// Why a skip or a pause was refused, in words for the person who asked.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: Message
        public init(_ message: Message) { self.message = message }
        /// The message in English (the C locale's text).
        public var description: String { message.english }
    }

    /// The alarm with its next ringing occurrence skipped. A skip already set is kept as it is:
    /// asking twice skips one occurrence, not two.
    public func skip(_ alarm: Alarm, now: Instant, zone: ZoneRules, last: LastOccurrence?) throws(Refusal) -> Alarm {
        guard alarm.skippedOccurrence == nil else { return alarm }
        guard alarm.isEnabled else { throw Refusal(Message("the alarm is disabled: it has no next occurrence to skip")) }
        guard alarm.isRepeating else {
            throw Refusal(Message("a one-time alarm has only one occurrence: skipping it would end the alarm; disable it instead"))
        }
        guard let next = ScheduleNextFire().nextOccurrence(of: alarm, after: now, zone: zone, last: last) else {
            throw Refusal(Message("the alarm has no next occurrence to skip"))
        }
        var alarm = alarm
        alarm.skippedOccurrence = next.local
        return alarm
    }

    /// The alarm with no occurrence skipped.
    public func unskip(_ alarm: Alarm) -> Alarm {
        var alarm = alarm
        alarm.skippedOccurrence = nil
        return alarm
    }

    /// The alarm paused until `date`, or resumed when `date` is nil. The date must lie after today,
    /// or the pause would change nothing; a one-time alarm cannot be paused past its own date.
    public func pause(_ alarm: Alarm, until date: CivilDate?, now: Instant, zone: ZoneRules) throws(Refusal) -> Alarm {
        var alarm = alarm
        guard let date else {
            alarm.pausedUntil = nil
            return alarm
        }
        let today = zone.localDateTime(at: now).date
        guard date > today else {
            throw Refusal(Message("pause date {date} is not after today ({today}): give the first day it should ring again",
                                  ["date": date.description, "today": today.description]))
        }
        if !alarm.isRepeating, let own = alarm.date, date > own {
            throw Refusal(Message("the alarm rings once, on {own}: pausing it until {date} would end it without a word; disable it instead",
                                  ["own": own.description, "date": date.description]))
        }
        alarm.pausedUntil = date
        return alarm
    }

    /// The alarm without a skip whose occurrence has passed, nor a pause whose date has come.
    public func spent(_ alarm: Alarm, now: Instant, zone: ZoneRules) -> Alarm {
        var alarm = alarm
        if let skipped = alarm.skippedOccurrence, zone.instant(for: skipped) <= now { alarm.skippedOccurrence = nil }
        if let until = alarm.pausedUntil, pauseEnd(until, zone: zone) <= now { alarm.pausedUntil = nil }
        return alarm
    }

    /// When `spent` next changes the alarm: the skipped occurrence's instant, or the start of the pause's date.
    public func expiry(of alarm: Alarm, zone: ZoneRules) -> Instant? {
        let skip = alarm.skippedOccurrence.map { zone.instant(for: $0) }
        let pause = alarm.pausedUntil.map { pauseEnd($0, zone: zone) }
        return [skip, pause].compactMap { $0 }.min()
    }

    /// The alarm after an edit from `old`: a change of its time, days or date, or a disable, drops
    /// the skip (its occurrence may no longer exist). The pause is kept, unless the edit leaves a
    /// one-time alarm's only occurrence before it: the edit said when to ring.
    public func afterEdit(_ alarm: Alarm, from old: Alarm) -> Alarm {
        var alarm = alarm
        if alarm.time != old.time || alarm.date != old.date || alarm.repeatDays != old.repeatDays || !alarm.isEnabled {
            alarm.skippedOccurrence = nil
        }
        if !alarm.isRepeating, let own = alarm.date, let until = alarm.pausedUntil, own < until {
            alarm.pausedUntil = nil
        }
        return alarm
    }

    /// The first instant of a pause's date: local midnight, or the end of a gap that swallows it.
    private func pauseEnd(_ date: CivilDate, zone: ZoneRules) -> Instant {
        zone.instant(for: LocalDateTime(date: date, time: WallTime(hour: 0, minute: 0)!))
    }
}

extension Alarm {
    /// Whether the occurrence named `local` rings: it is not the skipped one, nor before the pause's date.
    public func rings(at local: LocalDateTime) -> Bool {
        local != skippedOccurrence && pausedUntil.map { local.date >= $0 } ?? true
    }
}

extension SkipAndPause {
    /// What becomes of an occurrence `preview` lists.
    public enum Fate: Equatable, Sendable {
        case rings
        case skipped
    }

    /// The next `count` occurrences that ring after `now`, with the skipped occurrence among them
    /// where it falls, for `reveille preview`. A pause shows as the first of them lying on or after
    /// `alarm.pausedUntil`; nothing before that date is listed.
    public func preview(_ alarm: Alarm, after now: Instant, zone: ZoneRules, count: Int) -> [(ScheduleNextFire.Occurrence, Fate)] {
        var unskipped = alarm
        unskipped.skippedOccurrence = nil
        var lines: [(ScheduleNextFire.Occurrence, Fate)] = []
        var from = now
        var ringing = 0
        while ringing < count, let next = ScheduleNextFire().nextOccurrence(of: unskipped, after: from, zone: zone) {
            let skipped = next.local == alarm.skippedOccurrence
            lines.append((next, skipped ? .skipped : .rings))
            if !skipped { ringing += 1 }
            from = next.at
        }
        return lines
    }
}
