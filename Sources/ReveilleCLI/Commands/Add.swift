import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleModel

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add an alarm and print its id.",
        discussion: "Example: reveille add 07:00 --repeat weekdays --label Work --challenge math:hard --challenge typing:6")

    @Argument(help: "The local time it rings at, HH:MM or HH:MM:SS.")
    var time: String

    @OptionGroup var alarm: AlarmOptions

    @Flag(help: "Add it switched off.")
    var disabled = false

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let changes = try changes()
        let client = try AgentClient.connect()
        let reply = try await client.call(.addAlarm, [.vardict(AlarmCodec.encode(changes))])
        let id = reply.first?.stringValue ?? ""
        print(output.json ? Output.json(["id": .string(id)]) : id)
    }

    /// The new alarm the arguments describe; a bad value is a usage error.
    func changes() throws(CLIError) -> AlarmChanges {
        var changes = try alarm.changes()
        changes.time = try parsed { () throws(AlarmFieldError) in try AlarmText.parseTime(time) }
        if disabled { changes.enabled = false }
        return changes
    }
}
