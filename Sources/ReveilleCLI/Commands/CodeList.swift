import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct CodeList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: CLILocale.text(Message("List the cards' labels, one a line.")))

    func run() async throws {
        let client = try AgentClient.connect()
        guard let labels = try await client.call(.listCards).first?.arrayValue?.compactMap(\.stringValue) else {
            throw client.unexpectedAnswer("ListCards")
        }
        for label in labels { print(sanitizeForTerminal(label)) }
    }
}
