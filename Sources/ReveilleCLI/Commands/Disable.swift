import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct Disable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Switch an alarm off. A ringing or snoozed alarm cannot be switched off.")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        _ = try await alarm.call(.setEnabled, [.bool(false)])
    }
}
