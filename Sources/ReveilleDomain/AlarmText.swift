import ReveilleText
import ReveilleTime

/// Parses the text forms people and scripts use for alarm fields (CLI flags, D-Bus values).
///
/// Every error says which value was wrong and what was expected.
public enum AlarmText {
    /// `HH:MM` or `HH:MM:SS`, 24-hour.
    public static func parseTime(_ text: String) throws(AlarmFieldError) -> WallTime {
        // Byte by byte, without a split: the agent's start reads one per stored alarm.
        var bytes = text
        guard let time = bytes.withUTF8({ bytes -> WallTime? in
            guard bytes.count == 5 || bytes.count == 8, bytes[2] == colon, bytes.count == 5 || bytes[5] == colon,
                  let hour = ASCIIDigits.twoDigits(bytes, at: 0), let minute = ASCIIDigits.twoDigits(bytes, at: 3),
                  let second = bytes.count == 8 ? ASCIIDigits.twoDigits(bytes, at: 6) : 0
            else { return nil }
            return WallTime(hour: hour, minute: minute, second: second)
        }) else { throw AlarmFieldError(Message("time '{value}' is not a valid HH:MM time", ["value": quoted(text)])) }
        return time
    }

    /// `YYYY-MM-DD`.
    public static func parseDate(_ text: String) throws(AlarmFieldError) -> CivilDate {
        var bytes = text
        guard let date = bytes.withUTF8({ bytes -> CivilDate? in
            guard bytes.count == 10, bytes[4] == dash, bytes[7] == dash,
                  let century = ASCIIDigits.twoDigits(bytes, at: 0), let years = ASCIIDigits.twoDigits(bytes, at: 2),
                  let month = ASCIIDigits.twoDigits(bytes, at: 5), let day = ASCIIDigits.twoDigits(bytes, at: 8)
            else { return nil }
            return CivilDate(year: century * 100 + years, month: month, day: day)
        }) else { throw AlarmFieldError(Message("date '{value}' is not a valid YYYY-MM-DD date", ["value": quoted(text)])) }
        return date
    }

    private static let colon = UInt8(ascii: ":"), dash = UInt8(ascii: "-")

    /// Repeat tokens: `mon`…`sun`, `weekdays`, `weekends`, `daily`. Empty means one-time.
    public static func parseRepeat(_ tokens: [String]) throws(AlarmFieldError) -> Set<Weekday> {
        var days = Set<Weekday>()
        for token in tokens { try addRepeat(token, to: &days) }
        return days
    }

    /// The stored form: repeat tokens joined by commas, where empty items are skipped; empty means one-time.
    public static func parseRepeat(joined text: String) throws(AlarmFieldError) -> Set<Weekday> {
        var days = Set<Weekday>()
        var rest = text[...]
        while let comma = rest.utf8.firstIndex(of: UInt8(ascii: ",")) {
            if comma > rest.startIndex { try addRepeat(String(rest[..<comma]), to: &days) }
            rest = rest[rest.utf8.index(after: comma)...]
        }
        if !rest.isEmpty { try addRepeat(String(rest), to: &days) }
        return days
    }

    private static func addRepeat(_ token: String, to days: inout Set<Weekday>) throws(AlarmFieldError) {
        switch token {
        case "weekdays": days.formUnion([.monday, .tuesday, .wednesday, .thursday, .friday])
        case "weekends": days.formUnion([.saturday, .sunday])
        case "daily": days.formUnion(Weekday.allCases)
        default:
            guard let day = Weekday(shortName: token) else {
                throw AlarmFieldError(Message(
                    "repeat day '{value}' is not one of mon, tue, wed, thu, fri, sat, sun, weekdays, weekends, daily",
                    ["value": quoted(token)]))
            }
            days.insert(day)
        }
    }

    /// A comma list, as the CLI takes it: `mon,wed,fri` or `weekdays`.
    public static func parseRepeatList(_ text: String) throws(AlarmFieldError) -> Set<Weekday> {
        let tokens = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingBlanks(spacesAndTabs).lowercased() }
        if tokens.contains("") { throw AlarmFieldError(Message("repeat '{value}' has an empty day", ["value": quoted(text)])) }
        return try parseRepeat(tokens)
    }

    /// Days in week order, as short names.
    public static func formatRepeat(_ days: Set<Weekday>) -> [String] {
        days.sorted().map(\.shortName)
    }

    /// `math:easy|medium|hard`, `qr:CODE`, `typing:N`, `card:LABEL`.
    public static func parseChallenge(_ text: String) throws(AlarmFieldError) -> Challenge.Params {
        guard let colon = text.firstIndex(of: ":") else { throw unknownChallenge(text) }
        let kind = text[..<colon]
        let argument = String(text[text.index(after: colon)...])
        switch kind {
        case "math":
            guard let level = MathDifficulty(rawValue: argument) else {
                throw AlarmFieldError(Message("math level '{value}' is not easy, medium or hard", ["value": quoted(argument)]))
            }
            return .math(difficulty: level, timeLimit: Challenge.defaultMathTimeLimit)
        case "qr":
            try checkNewQRCode(argument)
            return .qr(expected: argument)
        case "typing":
            guard let words = ASCIIDigits.value(argument), Challenge.typingWordRange.contains(words) else {
                throw AlarmFieldError(Message("typing word count '{value}' is not a number from 1 to 20", ["value": quoted(argument)]))
            }
            return .typing(words: words)
        case "card":
            if let problem = CardCode.labelProblem(argument) { throw AlarmFieldError(problem) }
            return .card(label: argument)
        default:
            throw unknownChallenge(text)
        }
    }

    private static func unknownChallenge(_ text: String) -> AlarmFieldError {
        AlarmFieldError(Message("challenge '{value}' is not math:LEVEL, qr:CODE or typing:N, nor card:LABEL", ["value": quoted(text)]))
    }

    /// A code given now: 6 to 128 printable characters. Stored codes are not checked again, so shorter old ones keep working.
    public static func checkNewQRCode(_ code: String) throws(AlarmFieldError) {
        guard Challenge.qrCodeLengthRange.contains(code.count), code.unicodeScalars.allSatisfy(isPrintable) else {
            throw AlarmFieldError(Message("a qr code must be 6 to 128 printable characters"))
        }
        if let problem = Alarm.qrCodeSizeProblem(code) { throw AlarmFieldError(problem) }
    }

    /// The text form of a challenge; a QR code is a secret and shows as `qr:*` unless `revealingSecrets`.
    public static func formatChallenge(_ params: Challenge.Params, revealingSecrets: Bool = false) -> String {
        switch params {
        case .qr(let code): revealingSecrets ? "qr:\(code)" : "qr:*"
        case .math(let level, _): "math:\(level.rawValue)"
        case .typing(let words): "typing:\(words)"
        case .card(let label): "card:\(label)"
        }
    }

    /// Shortens and escapes a bad value so an error message stays one readable line.
    public static func quoted(_ text: String) -> String {
        let shown = printable(text)
        // Characters and scalars both: one character may carry any number of combining marks.
        var cut = String(shown.prefix(40))
        if cut.unicodeScalars.count > 120 { cut = String(String.UnicodeScalarView(cut.unicodeScalars.prefix(120))) }
        return cut.unicodeScalars.count < shown.unicodeScalars.count ? cut + "…" : shown
    }

    /// `text` with every control, format or unassigned character replaced by `?`: safe for a log line.
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isPrintable($0) ? $0 : "?" }))
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }
}

/// A field of an alarm has a value that is out of range or malformed.
public struct AlarmFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: Message
    public init(_ message: Message) { self.message = message }
    /// The message in English (the C locale's text).
    public var description: String { message.english }
}

/// What people's typed values may be padded with: a CR is not padding there, it is a wrong character.
let spacesAndTabs: Set<Character> = [" ", "\t"]
