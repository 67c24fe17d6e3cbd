import LinuxEvents
import ReveilleDomain
import ReveilleText

/// Finds the argv prefix that runs a command in a terminal.
///
/// `REVEILLE_TERMINAL` wins, then the config's `terminal`, then the first installed of the
/// usual terminals. Both settings are split into words like a shell would, never run by one.
public struct TerminalCommand: Sendable {
    /// Terminals tried in order, with the flag that makes them run a command.
    public static let candidates: [[String]] = [
        ["x-terminal-emulator", "-e"], ["gnome-terminal", "--"], ["konsole", "-e"], ["xfce4-terminal", "-x"],
        ["kitty"], ["alacritty", "-e"], ["foot"], ["xterm", "-e"],
    ]

    public var configured: String?

    public init(configured: String?) { self.configured = configured }

    /// The prefix to use, or an error saying what was tried.
    public func resolve(environment: [String: String]) throws(TerminalError) -> [String] {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for (source, setting) in [("REVEILLE_TERMINAL", environment["REVEILLE_TERMINAL"]), ("terminal", configured)] {
            guard let setting, !setting.isEmpty else { continue }
            let words: [String]
            do { words = try ShellWords.split(setting) } catch {
                throw .unusable(Message("{setting} '{value}': {error}", ["setting": source, "value": setting], messages: ["error": error.message]))
            }
            guard let program = words.first, let found = Spawner.which(program, path: path) else {
                throw .unusable(Message("{setting} names '{program}', which is not an executable on PATH",
                                        ["setting": source, "program": words.first ?? ""]))
            }
            return [found] + words.dropFirst()
        }
        for candidate in Self.candidates {
            if let found = Spawner.which(candidate[0], path: path) { return [found] + candidate.dropFirst() }
        }
        throw .notFound
    }
}

public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound
    case unusable(Message)

    /// What is wrong, for the reader: the agent renders it in the session's language.
    public var message: Message {
        switch self {
        case .notFound:
            Message("no terminal found (tried {terminals}); set REVEILLE_TERMINAL or 'terminal' in reveille.conf",
                    ["terminals": TerminalCommand.candidates.map { $0[0] }.joined(separator: ", ")])
        case .unusable(let reason): reason
        }
    }

    public var description: String { message.english }
}
