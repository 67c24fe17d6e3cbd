/// Where the agent keeps its files, by the XDG base directory rules. Pure: it only computes paths,
/// so the agent and the CLI's `doctor` agree on them.
public struct AgentPaths: Sendable {
    /// The message catalogues, `LL/LC_MESSAGES/reveille.mo`: `$REVEILLE_LOCALEDIR` (the build tree's
    /// `build/locale`, the tests'), else `/usr/share/locale`.
    public var localeDirectory: String
    /// `$XDG_DATA_HOME/reveille`: the database and its lock.
    public var dataDirectory: String
    /// `$XDG_CONFIG_HOME/reveille/reveille.conf`.
    public var configFile: String
    /// The directory holding the word lists (`words/`) and the tray's `icons` (`$REVEILLE_DATADIR`, else the installed share directory).
    public var shareDirectory: String

    public init(environment: [String: String], executablePath: String) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        dataDirectory = dataHome + "/reveille"
        configFile = configHome + "/reveille/reveille.conf"
        localeDirectory = environment["REVEILLE_LOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/locale"
        if let share = environment["REVEILLE_DATADIR"], !share.isEmpty {
            shareDirectory = share
        } else {
            // /usr/bin/reveilled → /usr/share/reveille; also right for a /usr/local install.
            let bin = executablePath.split(separator: "/").dropLast()
            let prefix = bin.last == "bin" || bin.last == "libexec" ? "/" + bin.dropLast().joined(separator: "/") : "/usr"
            shareDirectory = (prefix == "/" ? "" : prefix) + "/share/reveille"
        }
    }

    public var databaseFile: String { dataDirectory + "/alarms.db" }
    public var lockFile: String { dataDirectory + "/reveilled.lock" }
    /// The typing challenge's words, one file a language: `words/en.txt`, `words/de.txt`.
    public var wordsDirectory: String { shareDirectory + "/words" }
    /// Where the English words were before there were other languages: read when `words/en.txt` is not there.
    public var legacyWordListFile: String { shareDirectory + "/words.txt" }
}
