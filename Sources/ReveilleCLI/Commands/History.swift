import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleTime

/// `reveille history`: each ring and miss, newest first.
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List past rings and misses, newest first: due, rang, snoozes, dismissed, wait, wrong answers, outcome.")

    @Option(help: "How far back to look: a duration such as 12h, 7d or 2w.")
    var since = "7d"

    @Option(help: "Only this alarm (its id, or the start of it).")
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
            print("Nothing rang or was missed in the last \(since).")
        } else {
            print(["DUE                    ", "RANG    ", "SNOOZES", "DISMISSED", "AFTER         ", "WRONG", "OUTCOME  ", "ALARM"]
                .joined(separator: "  "))
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

    static func line(_ entry: HistoryEntry) -> String {
        let clock: (Instant?) -> String = { instant in
            instant.map { "\(Output.zone.localDateTime(at: $0).time)" } ?? "-"
        }
        let label = sanitizeForTerminal(entry.label)
        return [
            Output.pad(Output.localTime(entry.due.secondsSinceEpoch), 23), Output.pad(clock(entry.rangAt), 8),
            Output.pad(String(entry.snoozes), 7), Output.pad(clock(entry.dismissedAt), 9),
            Output.pad(entry.secondsToDismiss.map(HistoryWindow.waitText) ?? "-", 14), Output.pad(String(entry.wrongAnswers), 5),
            Output.pad(entry.outcome.rawValue, 9), String(entry.alarmID.prefix(8)) + (label.isEmpty ? "" : " " + label),
        ].joined(separator: "  ")
    }
}
