import ArgumentParser
import DBus
import Gettext
import ReveilleAPI
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// The alarms `pause` and `resume` act on: one named by its id, or all of them with `--all`.
struct AlarmSelection: ParsableArguments {
    @Argument(help: .text(Message("The alarm's id, or a unique prefix of it; not with --all.")))
    var id: String?

    @Flag(help: .text(Message("Every alarm instead of one.")))
    var all = false

    enum Target: Equatable {
        case one(String)
        case all
    }

    /// One id or `--all`: neither, or both, is a usage error.
    func target() throws(CLIError) -> Target {
        switch (id, all) {
        case (let id?, false): return .one(id)
        case (nil, true): return .all
        case (_?, true): throw .usage(Message("give an alarm id or --all, not both"))
        case (nil, false): throw .usage(Message("give an alarm id, or --all for every alarm"))
        }
    }
}

/// `--until` of `pause`: a day as `add --date` reads it, sent as `YYYY-MM-DD`.
enum PauseDate {
    /// The day `text` names at `clock`, which must come after today: a pause until today would change
    /// nothing, so a weekday that is today means the same weekday next week.
    static func resolve(_ text: String, at clock: LocalNow) throws(CLIError) -> CivilDate {
        guard var date = try TimeExpression(words: [], dayText: text, at: clock).date else {
            throw .usage(Message("--until '{value}' is not a day; accepted: {accepted}", ["value": text, "accepted": WhenText.acceptedDays]))
        }
        let today = clock.zone.localDateTime(at: clock.now).date
        if date == today, TimeExpression.needsTime(text) { date = today.adding(days: 7) }
        guard date > today else {
            throw .usage(Message("--until {date} is not after today ({today}): give the first day it should ring again",
                                 ["date": date.description, "today": today.description]))
        }
        return date
    }
}

/// What `pause --all` and `resume --all` did: how many alarms changed, and the ones left alone and why.
struct PauseEachReport: Equatable {
    var changed = 0
    var leftAlone: [String] = []

    /// "paused 3 alarms" (`verb` "paused") or "resumed 3 alarms" ("resumed"), then a line for each alarm left alone.
    func lines(verb: String, translator: Translator = CLILocale.current.translator) -> [String] {
        let count = verb == "resumed" ? Message(one: "resumed {count} alarm", other: "resumed {count} alarms", count: changed)
            : Message(one: "paused {count} alarm", other: "paused {count} alarms", count: changed)
        return [translator(count)] + leftAlone.map { translator(Message("left alone: {alarm}", ["alarm": $0])) }
    }
}

extension AgentClient {
    /// Pauses each alarm until `date`, or resumes it when `date` is nil. A ringing or snoozed alarm
    /// (AlarmActive) and an enabled one the agent refuses (a one-time alarm the pause would end) are left
    /// alone and named; an alarm removed meanwhile is passed over. Any other error ends the loop.
    func pauseEach(_ alarms: [[String: Value]], until date: CivilDate?) async throws(CLIError) -> PauseEachReport {
        var report = PauseEachReport()
        for alarm in alarms {
            guard let id = alarm["id"]?.stringValue else { continue }
            let label = sanitizeForTerminal(alarm["label"]?.stringValue ?? "")
            let name = String(id.prefix(8)) + " " + (label.isEmpty ? CLILocale.text(Message("Alarm")) : label)
            do {
                try await pauseUntil(id, date)
                report.changed += 1
            } catch where error.kind == .alarmActive {
                report.leftAlone.append(CLILocale.text(alarm["snoozed"]?.boolValue == true
                    ? Message("{alarm} (snoozed)", ["alarm": name]) : Message("{alarm} (ringing)", ["alarm": name])))
            } catch where error.kind == .invalidArgument && alarm["enabled"]?.boolValue == true {
                report.leftAlone.append(name + ": " + sanitizeForTerminal(error.message))
            } catch where error.kind == .invalidArgument || error.kind == .notFound {
                continue
            }
        }
        return report
    }
}
