import ArgumentParser
import ReveilleAPI
import ReveilleText

struct Unskip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Take back an alarm's skip, so that its next occurrence rings; say on stderr when it rings.")),
        discussion: CLILocale.text(Message("An alarm with no skip is left as it is. Example: reveille unskip 3f2a")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        let client = try AgentClient.connect()
        try await client.change(alarm.id) { (id) throws(CLIError) in try await client.unskipNext(id) }
    }
}
