import ArgumentParser
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// `--repeat` and `--date`: the days an alarm rings on, read the same way by `add`, `edit` and `preview`.
struct DayOptions: ParsableArguments {
    @Option(name: .customLong("repeat"), help: .text(Message("Days it repeats on: mon..sun as a comma list, weekdays, weekends or daily; 'none' for one-time.")))
    var repeatText: String?

    @Option(help: .text(Message("The day of a one-time alarm: today, tomorrow, mon..sun (its next occurrence) or YYYY-MM-DD.")),
            completion: .list(dayWords))
    var date: String?

    /// The repeat days asked for: nil when `--repeat` is not given, none for `none` (one-time).
    func repeatDays() throws(CLIError) -> Set<Weekday>? {
        guard let repeatText else { return nil }
        if repeatText == "none" || repeatText.isEmpty { return [] }
        return try parsed { () throws(AlarmFieldError) in try AlarmText.parseRepeatList(repeatText) }
    }
}
