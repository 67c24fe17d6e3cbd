import ArgumentParser
import ReveilleAPI
import ReveilleText

struct Captcha: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Solve a ringing alarm's challenge in this terminal (the agent opens this on Dismiss).")),
        discussion: CLILocale.text(Message(
            "The problem is shown large and centred, with the time left as a bar. NO_COLOR turns colour off; TERM=dumb gives plain text. Ctrl-C leaves the screen; the alarm keeps ringing. A snoozed alarm rings again. Exit status 0 once the alarm stops, 1 when left or when the alarm is neither ringing nor snoozed.")))

    @OptionGroup var alarm: AlarmReference

    @Option(help: .hidden) var busName: String?

    func run() async throws {
        let client = try AgentClient.connect()
        let id = try await client.resolve(alarm.id)
        // The name the agent gave this captcha when it opened the terminal: owned while this runs,
        // it tells the agent that the challenge is on screen. A captcha without one still works.
        if let busName, busName.hasPrefix(BusNames.captchaPrefix) {
            _ = try? await client.connection.requestName(busName)
        }
        guard try await CaptchaSession(client: client, id: id).run() else { throw ExitCode(1) }
    }
}
