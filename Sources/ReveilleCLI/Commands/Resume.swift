import ArgumentParser
import ReveilleAPI
import ReveilleText

struct Resume: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("End an alarm's pause, or every paused alarm's with --all, and say on stderr when it rings.")),
        discussion: CLILocale.text(Message("An alarm that is not paused is left as it is; a ringing or snoozed one can be resumed. With --all, stderr says how many were resumed. Examples: reveille resume 3f2a; reveille resume --all")))

    @OptionGroup var selection: AlarmSelection

    func run() async throws {
        let target = try selection.target()
        let client = try AgentClient.connect()
        switch target {
        case .one(let reference):
            try await client.change(reference) { (id) throws(CLIError) in try await client.pauseUntil(id, nil) }
        case .all:
            let paused = try await client.alarms().filter { $0["paused_until"]?.stringValue?.isEmpty == false }
            let report = try await client.pauseEach(paused, until: nil)
            for line in report.lines(verb: "resumed") { printError(line) }
        }
    }
}
