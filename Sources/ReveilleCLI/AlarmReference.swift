import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

/// The alarm an id-only subcommand acts on.
struct AlarmReference: ParsableArguments {
    @Argument(help: .text(Message("The alarm's id, or a unique prefix of it.")))
    var id: String

    /// Resolves the id and calls `method` with it (and `extra` arguments).
    func call(_ method: BusMethod, _ extra: [Value] = []) async throws(CLIError) -> [Value] {
        let client = try AgentClient.connect()
        let full = try await client.resolve(id)
        return try await client.call(method, [.string(full)] + extra)
    }
}
