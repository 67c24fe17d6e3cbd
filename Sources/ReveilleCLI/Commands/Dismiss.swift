import ArgumentParser
import DBus
import Glibc
import ReveilleAPI
import ReveilleText

struct Dismiss: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Start dismissing a ringing alarm: its challenge, here when run in a terminal, else in a new one.")),
        discussion: CLILocale.text(Message("Only a solved challenge stack stops an alarm. A snoozed alarm rings again while you solve it; an alarm neither ringing nor snoozed is an error (exit status 1).")))

    @OptionGroup var alarm: AlarmReference

    func run() async throws {
        let client = try AgentClient.connect()
        let id = try await client.resolve(alarm.id)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            _ = try await client.call(.dismiss, [.string(id)])
            return
        }
        guard try await CaptchaSession(client: client, id: id).run() else { throw ExitCode(1) }
    }
}
