import Gettext
import LinuxEvents
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// The moment and zone that day words and "in …" texts are read against (now, or `preview --from`),
/// and the locale the texts are written in.
struct LocalNow {
    var now: Instant
    var zone: ZoneRules
    var locale: UserLocale = CLILocale.current

    static func live() -> LocalNow { LocalNow(now: Instant(secondsSinceEpoch: realtimeNow().seconds), zone: Output.zone) }
}

/// A time argument and `--date` as people write them, turned into the strict fields the agent takes.
struct TimeExpression: Equatable {
    var time: WallTime?
    var date: CivilDate?
    /// For `+25m` and `in 1 hour`: the agent adds it to its own now, so CLI and agent cannot disagree on it.
    var inSeconds: Int64?

    /// `words` is the time argument (one or more words; empty when none was given), `dayText` the `--date`.
    /// `knownTime` is the alarm's time when only the day changes (`edit --date mon`).
    init(words: [String], dayText: String?, knownTime: WallTime? = nil, at clock: LocalNow) throws(CLIError) {
        var day: DayWord?
        if !words.isEmpty {
            switch try parsed({ () throws(AlarmFieldError) in try WhenText.parse(words) }) {
            case .after(let seconds):
                if dayText != nil { throw .usage(Message("a relative time (+25m, in 1 hour) cannot go with --date")) }
                inSeconds = seconds
                return
            case .at(let wallTime, let named):
                time = wallTime
                day = named
            }
        }
        if let dayText {
            if day != nil { throw .usage(Message("the day is given twice: in the time and in --date")) }
            day = try parsed { () throws(AlarmFieldError) in try WhenText.parseDay(dayText) }
        }
        date = day?.resolve(time: time ?? knownTime, now: clock.now, zone: clock.zone)
    }

    /// Whether `--date` names a weekday, whose day depends on the alarm's time.
    static func needsTime(_ dayText: String?) -> Bool {
        guard let dayText, case .weekday = try? WhenText.parseDay(dayText) else { return false }
        return true
    }
}
