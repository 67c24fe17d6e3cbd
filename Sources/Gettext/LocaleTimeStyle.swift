import CIntl
import Glibc
import ReveilleTime

extension TimeStyle {
    /// How the locale `name` (`en_US.UTF-8`) writes times and dates, from its `T_FMT`,
    /// `T_FMT_AMPM`, `AM_STR`/`PM_STR`, `D_FMT` and its day and month names; nil when the locale is
    /// not installed. A C or POSIX locale gives `.posix`.
    ///
    /// glibc has no short time format, so the hours and minutes are taken from the locale's time
    /// format: `T_FMT` (its `%r` stands for `T_FMT_AMPM`); a format with `%I`, `%l` or `%p` makes a
    /// 12-hour clock, whose hour is written without a leading zero ("7:00 AM": en_US's own
    /// `%I:%M:%S %p` would give "07:00:00 AM"); a 24-hour `%H` keeps its zero, `%k` has none.
    /// The seconds show only when a time has them. The corresponding C functions are
    /// `newlocale` and `nl_langinfo_l`.
    public init?(locale name: String) {
        if LocaleName(name).isC { self = .posix; return }
        guard let locale = PosixLocale(name) else { return nil }
        self.init(locale)
    }

    init(_ locale: PosixLocale) {
        var format = locale.info(T_FMT)
        let ampm = locale.info(T_FMT_AMPM)
        format = format.replacingAll("%r", with: ampm.isEmpty ? "%I:%M:%S %p" : ampm)
            .replacingAll("%T", with: "%H:%M:%S").replacingAll("%R", with: "%H:%M")
        let pieces = TimeStyle.pieces(format)
        let twelveHour = pieces.twelveHour
        let am = locale.info(AM_STR), pm = locale.info(PM_STR)
        // Monday first; glibc numbers the days from Sunday (ABDAY_1).
        let abdays: [Int] = [ABDAY_2, ABDAY_3, ABDAY_4, ABDAY_5, ABDAY_6, ABDAY_7, ABDAY_1]
        let days: [Int] = [DAY_2, DAY_3, DAY_4, DAY_5, DAY_6, DAY_7, DAY_1]
        let abmons: [Int] = [ABMON_1, ABMON_2, ABMON_3, ABMON_4, ABMON_5, ABMON_6, ABMON_7, ABMON_8, ABMON_9,
                                 ABMON_10, ABMON_11, ABMON_12]
        let mons: [Int] = [MON_1, MON_2, MON_3, MON_4, MON_5, MON_6, MON_7, MON_8, MON_9, MON_10, MON_11, MON_12]
        let dateFormat = locale.info(D_FMT)
        let dayAt = dateFormat.firstOccurrence(of: "%d") ?? dateFormat.firstOccurrence(of: "%e")
        let monthAt = dateFormat.firstOccurrence(of: "%m") ?? dateFormat.firstOccurrence(of: "%b")
        let monthFirst = if let dayAt, let monthAt { monthAt.lowerBound < dayAt.lowerBound } else { false }
        // German writes the day as an ordinal: "%d.%m.%Y" → "5. Jan".
        let daySuffix = dayAt.map { dateFormat[$0.upperBound...].hasPrefix(".") } == true && !monthFirst ? "." : ""
        self.init(
            pattern: pieces.pattern, twelveHour: twelveHour && !am.isEmpty && !pm.isEmpty,
            amText: am.isEmpty ? "AM" : am, pmText: pm.isEmpty ? "PM" : pm,
            weekdayAbbreviations: abdays.map(locale.info), weekdayNames: days.map(locale.info),
            monthAbbreviations: abmons.map(locale.info), monthNames: mons.map(locale.info),
            monthFirst: monthFirst, daySuffix: daySuffix)
    }

    /// The pieces of a strftime time format: hours, minutes, seconds, AM/PM and the literal text
    /// between them; a zone (`%Z`) and anything else unknown is dropped with the space before it.
    static func pieces(_ format: String) -> (pattern: [Piece], twelveHour: Bool) {
        var pattern: [Piece] = []
        var twelveHour = false
        var literal = ""
        var iterator = format.makeIterator()
        func flush() { if !literal.isEmpty { pattern.append(.literal(literal)); literal = "" } }
        while let character = iterator.next() {
            guard character == "%" else { literal.append(character); continue }
            var conversion = iterator.next()
            var unpadded = false
            // glibc's flags: `-` drops the padding, `_` pads with spaces, `0` with zeros.
            while let flag = conversion, flag == "-" || flag == "_" || flag == "0" {
                if flag != "0" { unpadded = true }
                conversion = iterator.next()
            }
            switch conversion {
            case "H": flush(); pattern.append(.hour(padded: !unpadded))
            case "k": flush(); pattern.append(.hour(padded: false))
            case "I", "l": flush(); twelveHour = true; pattern.append(.hour(padded: false))
            case "M": flush(); pattern.append(.minute)
            case "S": flush(); pattern.append(.second)
            case "p", "P": flush(); twelveHour = true; pattern.append(.meridiem)
            case "%": literal.append("%")
            case "n": literal.append("\n")
            case "t": literal.append("\t")
            default:
                // `%Z` and the like: not part of an alarm's time. The blank before it goes too.
                while literal.last == " " { literal.removeLast() }
            }
        }
        while literal.last == " " { literal.removeLast() }
        flush()
        return (pattern, twelveHour)
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstOccurrence(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

extension StringProtocol {
    /// Where `target` first occurs; no Foundation.
    func firstOccurrence(of target: String) -> Range<Index>? {
        guard let first = target.first else { return nil }
        var index = startIndex
        while let found = self[index...].firstIndex(of: first) {
            if self[found...].starts(with: target) {
                return found..<self.index(found, offsetBy: target.count)
            }
            index = self.index(after: found)
        }
        return nil
    }
}
