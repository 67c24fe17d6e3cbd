import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct Awake: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Answer an alarm's wake-up check (\"I'm up\"), so that it does not ring again.")),
        discussion: CLILocale.text(Message("For when no notification shows the check. With no check pending this fails (exit status 1).")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        _ = try await alarm.call(.confirmAwake)
    }
}
