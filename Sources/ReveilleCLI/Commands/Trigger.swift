import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct Trigger: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILocale.text(Message("Ring an alarm now, as if it were due.")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        _ = try await alarm.call(.trigger)
    }
}
