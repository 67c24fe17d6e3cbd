import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleModel

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change an alarm's fields. A ringing or snoozed alarm cannot be changed.",
        discussion: "Example: reveille edit 3f2a --time 06:45 --max-snoozes 1")

    @Argument(help: "The alarm's id, or a unique prefix of it.")
    var id: String

    @Option(help: "A new local time, HH:MM or HH:MM:SS.")
    var time: String?

    @OptionGroup var alarm: AlarmOptions

    func run() async throws {
        let changes = try changes()
        let client = try AgentClient.connect()
        let full = try await client.resolve(id)
        _ = try await client.call(.updateAlarm, [.string(full), .vardict(AlarmCodec.encode(changes))])
    }

    /// The changes the arguments ask for; a bad value, or none at all, is a usage error.
    func changes() throws(CLIError) -> AlarmChanges {
        var changes = try alarm.changes()
        if let time { changes.time = try parsed { () throws(AlarmFieldError) in try AlarmText.parseTime(time) } }
        guard !changes.isEmpty else { throw CLIError.usage("nothing to change: give at least one option") }
        return changes
    }
}
