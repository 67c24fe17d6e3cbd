import ArgumentParser
import DBus
import LinuxEvents
import ReveilleAPI
import ReveilleText
import ReveilleTime

struct Monitor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Print the agent's signals as they come, one line each: RFC 3339 time, signal name, arguments.")),
        discussion: CLILocale.text(Message("Runs until interrupted. Example line: 2027-01-04T07:00:00+01:00 Ringing \"3f2a…\" \"Work\" 0")))

    func run() async throws {
        let client = try AgentClient.connect()
        let stream: AsyncStream<Signal>
        do {
            stream = try await client.connection.signals(matching: MatchRule(sender: BusNames.service, path: BusNames.path))
        } catch {
            throw AgentClient.cliError(error)
        }
        for await signal in stream {
            let now = Instant(secondsSinceEpoch: realtimeNow().seconds)
            let arguments = signal.arguments.map { value in
                value.stringValue.map(Output.quote) ?? Output.json(value)
            }
            print(([rfc3339(now, in: Output.zone), signal.member] + arguments).joined(separator: " "))
            fflushStandardOutput()
        }
    }
}
