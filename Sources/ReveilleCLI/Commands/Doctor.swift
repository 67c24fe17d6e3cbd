import ArgumentParser
import DBus
import LinuxEvents
import ReveilleAPI
import ReveilleDomain
import ReveilleModel
import ReveilleText
import SystemSupport

struct Doctor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Check that alarms can ring here, and say what to do about what is missing.")),
        discussion: CLILocale.text(Message("Exit status 0 when nothing blocks alarms, 1 when something does, 3 when the agent cannot be reached.")))

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let configProblem = ConfigLocation(environment: Spawner.currentEnvironment()).problem()
        let client = try AgentClient.connect()
        let reply = try await client.call(.preflight)
        let ok = reply.first?.boolValue ?? false
        let reasons = reply.dropFirst().first?.arrayValue?.compactMap(\.stringValue) ?? []
        if output.json {
            print(Output.json(.structure([.bool(ok), .array("s", reasons.map(Value.string))])))
        } else {
            // The agent's sentences carry the reasons (which file, which lock, which alarm), and how
            // the machine is woken from suspend, which holds whether or not anything is wrong.
            var details: [String: String] = [:]
            for entry in try await client.call(.preflightDetails).first?.dictionaryEntries ?? [] {
                if let name = entry.key.stringValue, let sentence = entry.value.stringValue { details[name] = sentence }
            }
            for reason in reasons {
                let blocking = EvaluatePreflight.blockingReasons.contains(reason)
                let sentence = details[reason] ?? PreflightNotes.message(for: reason).english
                print("\(blocking ? "✗" : "!") \(reason): \(sanitizeForTerminal(sentence))")
            }
            // The agent notes the error it runs around (config-invalid); a file that broke since
            // it started is the agent's next start's problem, and only this look at the file sees it.
            if let configProblem, !reasons.contains("config-invalid") {
                print(CLILocale.text(Message("! configuration: {problem}: the running agent read the file before it broke; from its next start it runs with every key at its default.",
                                             ["problem": sanitizeForTerminal(configProblem)])))
            }
            if reasons.isEmpty && configProblem == nil {
                print(CLILocale.text(Message("✓ Everything alarms need is here: notifications with actions, sound, a terminal and the database.")))
            }
            if let wake = details[PreflightNotes.wakeStateKey] {
                print(CLILocale.text(Message("· wake: {state}", ["state": sanitizeForTerminal(wake)])))
            }
        }
        if !ok { throw ExitCode(1) }
    }
}

/// The configuration file the agent reads, checked the same way.
struct ConfigLocation {
    let path: String

    init(environment: [String: String]) {
        path = AgentPaths(environment: environment, executablePath: "").configFile
    }

    /// What is wrong with the file, or nil when it is fine or absent.
    func problem() -> String? {
        let text: String?
        do { text = try readSmallTextFile(path) } catch { return "\(error)" }
        guard let text else { return nil }
        do { _ = try AgentConfig.parse(text, file: path) } catch { return "\(error)" }
        return nil
    }
}
