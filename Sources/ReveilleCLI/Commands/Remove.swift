import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILocale.text(Message("Remove an alarm. A ringing or snoozed alarm cannot be removed.")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        _ = try await alarm.call(.removeAlarm)
    }
}
