/// How a locale writes times of day and dates: 12- or 24-hour, its AM/PM words, whether the hour
/// has a leading zero, and its weekday and month names. Pure: the `Gettext` target derives one
/// from a glibc locale (`TimeStyle(locale:)` there); `.posix` writes exactly what Reveille printed
/// before it had translations ("07:00", "Mon", "Tue 5 Jan").
///
///     style.time(alarmTime)            // "07:00", "7:00 AM", "07:00:15" (seconds only when not zero)
///     style.weekday(date.weekday)      // "Mon", "Mo", "lun."
///     style.dayAndMonth(date)          // "Tue 5 Jan", "Tue, Jan 5", "Di 5. Jan"
public struct TimeStyle: Hashable, Sendable {
    /// One piece of a time pattern.
    public enum Piece: Hashable, Sendable {
        /// The hour, 0–23 or (`twelveHour`) 1–12, zero-padded to two digits when `padded`.
        case hour(padded: Bool)
        case minute
        /// The seconds, written (with the literal before them) only when the time has seconds.
        case second
        /// The locale's AM or PM word.
        case meridiem
        case literal(String)
    }

    /// How a time is written, in order: `[.hour(padded: true), .literal(":"), .minute, .literal(":"), .second]`.
    public var pattern: [Piece]
    /// Whether the hour runs 1–12 with AM/PM.
    public var twelveHour: Bool
    /// The words for before and after noon (`AM`, `PM`); unused on a 24-hour clock.
    public var amText: String
    public var pmText: String
    /// Abbreviated weekday names, Monday first (`Mon` … `Sun`).
    public var weekdayAbbreviations: [String]
    /// Full weekday names, Monday first.
    public var weekdayNames: [String]
    /// Abbreviated month names, January first.
    public var monthAbbreviations: [String]
    /// Full month names, January first.
    public var monthNames: [String]
    /// Whether the month comes before the day (`Jan 5`, as en_US writes dates) rather than after (`5 Jan`).
    public var monthFirst: Bool
    /// What follows the day's number (`.` in German: `5. Jan`); usually nothing.
    public var daySuffix: String

    public init(pattern: [Piece], twelveHour: Bool, amText: String, pmText: String, weekdayAbbreviations: [String],
                weekdayNames: [String], monthAbbreviations: [String], monthNames: [String], monthFirst: Bool,
                daySuffix: String) {
        precondition(weekdayAbbreviations.count == 7 && weekdayNames.count == 7, "seven weekdays, Monday first")
        precondition(monthAbbreviations.count == 12 && monthNames.count == 12, "twelve months, January first")
        self.pattern = pattern
        self.twelveHour = twelveHour
        self.amText = amText
        self.pmText = pmText
        self.weekdayAbbreviations = weekdayAbbreviations
        self.weekdayNames = weekdayNames
        self.monthAbbreviations = monthAbbreviations
        self.monthNames = monthNames
        self.monthFirst = monthFirst
        self.daySuffix = daySuffix
    }

    /// What Reveille wrote before translations, and what the C locale shows: `07:00`, `07:00:15`,
    /// `Mon`, `Jan`, `Tue 5 Jan`.
    public static let posix = TimeStyle(
        pattern: [.hour(padded: true), .literal(":"), .minute, .literal(":"), .second],
        twelveHour: false, amText: "AM", pmText: "PM",
        weekdayAbbreviations: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        weekdayNames: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        monthAbbreviations: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        monthNames: ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"],
        monthFirst: false, daySuffix: "")

    /// The time of day: hours and minutes, and the seconds only when they are not zero.
    public func time(_ time: WallTime) -> String {
        var out = ""
        var pendingLiteral = ""
        for piece in pattern {
            switch piece {
            case .literal(let text):
                pendingLiteral += text
                continue
            case .second:
                // The separator before the seconds goes with them.
                if time.second != 0 { out += pendingLiteral + pad(time.second, 2) }
                pendingLiteral = ""
                continue
            case .hour(let padded):
                let hour = twelveHour ? (time.hour % 12 == 0 ? 12 : time.hour % 12) : time.hour
                out += pendingLiteral + (padded ? pad(hour, 2) : String(hour))
            case .minute:
                out += pendingLiteral + pad(time.minute, 2)
            case .meridiem:
                out += pendingLiteral + (time.hour < 12 ? amText : pmText)
            }
            pendingLiteral = ""
        }
        return out + pendingLiteral
    }

    /// The abbreviated weekday: `Mon`.
    public func weekday(_ day: Weekday) -> String { weekdayAbbreviations[day.rawValue - 1] }

    /// The full weekday: `Monday`.
    public func weekdayName(_ day: Weekday) -> String { weekdayNames[day.rawValue - 1] }

    /// The abbreviated month, 1 = January: `Jan`.
    public func month(_ month: Int) -> String { monthAbbreviations[(month - 1) % 12] }

    /// The full month, 1 = January: `January`.
    public func monthName(_ month: Int) -> String { monthNames[(month - 1) % 12] }

    /// The weekday, day and month: `Tue 5 Jan` (`Tue, Jan 5` month first); with the year
    /// (`Tue 5 Jan 2028`, `Tue, Jan 5, 2028`) when `withYear`.
    public func dayAndMonth(_ date: CivilDate, withYear: Bool = false) -> String {
        let day = String(date.day) + daySuffix
        if monthFirst {
            return "\(weekday(date.weekday)), \(month(date.month)) \(day)" + (withYear ? ", \(date.year)" : "")
        }
        return "\(weekday(date.weekday)) \(day) \(month(date.month))" + (withYear ? " \(date.year)" : "")
    }

    /// The weekday and time: `Mon 07:00`, `Mon 7:00 AM`.
    public func weekdayAndTime(_ local: LocalDateTime) -> String {
        "\(weekday(local.date.weekday)) \(time(local.time))"
    }
}
