/// A day of the week, numbered as ISO 8601 does (Monday = 1 … Sunday = 7).
public enum Weekday: Int, CaseIterable, Comparable, Sendable, Codable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The three-letter lowercase name used by the CLI and D-Bus (`mon` … `sun`).
    public var shortName: String {
        switch self {
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        case .sunday: "sun"
        }
    }

    public init?(shortName: String) {
        guard let day = Weekday.allCases.first(where: { $0.shortName == shortName }) else { return nil }
        self = day
    }
}

/// A calendar date in the proleptic Gregorian calendar, with no zone attached.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Creates a date, or nil when the fields do not name a real day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before it).
    public init(daysSinceEpoch days: Int64) {
        // Howard Hinnant's days_from_civil inverse, in 400-year eras.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.year = Int(y)
        self.month = Int(m)
        self.day = Int(d)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int64 { CivilDate.days(year: year, month: month, day: day) }

    /// Days from 1970-01-01 to a date given as fields, which the caller has checked.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSinceEpoch + 3) % 7 + 7) % 7  // 0 = Monday
        return Weekday(rawValue: Int(index) + 1)!
    }

    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + Int64(days))
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// A wall-clock time of day, to the second.
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public static func < (lhs: WallTime, rhs: WallTime) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public var description: String {
        second == 0 ? "\(pad(hour, 2)):\(pad(minute, 2))" : "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}

/// A date and wall-clock time with no zone: what a person reads off a clock on the wall.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var time: WallTime

    public init(date: CivilDate, time: WallTime) {
        self.date = date
        self.time = time
    }

    /// Seconds since 1970-01-01T00:00:00 as if this local time were UTC.
    public var secondsSinceLocalEpoch: Int64 {
        date.daysSinceEpoch * 86_400 + Int64(time.secondsSinceMidnight)
    }

    public init(secondsSinceLocalEpoch s: Int64) {
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let rest = Int(s - days * 86_400)
        self.date = CivilDate(daysSinceEpoch: days)
        self.time = WallTime(hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)!
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.secondsSinceLocalEpoch < rhs.secondsSinceLocalEpoch
    }

    public var description: String {
        "\(date)T\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))"
    }
}

/// Zero-pads a non-negative number to `width` digits (a minus sign is kept in front).
func pad(_ value: Int, _ width: Int) -> String {
    let padded = String(value.magnitude).zeroPadded(to: width)
    return value < 0 ? "-" + padded : padded
}
