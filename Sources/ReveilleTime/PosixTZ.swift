/// One kind of local time: its UTC offset, whether it is daylight saving time, and its abbreviation.
struct LocalTimeType: Hashable, Sendable {
    var offset: Int
    var isDaylightSaving: Bool
    var abbreviation: String
}

/// A POSIX TZ rule such as `CET-1CEST,M3.5.0,M10.5.0/3`: a standard time and, optionally,
/// a daylight saving time entered and left on the same days every year.
///
/// Follows POSIX with the RFC 8536 §3.3 extensions (transition hours from -167 to 167).
struct PosixTZ: Hashable, Sendable {
    /// The day of the year a change happens on.
    enum Day: Hashable, Sendable {
        /// `Jn`: day 1...365, where February 29 is never counted.
        case julian(Int)
        /// `n`: day 0...365, counting February 29 in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// A yearly change: the day, and the local time of day (seconds, may be negative or past 24 h).
    struct Change: Hashable, Sendable {
        var day: Day
        var time: Int
    }

    struct Daylight: Hashable, Sendable {
        var type: LocalTimeType
        /// Given in standard time.
        var start: Change
        /// Given in daylight saving time.
        var end: Change
    }

    var standard: LocalTimeType
    var daylight: Daylight?
}

// MARK: - Parsing

extension PosixTZ {
    init(parsing text: String) throws(ZoneError) {
        func failure(_ what: String) -> ZoneError { ZoneError("invalid POSIX TZ string \"\(text)\": \(what)") }
        var scanner = ASCIIScanner(text)
        guard let standardName = scanner.abbreviation() else {
            throw failure("expected a zone abbreviation of 3 or more letters")
        }
        guard let standardOffset = scanner.clockTime(maxHours: 24) else {
            throw failure("expected a UTC offset after \"\(standardName)\"")
        }
        standard = LocalTimeType(offset: -standardOffset, isDaylightSaving: false, abbreviation: standardName)
        guard !scanner.isAtEnd else { return }

        guard let daylightName = scanner.abbreviation() else { throw failure("expected a daylight saving abbreviation") }
        var daylightOffset = standard.offset + 3600
        if scanner.peek != nil, scanner.peek != UInt8(ascii: ",") {
            guard let offset = scanner.clockTime(maxHours: 24) else { throw failure("bad daylight saving offset") }
            daylightOffset = -offset
        }
        // POSIX leaves a missing rule to the implementation; glibc and tzcode fall back to the US rules.
        var start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
        var end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        if !scanner.isAtEnd {
            guard scanner.consume(","), let first = scanner.change() else { throw failure("bad start rule") }
            guard scanner.consume(","), let second = scanner.change() else { throw failure("bad end rule") }
            start = first
            end = second
        }
        guard scanner.isAtEnd else { throw failure("unexpected text at position \(scanner.index + 1)") }
        let type = LocalTimeType(offset: daylightOffset, isDaylightSaving: true, abbreviation: daylightName)
        daylight = Daylight(type: type, start: start, end: end)
    }
}

extension ASCIIScanner {
    /// `EST` (three or more letters) or `<+0330>` (three or more of letters, digits, `+`, `-`).
    mutating func abbreviation() -> String? {
        let quoted = consume("<")
        let begin = index
        let isNameByte = { (byte: UInt8) in
            ASCIIScanner.isLetter(byte)
                || quoted && (ASCIIScanner.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"))
        }
        while consume(where: isNameByte) != nil {}
        let name = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard name.count >= 3, !quoted || consume(">") else { return nil }
        return name
    }

    /// `[+|-]hh[:mm[:ss]]` as signed seconds, with `hh` at most `maxHours`.
    mutating func clockTime(maxHours: Int) -> Int? {
        let sign = consume("-") ? -1 : 1
        if sign == 1 { _ = consume("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        if consume(":") {
            guard let minutes = number(minDigits: 2, maxDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if consume(":") {
                guard let secs = number(minDigits: 2, maxDigits: 2), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
    mutating func change() -> PosixTZ.Change? {
        let day: PosixTZ.Day
        if consume("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if consume("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), consume("."),
                  let week = number(maxDigits: 1), (1...5).contains(week), consume("."),
                  let weekday = number(maxDigits: 1), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if consume("/") {
            guard let t = clockTime(maxHours: 167) else { return nil }
            time = t
        }
        return PosixTZ.Change(day: day, time: time)
    }
}

// MARK: - Evaluation

extension PosixTZ {
    /// The local time type in force at `seconds` since the epoch.
    func type(at seconds: Int64) -> LocalTimeType {
        guard let daylight else { return standard }
        let year = CivilDate(daysSinceEpoch: floorDivide(seconds, 86_400)).year
        let changes = changes(inYears: year - 1...year + 1)
        // The earliest change lies a week or more before `year` begins, so one is always found.
        let inDaylight = changes.last(where: { $0.at <= seconds })?.toDaylight ?? !changes[0].toDaylight
        return inDaylight ? daylight.type : standard
    }

    /// Every start and end of daylight saving time in `years`, in time order (UTC seconds).
    ///
    /// Changes at the same instant keep year order, so a rule that ends DST on Dec 31 at 24:00+1h
    /// and restarts it on Jan 1 at 00:00 (RFC 8536's "DST all year") leaves DST in force.
    func changes(inYears years: ClosedRange<Int>) -> [(at: Int64, toDaylight: Bool)] {
        guard let daylight else { return [] }
        var result: [(at: Int64, toDaylight: Bool)] = []
        for year in years {
            result.append((Self.utcSeconds(of: daylight.start, in: year, offset: standard.offset), true))
            result.append((Self.utcSeconds(of: daylight.end, in: year, offset: daylight.type.offset), false))
        }
        return result.enumerated()
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
    }

    static func utcSeconds(of change: Change, in year: Int, offset: Int) -> Int64 {
        let day: Int64
        switch change.day {
        case .julian(let n):
            day = CivilDate.days(year: year, month: 1, day: 1) + Int64(n - 1)
                + (CivilDate.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = CivilDate.days(year: year, month: 1, day: 1) + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate.days(year: year, month: month, day: 1)
            let firstWeekday = floorModulo(first + 4, 7)  // 1970-01-01 was a Thursday; 0 = Sunday
            var candidate = first + floorModulo(Int64(weekday) - firstWeekday, 7) + Int64(7 * (week - 1))
            while candidate >= first + Int64(CivilDate.daysIn(month: month, year: year)) { candidate -= 7 }
            day = candidate
        }
        // Wrapping arithmetic: absurd years give absurd answers instead of a trap.
        return day &* 86_400 &+ Int64(change.time) &- Int64(offset)
    }
}

/// Division rounding toward negative infinity, for `b > 0`.
func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a % b < 0 ? a / b - 1 : a / b }
func floorModulo(_ a: Int64, _ b: Int64) -> Int64 { ((a % b) + b) % b }
