import ArgumentParser
import DBus
import Gettext
import ReveilleAPI
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// `reveille stats`: how waking up went, per alarm and overall.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Show per alarm and overall: median due to dismissed, snoozes per ring, streaks of days without a snooze, misses.")),
        discussion: CLILocale.text(Message("A day counts toward a streak when every alarm due that day was dismissed without a snooze; a snooze or a miss ends it, and days on which nothing was due do not break it.")))

    @Option(help: .text(Message("How far back to look: a duration such as 12h, 30d or 8w.")))
    var since = "30d"

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let client = try AgentClient.connect()
        let start = try HistoryWindow.start(since, now: LocalNow.live().now)
        let entries = try await client.history(since: start, alarm: nil)
        let day: (Instant) -> CivilDate = { Output.zone.localDateTime(at: $0).date }
        var byAlarm: [String: [HistoryEntry]] = [:]
        for entry in entries { byAlarm[entry.alarmID, default: []].append(entry) }
        let alarms = byAlarm.sorted { $0.key < $1.key }.map { id, entries in
            (id: id, label: entries.first?.label ?? "", stats: HistoryStats(entries, day: day))
        }
        let overall = HistoryStats(entries, day: day)
        if output.json {
            let rows = alarms.map { "{\"alarm_id\":\(Output.quote($0.id)),\"label\":\(Output.quote($0.label)),\(Self.jsonFields($0.stats))}" }
            print("{\"overall\":{\(Self.jsonFields(overall))},\"alarms\":[\(rows.joined(separator: ","))]}")
            return
        }
        guard !entries.isEmpty else {
            return print(CLILocale.text(Message("Nothing rang or was missed in the last {since}.", ["since": since])))
        }
        print(Self.header())
        for alarm in alarms {
            let label = sanitizeForTerminal(alarm.label)
            print(Self.line(String(alarm.id.prefix(8)) + (label.isEmpty ? "" : " " + label), alarm.stats))
        }
        print(Self.line(CLILocale.text(Message(context: "stats row", "overall")), overall))
    }

    static func jsonFields(_ stats: HistoryStats) -> String {
        [
            "\"median_seconds_to_dismiss\":" + (stats.medianSecondsToDismiss.map(String.init) ?? "null"),
            "\"snoozes_per_ring\":" + (stats.snoozesPerRing.map { "\($0)" } ?? "null"),
            "\"current_streak\":\(stats.currentStreak)", "\"best_streak\":\(stats.bestStreak)",
            "\"dismissed\":\(stats.dismissed)", "\"missed\":\(stats.missed)",
        ].joined(separator: ",")
    }

    /// The column titles, each as wide as its column.
    static func header(_ translator: Translator = CLILocale.current.translator) -> String {
        let titles = [
            (Message(context: "stats column", "ALARM"), 25), (Message(context: "stats column", "MEDIAN WAIT"), 14),
            (Message(context: "stats column", "SNOOZES/RING"), 12), (Message(context: "stats column", "STREAK"), 6),
            (Message(context: "stats column", "BEST"), 4), (Message(context: "stats column", "MISSED"), 0),
        ]
        return titles.map { Output.pad(translator($0.0), $0.1) }.joined(separator: "  ")
    }

    static func line(_ name: String, _ stats: HistoryStats, translator: Translator = CLILocale.current.translator) -> String {
        let perRing = stats.snoozesPerRing.map { String(Double(Int(($0 * 100).rounded())) / 100) } ?? "-"
        return [
            Output.pad(name, 25), Output.pad(stats.medianSecondsToDismiss.map { HistoryWindow.waitText($0, translator: translator) } ?? "-", 14),
            Output.pad(perRing, 12), Output.pad(String(stats.currentStreak), 6), Output.pad(String(stats.bestStreak), 4),
            String(stats.missed),
        ].joined(separator: "  ")
    }
}
