import ArgumentParser
import DBus
import ReveilleAPI

struct CodeRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a card. A card that an alarm still asks for cannot be removed (exit status 2).")

    @Argument(help: "The card's label.")
    var label: String

    func run() async throws {
        _ = try await AgentClient.connect().call(.removeCard, [.string(label)])
    }
}
