import ArgumentParser
import DBus
import ReveilleAPI

struct CodeList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the cards' labels, one a line.")

    func run() async throws {
        let client = try AgentClient.connect()
        guard let labels = try await client.call(.listCards).first?.arrayValue?.compactMap(\.stringValue) else {
            throw CLIError.failed("the agent sent an unexpected answer to ListCards")
        }
        for label in labels { print(sanitizeForTerminal(label)) }
    }
}
