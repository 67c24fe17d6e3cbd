import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILocale.text(Message("Show every field of one alarm.")))

    @Argument(help: .text(Message("The alarm's id, or a unique prefix of it.")))
    var id: String

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let client = try AgentClient.connect()
        let full = try await client.resolve(id)
        guard let alarm = try await client.call(.getAlarm, [.string(full)]).first?.vardictValue else {
            throw client.unexpectedAnswer("GetAlarm")
        }
        print(output.json ? Output.json(alarm) : Output.alarmDetails(alarm))
    }
}
