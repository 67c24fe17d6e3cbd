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

    /// The column titles, each as wide as its column.
    static func header(_ translator: Translator = CLILocale.current.translator) -> String {
        let titles = [
            (Message(context: "history column", "DUE"), 23), (Message(context: "history column", "RANG"), 8),
            (Message(context: "history column", "SNOOZES"), 7), (Message(context: "history column", "DISMISSED"), 9),
            (Message(context: "history column", "AFTER"), 14), (Message(context: "history column", "WRONG"), 5),
            (Message(context: "history column", "OUTCOME"), 9), (Message(context: "history column", "ALARM"), 0),
        ]
        return titles.map { Output.pad(translator($0.0), $0.1) }.joined(separator: "  ")
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
        return [
            Output.pad(Output.localTime(entry.due.secondsSinceEpoch, zone: zone, style: locale.timeStyle), 23),
            Output.pad(clock(entry.rangAt), 8), Output.pad(String(entry.snoozes), 7), Output.pad(clock(entry.dismissedAt), 9),
            Output.pad(entry.secondsToDismiss.map { HistoryWindow.waitText($0, translator: locale.translator) } ?? "-", 14),
            Output.pad(String(entry.wrongAnswers), 5),
            Output.pad(locale.translator(outcome(entry.outcome)), 9), String(entry.alarmID.prefix(8)) + (label.isEmpty ? "" : " " + label),
        ].joined(separator: "  ")
    }
}
