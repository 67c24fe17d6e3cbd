import LinuxEvents
import ReveilleCore
import ReveilleDomain
import Synchronization

/// Opens a terminal running `reveille captcha ID --bus-name NAME`.
///
/// The agent may have started before the graphical session, so the terminal gets the
/// session's display variables from `sessionEnvironment` at launch time. `NAME` comes from
/// `captchas`, which follows it on the bus: that is how the core knows its captcha is open.
public final class LiveTerminalLauncher: TerminalLauncher {
    private let command: TerminalCommand
    private let cliPath: String
    private let baseEnvironment: [String: String]
    private let sessionEnvironment: @Sendable () async -> [String: String]
    private let captchas: CaptchaNames?
    /// Alarms whose challenge terminal still runs: Dismiss opens one again only once it is closed.
    private let open = Mutex<Set<AlarmID>>([])

    /// The variables a terminal needs to reach the user's display and session.
    static let sessionVariables = [
        "DISPLAY", "WAYLAND_DISPLAY", "XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE", "XDG_SESSION_DESKTOP",
        "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "DESKTOP_SESSION", "GNOME_SETUP_DISPLAY",
    ]

    public init(command: TerminalCommand, cliPath: String, baseEnvironment: [String: String],
                sessionEnvironment: @escaping @Sendable () async -> [String: String], captchas: CaptchaNames? = nil) {
        self.command = command
        self.cliPath = cliPath
        self.baseEnvironment = baseEnvironment
        self.sessionEnvironment = sessionEnvironment
        self.captchas = captchas
    }

    /// Resolves the terminal now (so a missing one is an error to the caller) and launches it.
    public func openChallenge(for id: AlarmID) throws {
        let prefix = try command.resolve(environment: baseEnvironment)
        guard open.withLock({ $0.insert(id).inserted }) else { return }
        let command = prefix + [cliPath, "captcha", id.rawValue]
        let base = baseEnvironment
        let session = sessionEnvironment
        Task { [self] in
            let argv = if let name = await captchas?.expect(id) { command + ["--bus-name", name] } else { command }
            var environment = base
            let fresh = await session()
            for name in Self.sessionVariables { if let value = fresh[name] { environment[name] = value } }
            do {
                try Spawner.spawn(argv: argv, environment: environment) { [self] termination in
                    self.open.withLock { _ = $0.remove(id) }
                    Log.shared.info("the challenge terminal for \(id) ended (\(termination))")
                }
            } catch {
                self.open.withLock { _ = $0.remove(id) }
                Log.shared.error("cannot start the terminal \(argv[0]): \(error)")
            }
        }
    }

    /// Whether a terminal can be found: for preflight.
    public var isAvailable: Bool { (try? command.resolve(environment: baseEnvironment)) != nil }
}
