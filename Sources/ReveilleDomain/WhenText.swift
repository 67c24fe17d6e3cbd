import ReveilleText
import ReveilleTime

/// When an alarm should ring, as a person types it.
public enum When: Equatable, Sendable {
    /// A wall-clock time on a named day, or on its next occurrence when `day` is nil.
    case at(WallTime, day: DayWord?)
    /// Exactly this many seconds from now (`+25m`, `in 1 hour`).
    case after(seconds: Int64)
}

/// A day as a person names it: `today`, `tomorrow`, `mon`…`sun` or `YYYY-MM-DD`.
public enum DayWord: Equatable, Sendable {
    case today
    case tomorrow
    /// The next occurrence of that weekday.
    case weekday(Weekday)
    case date(CivilDate)

    /// The calendar day meant at `now`. A weekday that is today means today while `time` is still
    /// ahead (or unknown), else the same weekday next week.
    public func resolve(time: WallTime?, now: Instant, zone: ZoneRules) -> CivilDate {
        let today = zone.localDateTime(at: now).date
        switch self {
        case .today: return today
        case .tomorrow: return today.adding(days: 1)
        case .date(let date): return date
        case .weekday(let day):
            let ahead = (day.rawValue - today.weekday.rawValue + 7) % 7
            if ahead == 0, let time, zone.instant(for: LocalDateTime(date: today, time: time)) <= now {
                return today.adding(days: 7)
            }
            return today.adding(days: ahead)
        }
    }
}

/// Parses the times, days and durations people type for the CLI: `7`, `7:30pm`, `noon`, `tomorrow 7:00`,
/// `+1h30m`, `in 25 min`. Ambiguous input is an error, never a guess.
///
/// The D-Bus contract keeps its strict forms (`AlarmText`): these are turned into them before they are sent.
public enum WhenText {
    /// Every form, for error messages: a person who typed something else learns what works. What is
    /// typed is the same in every language, so these lists are not translated.
    public static let acceptedForms = "7, 7:30, 07:30:15, 7am, 7:30pm, 12am, 12pm, noon, midnight; "
        + "+25m, +1h30m, +90s, 'in 25 min'; 'tomorrow 7:00', 'mon 7:00', '2027-03-14 7:00'"
    public static let acceptedDays = "today, tomorrow, mon..sun or YYYY-MM-DD"
    /// A relative alarm lies at most a year ahead, so its seconds fit the D-Bus `u` with room to spare.
    public static let relativeRange: ClosedRange<Int64> = 1...(366 * 86_400)

    /// A time or day-and-time, or a relative time, given as one argument or as several words.
    public static func parse(_ words: [String]) throws(AlarmFieldError) -> When {
        let text = words.joined(separator: " ")
        let tokens = tokenize(text)
        guard let first = tokens.first else { throw notUnderstood(text) }
        if first.hasPrefix("+") || first == "in" {
            let rest = first == "in" ? tokens.dropFirst().joined(separator: " ") : String(tokens.joined(separator: " ").dropFirst())
            guard let seconds = parseDuration(rest), relativeRange.contains(seconds) else { throw notUnderstood(text) }
            return .after(seconds: seconds)
        }
        switch tokens.count {
        case 1:
            return .at(try time(tokens[0], in: text), day: nil)
        case 2:
            if let day = try? parseDay(tokens[0]) { return .at(try time(tokens[1], in: text), day: day) }
            if let day = try? parseDay(tokens[1]) { return .at(try time(tokens[0], in: text), day: day) }
            throw notUnderstood(text)
        default:
            throw notUnderstood(text)
        }
    }

    /// A time of day: 24-hour `7`, `7:30`, `07:30:15`; 12-hour `7am`, `7:30pm`; `noon`, `midnight`.
    public static func parseTime(_ text: String) throws(AlarmFieldError) -> WallTime {
        try time(tokenize(text).joined(separator: " "), in: text)
    }

    /// `today`, `tomorrow`, `mon`…`sun` (or the full names), `YYYY-MM-DD`.
    public static func parseDay(_ text: String) throws(AlarmFieldError) -> DayWord {
        let word = text.trimmingBlanks([" ", "\t"]).lowercased()
        switch word {
        case "today": return .today
        case "tomorrow": return .tomorrow
        default:
            if let day = Weekday.allCases.first(where: { $0.shortName == word || $0.fullName == word }) { return .weekday(day) }
            if let date = try? AlarmText.parseDate(word) { return .date(date) }
            throw AlarmFieldError(Message("day '{day}' is not understood; accepted: {accepted}",
                                          ["day": AlarmText.quoted(text), "accepted": acceptedDays]))
        }
    }

    /// Seconds in `90s`, `25m`, `1h30m`, `2d`, `1w`, `1 hour 30 min` (lowercase units); `0` alone is zero. Nil for anything else.
    public static func parseDuration(_ text: String) -> Int64? {
        let trimmed = text.trimmingBlanks([" "])
        if trimmed == "0" { return 0 }
        var total: Int64 = 0
        var rest = Substring(trimmed)
        var sawPart = false
        while true {
            rest = rest.drop(while: { $0 == " " })
            if rest.isEmpty { return sawPart ? total : nil }
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard digits.utf8.count <= 9, let value = ASCIIDigits.value(digits).map(Int64.init) else { return nil }
            rest = rest.dropFirst(digits.count).drop(while: { $0 == " " })
            let unit = rest.prefix(while: { $0.isASCII && $0.isLetter })
            rest = rest.dropFirst(unit.count)
            guard let scale = unitSeconds[String(unit)] else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(value * scale)
            guard !overflow else { return nil }
            total = sum
            sawPart = true
        }
    }

    static let unitSeconds: [String: Int64] = {
        var table: [String: Int64] = [:]
        let names: [(Int64, [String])] = [
            (1, ["s", "sec", "secs", "second", "seconds"]),
            (60, ["m", "min", "mins", "minute", "minutes"]),
            (3600, ["h", "hr", "hrs", "hour", "hours"]),
            (86_400, ["d", "day", "days"]),
            (604_800, ["w", "week", "weeks"]),
        ]
        for (seconds, words) in names { for word in words { table[word] = seconds } }
        return table
    }()

    // MARK: Pieces

    /// Lowercase words; `7 am` becomes `7am`, so the suffix may stand apart.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        for word in text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) {
            if (word == "am" || word == "pm"), let last = tokens.last, last.last?.isNumber == true {
                tokens[tokens.count - 1] = last + word
            } else {
                tokens.append(word)
            }
        }
        return tokens
    }

    private static func time(_ word: String, in whole: String) throws(AlarmFieldError) -> WallTime {
        switch word {
        case "noon": return WallTime(hour: 12, minute: 0)!
        case "midnight": return WallTime(hour: 0, minute: 0)!
        default: break
        }
        var body = Substring(word)
        var meridiem: Substring?
        if word.hasSuffix("am") || word.hasSuffix("pm") {
            meridiem = body.suffix(2)
            body = body.dropLast(2)
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { ASCIIDigits.value($0) }
        guard (1...3).contains(parts.count), numbers.count == parts.count, (1...2).contains(parts[0].utf8.count),
              parts.dropFirst().allSatisfy({ $0.utf8.count == 2 })
        else { throw notUnderstood(whole) }
        var hour = numbers[0]
        if let meridiem {
            guard (1...12).contains(hour) else {
                throw AlarmFieldError(Message("time '{time}': with am or pm the hour runs from 1 to 12; accepted: {accepted}",
                                              ["time": AlarmText.quoted(whole), "accepted": acceptedForms]))
            }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard let time = WallTime(hour: hour, minute: numbers.count > 1 ? numbers[1] : 0, second: numbers.count > 2 ? numbers[2] : 0)
        else { throw notUnderstood(whole) }
        return time
    }

    private static func notUnderstood(_ text: String) -> AlarmFieldError {
        AlarmFieldError(Message("time '{time}' is not understood; accepted: {accepted}",
                                ["time": AlarmText.quoted(text), "accepted": acceptedForms]))
    }
}

extension Weekday {
    /// The English name in lowercase (`monday`), which the CLI also takes.
    public var fullName: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }
}
