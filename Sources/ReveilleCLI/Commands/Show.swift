import ArgumentParser
import DBus
import ReveilleAPI

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show every field of one alarm.")

    @Argument(help: "The alarm's id, or a unique prefix of it.")
    var id: String

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let client = try AgentClient.connect()
        let full = try await client.resolve(id)
        guard let alarm = try await client.call(.getAlarm, [.string(full)]).first?.vardictValue else {
            throw CLIError.failed("the agent sent an unexpected answer to GetAlarm")
        }
        print(output.json ? Output.json(alarm) : Output.alarmDetails(alarm))
    }
}
