import ArgumentParser
import DBus
import ReveilleText

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("List alarms by when they ring next, with \"in …\" for the next 24 hours; disabled ones last.")))

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let alarms = try await AgentClient.connect().alarms()
        if output.json {
            print(Output.json(.vardictArray(alarms)))
        } else if alarms.isEmpty {
            print(CLILocale.text(Message("No alarms. Add one with: reveille add 07:00")))
        } else {
            let now = LocalNow.live().now
            for alarm in alarms { print(Output.alarmLine(alarm, now: now)) }
        }
    }
}
