import ArgumentParser
import DBus
import Gettext
import ReveilleAPI
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// `reveille history`: each ring and miss, newest first.
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("List past rings and misses, newest first: due, rang, snoozes, dismissed, wait, wrong answers, outcome.")))

    @Option(help: .text(Message("How far back to look: a duration such as 12h, 7d or 2w.")))
    var since = "7d"

    @Option(help: .text(Message("Only this alarm (its id, or the start of it).")))
    var alarm: String?

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let client = try AgentClient.connect()
        let start = try HistoryWindow.start(since, now: LocalNow.live().now)
        var id: String?
        if let alarm { id = try await Self.alarmID(alarm, client) }
        let entries = try await client.history(since: start, alarm: id)
        if output.json {
            print("[" + entries.map(Self.json).joined(separator: ",") + "]")
        } else if entries.isEmpty {
            print(CLILocale.text(Message("Nothing rang or was missed in the last {since}.", ["since": since])))
        } else {
            print(Self.header())
            for entry in entries { print(Self.line(entry)) }
        }
    }

    /// A removed alarm's runs stay in the history, so a full id need not name a current alarm.
    static func alarmID(_ reference: String, _ client: AgentClient) async throws(CLIError) -> String {
        let lowered = reference.lowercased()
        return AlarmID(lowered) != nil ? lowered : try await client.resolve(reference)
    }

    static func json(_ entry: HistoryEntry) -> String {
        let fields = Output.json(HistoryCodec.encode(entry)).dropLast()
        return fields + ",\"seconds_to_dismiss\":" + (entry.secondsToDismiss.map(String.init) ?? "null") + "}"
    }

    /// The columns, each with the width its English needs. A translation widens a column to its
    /// title, and OUTCOME to its longest word, so that the rows line up in every language.
    private static let columns: [(title: Message, width: Int)] = [
        (Message(context: "history column", "DUE"), 23), (Message(context: "history column", "RANG"), 8),
        (Message(context: "history column", "SNOOZES"), 7), (Message(context: "history column", "DISMISSED"), 9),
        (Message(context: "history column", "AFTER"), 14), (Message(context: "history column", "WRONG"), 5),
        (Message(context: "history column", "OUTCOME"), 9), (Message(context: "history column", "ALARM"), 0),
    ]
    private static let outcomeColumn = 6

    static func widths(_ translator: Translator) -> [Int] {
        columns.enumerated().map { index, column in
            let words = index == outcomeColumn ? HistoryEntry.Outcome.allCases.map { translator(outcome($0)).count } : []
            return ([column.width, translator(column.title).count] + words).max() ?? column.width
        }
    }

    /// The column titles, each as wide as its column.
    static func header(_ translator: Translator = CLILocale.current.translator) -> String {
        zip(columns, widths(translator)).map { Output.pad(translator($0.title), $1) }.joined(separator: "  ")
    }

    /// The OUTCOME column's word; --json keeps the raw value (`dismissed`, `missed`, `ringing`, `snoozed`).
    static func outcome(_ outcome: HistoryEntry.Outcome) -> Message {
        switch outcome {
        case .dismissed: Message(context: "history outcome", "dismissed")
        case .missed: Message(context: "history outcome", "missed")
        case .ringing: Message(context: "history outcome", "ringing")
        case .snoozed: Message(context: "history outcome", "snoozed")
        }
    }

    static func line(_ entry: HistoryEntry, locale: UserLocale = CLILocale.current, zone: ZoneRules = Output.zone) -> String {
        let clock: (Instant?) -> String = { instant in
            instant.map { locale.timeStyle.time(zone.localDateTime(at: $0).time) } ?? "-"
        }
        let label = sanitizeForTerminal(entry.label)
        let cells = [
            Output.localTime(entry.due.secondsSinceEpoch, zone: zone, style: locale.timeStyle),
            clock(entry.rangAt), String(entry.snoozes), clock(entry.dismissedAt),
            entry.secondsToDismiss.map { HistoryWindow.waitText($0, translator: locale.translator) } ?? "-",
            String(entry.wrongAnswers), locale.translator(outcome(entry.outcome)),
            String(entry.alarmID.prefix(8)) + (label.isEmpty ? "" : " " + label),
        ]
        return zip(cells, widths(locale.translator)).map { Output.pad($0, $1) }.joined(separator: "  ")
    }
}
