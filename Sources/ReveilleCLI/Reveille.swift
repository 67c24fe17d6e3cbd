import ArgumentParser
import Glibc
import ReveilleAPI
import ReveilleText

/// The `reveille` command: the CLI of the Reveille alarm agent.
public struct Reveille: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "reveille",
        abstract: CLILocale.text(Message("An alarm clock for the Linux desktop that makes sure you get up.")),
        discussion: CLILocale.text(Message("Alarms live in the agent, reveilled, on the session bus (io.github.Reveille1). Exit status: 0 success, 1 the operation failed, 2 bad usage or input, 3 the agent cannot be reached.")),
        version: ReleaseVersion.current,
        subcommands: Reveille.commands
    )

    public init() {}

    /// Parses the arguments, runs the command, and exits with Reveille's exit statuses.
    public static func runMain(_ arguments: [String]? = nil) async -> Never {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit(withError: nil)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch let error as CLIError {
            printError("reveille: \(error.message)")
            Glibc.exit(error.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }  // --help, --version
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? CLILocale.text(Message("bad usage"))
            printError("reveille: \(message)")
            Glibc.exit(code == .validationFailure ? CLIError.Status.usage.rawValue : code.rawValue)
        }
    }
}
