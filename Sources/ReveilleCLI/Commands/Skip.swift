import ArgumentParser
import ReveilleAPI
import ReveilleText

struct Skip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Skip an alarm's next occurrence only, and say on stderr which one and when it rings.")),
        discussion: CLILocale.text(Message("The alarm stays on: the occurrence after the skipped one rings. The skip is used up once its occurrence has passed; reveille unskip takes it back before then. A ringing or snoozed alarm cannot be skipped (exit status 1), nor a one-time alarm (exit status 2: disable it instead). Example: reveille skip 3f2a")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        let client = try AgentClient.connect()
        try await client.change(alarm.id) { (id) throws(CLIError) in try await client.skipNext(id) }
    }
}
