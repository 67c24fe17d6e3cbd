import ArgumentParser
import DBus
import LinuxEvents
import ReveilleCore
import ReveilleDomain

struct Doctor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that alarms can ring here, and say what to do about what is missing.",
        discussion: "Exit status 0 when nothing blocks alarms, 1 when something does, 3 when the agent cannot be reached.")

    @OptionGroup var output: OutputOptions

    /// One sentence per preflight reason, with what to do.
    static let explanations: [String: String] = [
        "notifications-disabled": "No notification server with action buttons answers on the session bus: you could not snooze or dismiss from the notification. Start your desktop's notification service (GNOME Shell, Plasma, dunst, mako, xfce4-notifyd).",
        "sound-unavailable": "No PulseAudio or PipeWire sound server answers, so alarms would be silent. Start one (systemctl --user start pipewire-pulse, or pulseaudio --start).",
        "terminal-missing": "No terminal emulator was found to run the challenge. Install one (apt install xterm) or set REVEILLE_TERMINAL or 'terminal' in reveille.conf.",
        "database-unreadable": "The alarm database could not be read and was moved aside (see journalctl --user -u reveille). Restore it or add your alarms again.",
        "low-power-mode": "Power saving is on or the machine runs on battery; an alarm may ring late if the machine sleeps. Plug it in for the night.",
        "wake-from-suspend-unavailable": "Reveille cannot wake this machine from suspend, so an alarm rings only once it is awake. Keep it awake overnight or give the session CAP_WAKE_ALARM (newer systemd does).",
        "sound-muted": "The default sound output is muted or nearly silent. Reveille raises it while ringing, but check your volume.",
    ]

    func run() async throws {
        var problems: [String] = []
        let paths = ConfigLocation(environment: Spawner.currentEnvironment())
        if let configProblem = paths.problem() { problems.append(configProblem) }
        let reply = try await AgentClient.connect().call("Preflight")
        let ok = reply.first?.boolValue ?? false
        let reasons = reply.dropFirst().first?.arrayValue?.compactMap(\.stringValue) ?? []
        if output.json {
            print(Output.json(.structure([.bool(ok), .array("s", reasons.map(Value.string))])))
        } else {
            for reason in reasons {
                let blocking = EvaluatePreflight.blockingReasons.contains(reason)
                print("\(blocking ? "✗" : "!") \(reason): \(Self.explanations[reason] ?? "see reveille(1)")")
            }
            for problem in problems { print("✗ configuration: \(problem)") }
            if reasons.isEmpty && problems.isEmpty { print("✓ Everything alarms need is here: notifications with actions, sound, a terminal and the database.") }
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
        do { _ = try AgentConfig.parse(text, file: path) } catch { return "\(error) (the agent uses its defaults)" }
        return nil
    }
}
