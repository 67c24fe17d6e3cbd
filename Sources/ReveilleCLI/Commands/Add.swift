import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleModel
import ReveilleText

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Add an alarm and print its id; say on stderr when it rings.")),
        discussion: CLILocale.text(Message("Examples: reveille add 7am --repeat weekdays --label Work --challenge math:hard; reveille add +25m; reveille add in 1 hour; reveille add tomorrow 6:45; reveille add mon 7:00 --label Gym.")))

    @Argument(help: .text(Message("When it rings: 7, 7:30, 07:30:15, 7am, 7:30pm, 12am, 12pm, noon, midnight; a day first (tomorrow 7:00, mon 7:00); or from now: +25m, +1h30m, +90s, in 25 min, in 1 hour.")))
    var time: [String] = []

    @OptionGroup var alarm: AlarmOptions

    @Flag(help: .text(Message("Add it switched off.")))
    var disabled = false

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let changes = try changes()
        let client = try AgentClient.connect()
        let reply = try await client.call(.addAlarm, [.vardict(AlarmCodec.encode(changes))])
        let id = reply.first?.stringValue ?? ""
        print(output.json ? Output.json(["id": .string(id)]) : id)
        await client.reportWhenItRings(id)
    }

    /// The new alarm the arguments describe; a bad value is a usage error.
    func changes(at clock: LocalNow = .live()) throws(CLIError) -> AlarmChanges {
        guard !time.isEmpty else { throw .usage(Message("add needs a time; accepted: {accepted}", ["accepted": WhenText.acceptedForms])) }
        var changes = try alarm.changes(timeWords: time, at: clock)
        if disabled { changes.enabled = false }
        return changes
    }
}
