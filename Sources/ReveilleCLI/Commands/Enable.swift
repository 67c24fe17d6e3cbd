import ArgumentParser
import DBus
import ReveilleAPI

struct Enable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Switch an alarm on and say on stderr when it rings.")

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        let client = try AgentClient.connect()
        let full = try await client.resolve(alarm.id)
        _ = try await client.call(.setEnabled, [.string(full), .bool(true)])
        await client.reportWhenItRings(full)
    }
}
