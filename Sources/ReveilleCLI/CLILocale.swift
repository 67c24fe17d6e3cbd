import ArgumentParser
import Gettext
import LinuxEvents
import ReveilleModel
import ReveilleText

/// The CLI's language and time style, from its own environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
/// `LC_TIME`, `LANG`), resolved once: the command lives for one request, so a static value is enough.
enum CLILocale {
    static let current = UserLocale(environment: Spawner.currentEnvironment(),
                                    localeDirectory: AgentPaths(environment: Spawner.currentEnvironment(), executablePath: "").localeDirectory)

    /// `message` in the CLI's language.
    static func text(_ message: Message) -> String { current.translator(message) }
}

extension ArgumentHelp {
    /// Help for an option or argument, in the CLI's language.
    static func text(_ message: Message) -> ArgumentHelp { ArgumentHelp(CLILocale.text(message)) }
}
