import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleText
import ReveilleTime

struct Pause: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Pause an alarm, or every alarm, until a day: nothing rings before it, and it rings again on that day.")),
        discussion: CLILocale.text(Message("--until takes a day after today as add --date writes it: tomorrow, mon..sun (the next one; today's weekday means next week's) or YYYY-MM-DD. A one-time alarm cannot be paused past its own day (exit status 2): disable it instead. A ringing or snoozed alarm cannot be paused (exit status 1). With --all, each alarm that can be paused is, and stderr says how many and names those left alone (ringing, snoozed, or one-time before the day); the exit status is then 0. Examples: reveille pause 3f2a --until 2027-01-05; reveille pause --all --until mon")))

    @OptionGroup var selection: AlarmSelection

    @Option(help: .text(Message("The day it rings again: tomorrow, mon..sun or YYYY-MM-DD.")), completion: .list(dayWords))
    var until: String

    func run() async throws {
        let (target, date) = try request()
        let client = try AgentClient.connect()
        switch target {
        case .one(let reference):
            try await client.change(reference) { (id) throws(CLIError) in try await client.pauseUntil(id, date) }
        case .all:
            let report = try await client.pauseEach(try await client.alarms(), until: date)
            for line in report.lines(verb: "paused") { printError(line) }
        }
    }

    /// Which alarms, and until when; bad arguments are usage errors, found before the agent is asked.
    func request(at clock: LocalNow = .live()) throws(CLIError) -> (AlarmSelection.Target, CivilDate) {
        (try selection.target(), try PauseDate.resolve(until, at: clock))
    }
}
