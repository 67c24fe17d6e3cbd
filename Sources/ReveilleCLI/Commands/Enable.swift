import ArgumentParser
import DBus
import ReveilleAPI

struct Enable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Switch an alarm on.")

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        _ = try await alarm.call(.setEnabled, [.bool(true)])
    }
}
