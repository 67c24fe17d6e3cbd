import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct CodeRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: CLILocale.text(Message("Remove a card. A card that an alarm still asks for cannot be removed (exit status 2).")))

    @Argument(help: .text(Message("The card's label.")))
    var label: String

    func run() async throws {
        _ = try await AgentClient.connect().call(.removeCard, [.string(label)])
    }
}
