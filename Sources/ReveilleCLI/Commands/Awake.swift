import ArgumentParser
import DBus
import ReveilleAPI

struct Awake: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Answer an alarm's wake-up check (\"I'm up\"), so that it does not ring again.",
        discussion: "For when no notification shows the check. With no check pending this fails (exit status 1).")

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        _ = try await alarm.call(.confirmAwake)
    }
}
