import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct Enable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILocale.text(Message("Switch an alarm on and say on stderr when it rings.")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        let client = try AgentClient.connect()
        try await client.change(alarm.id) { (id) throws(CLIError) in _ = try await client.call(.setEnabled, [.string(id), .bool(true)]) }
    }
}
