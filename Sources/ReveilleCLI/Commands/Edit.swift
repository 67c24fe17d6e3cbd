import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Change an alarm's fields and say on stderr when it rings. A ringing or snoozed alarm cannot be changed.")),
        discussion: CLILocale.text(Message("Examples: reveille edit 3f2a --time 6:45am --max-snoozes 1; reveille edit 3f2a --time 'tomorrow 7:00'")))

    @Argument(help: .text(Message("The alarm's id, or a unique prefix of it.")))
    var id: String

    @Option(help: .text(Message("A new local time: 7, 7:30, 07:30:15, 7am, 7:30pm, noon, midnight, or with a day: 'tomorrow 7:00', 'mon 7:00'.")))
    var time: String?

    @OptionGroup var alarm: AlarmOptions

    func run() async throws {
        var changes = try changes()
        let client = try AgentClient.connect()
        let full = try await client.resolve(id)
        if time == nil, TimeExpression.needsTime(alarm.days.date) {
            // The next Monday depends on whether the alarm's time today has passed.
            let stored = try await client.call(.getAlarm, [.string(full)]).first?.vardictValue?["time"]?.stringValue
            let knownTime = stored.flatMap { try? AlarmText.parseTime($0) }
            changes = try self.changes(knownTime: knownTime)
        }
        _ = try await client.call(.updateAlarm, [.string(full), .vardict(AlarmCodec.encode(changes))])
        await client.reportWhenItRings(full)
    }

    /// The changes the arguments ask for; a bad value, or none at all, is a usage error.
    func changes(knownTime: WallTime? = nil, at clock: LocalNow = .live()) throws(CLIError) -> AlarmChanges {
        let changes = try alarm.changes(timeWords: time.map { [$0] } ?? [], knownTime: knownTime, at: clock)
        guard changes.inSeconds == nil else {
            throw CLIError.usage(Message("a relative time (+25m, in 1 hour) is for add; give edit a time such as 7:30 or 'tomorrow 7:00'"))
        }
        guard !changes.isEmpty else { throw CLIError.usage(Message("nothing to change: give at least one option")) }
        return changes
    }
}
