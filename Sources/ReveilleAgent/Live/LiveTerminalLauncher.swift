import LinuxEvents
import ReveilleCore
import ReveilleDomain
import ReveilleText
import Synchronization

/// Opens a terminal running `reveille captcha ID --bus-name NAME`.
///
/// The agent may have started before the graphical session, so the terminal gets the
/// session's display variables from `sessionEnvironment` at launch time, and the session's
/// locale variables (`SessionLocale`, brought up to date by that same reading), so that the
/// captcha speaks the session's language. `NAME` comes from
/// `captchas`, which follows it on the bus: that is how the core knows its captcha is open.
public final class LiveTerminalLauncher: TerminalLauncher {
    private let command: TerminalCommand
    private let cliPath: String
    private let baseEnvironment: [String: String]
    private let sessionEnvironment: @Sendable () async -> [String: String]
    private let captchas: CaptchaNames?
    private let locale: SessionLocale?
    /// Told when a terminal ended within `startLimit` without its captcha ever coming up: the
    /// alarm, and what to tell the person (the terminal, how it ended, its last words).
    private let failed: @Sendable (AlarmID, String) -> Void

    /// How long a terminal has to bring its captcha up on the bus, once it has ended.
    static let startLimit: Duration = .seconds(5)

    /// The variables a terminal needs to reach the user's display and session.
    static let sessionVariables = [
        "DISPLAY", "WAYLAND_DISPLAY", "XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE", "XDG_SESSION_DESKTOP",
        "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "DESKTOP_SESSION", "GNOME_SETUP_DISPLAY",
    ]

    public init(command: TerminalCommand, cliPath: String, baseEnvironment: [String: String],
                sessionEnvironment: @escaping @Sendable () async -> [String: String], captchas: CaptchaNames? = nil,
                locale: SessionLocale? = nil, failed: @escaping @Sendable (AlarmID, String) -> Void = { _, _ in }) {
        self.locale = locale
        self.failed = failed
        self.command = command
        self.cliPath = cliPath
        self.baseEnvironment = baseEnvironment
        self.sessionEnvironment = sessionEnvironment
        self.captchas = captchas
    }

    /// Resolves the terminal now (so a missing one is an error to the caller) and launches it.
    ///
    /// Its output goes to the log, within bounds (`OutputCapture`). A terminal that has ended
    /// `startLimit` after its launch while its captcha never claimed its bus name did not open
    /// (konsole aborting without a display, say): `failed` says so, with its last words.
    public func openChallenge(for id: AlarmID) throws {
        let prefix: [String]
        do { prefix = try command.resolve(environment: baseEnvironment) } catch {
            // The core puts this in the D-Bus error it sends: already in the session's language.
            throw RenderedError(description: text(error.message))
        }
        let command = prefix + [cliPath, "captcha", id.rawValue]
        let base = baseEnvironment
        let session = sessionEnvironment
        Task { [self] in
            let launch = TerminalLaunch()
            let name = await captchas?.expect(id) { launch.captchaCameUp() }
            let argv = if let name { command + ["--bus-name", name] } else { command }
            var environment = base
            let fresh = await session()
            for name in Self.sessionVariables { if let value = fresh[name] { environment[name] = value } }
            if let locale {
                locale.update(session: fresh.isEmpty ? nil : fresh)
                environment = locale.childEnvironment(environment)
            }
            let terminal = (argv.first ?? "").split(separator: "/").last.map(String.init) ?? ""
            let output = try? OutputCapture(prefix: "terminal '\(terminal)'")
            do {
                try Spawner.spawn(argv: argv, environment: environment,
                                  streams: output.map { .outputTo(descriptor: $0.writeEnd) } ?? .devNull) { termination in
                    launch.ended(termination)
                    Log.shared.info("the challenge terminal for \(id) ended (\(termination))")
                }
                try? output?.spawned()
            } catch {
                output?.abandon()
                Log.shared.error("cannot start the terminal \(argv[0]): \(error)")
                return failed(id, text(Message("{terminal} cannot start: {error}", ["terminal": terminal, "error": "\(error)"])))
            }
            // Only a launch whose captcha the agent can follow can be told to have failed.
            guard name != nil else { return }
            try? await Task.sleep(for: Self.startLimit)
            guard let termination = launch.endedWithoutCaptcha else { return }
            let words = output?.lines.last ?? ""
            Log.shared.error("the challenge terminal for \(id) ended (\(termination)) before its captcha came up")
            let how = "\(termination)"
            failed(id, text(words.isEmpty
                ? Message("{terminal} ended ({how}) before the challenge came up", ["terminal": terminal, "how": how])
                : Message("{terminal} ended ({how}) before the challenge came up: {words}",
                          ["terminal": terminal, "how": how, "words": words])))
        }
    }

    /// `message` in the session's language as last read (English without a `SessionLocale`).
    private func text(_ message: Message) -> String {
        (locale?.current ?? .english).translator(message)
    }

    /// Whether a terminal can be found: for preflight.
    public var isAvailable: Bool { (try? command.resolve(environment: baseEnvironment)) != nil }
}

/// What became of one launch: whether its captcha came up on the bus, and how its terminal ended.
private final class TerminalLaunch: Sendable {
    private let state = Mutex<(cameUp: Bool, ended: Termination?)>((false, nil))

    func captchaCameUp() { state.withLock { $0.cameUp = true } }
    func ended(_ termination: Termination) { state.withLock { $0.ended = termination } }

    /// How the terminal ended, when it has ended and its captcha never came up.
    var endedWithoutCaptcha: Termination? {
        state.withLock { $0.cameUp ? nil : $0.ended }
    }
}

/// An error whose text is already in the reader's language.
struct RenderedError: Error, CustomStringConvertible {
    let description: String
}
