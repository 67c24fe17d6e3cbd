import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText

struct Snooze: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Snooze a ringing alarm and print when it rings again.")),
        discussion: CLILocale.text(Message("At the alarm's snooze limit this fails (exit status 1): the challenge must be solved.")))

    @OptionGroup var alarm: AlarmReference
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let until = try await alarm.call(.snooze).first?.asInt64 ?? 0
        print(output.json ? Output.json(["until": .int64(until)]) : CLILocale.text(Message("Snoozed until {time}", ["time": Output.localTime(until)])))
    }
}
