import Glibc
import ReveilleCore

/// Where the agent keeps its files, by the XDG base directory rules.
public struct AgentPaths: Sendable {
    /// `$XDG_DATA_HOME/reveille`: the database and its lock.
    public var dataDirectory: String
    /// `$XDG_CONFIG_HOME/reveille/reveille.conf`.
    public var configFile: String
    /// The directory holding `words.txt` (`$REVEILLE_DATADIR`, else the installed share directory).
    public var shareDirectory: String

    public init(environment: [String: String], executablePath: String) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        dataDirectory = dataHome + "/reveille"
        configFile = configHome + "/reveille/reveille.conf"
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
    public var wordListFile: String { shareDirectory + "/words.txt" }
}

/// Reads a whole small text file; nil if it does not exist.
func readTextFile(_ path: String) throws -> String? {
    guard let file = fopen(path, "re") else {
        if errno == ENOENT { return nil }
        throw SetupError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
        if bytes.count > 1 << 20 { throw SetupError("\(path) is larger than 1 MiB") }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Creates a directory and its parents, private to the user.
func makePrivateDirectory(_ path: String) throws {
    var current = ""
    for component in path.split(separator: "/") {
        current += "/" + component
        if mkdir(current, 0o700) != 0 && errno != EEXIST {
            throw SetupError("cannot create \(current): \(String(cString: strerror(errno)))")
        }
    }
}

/// The agent cannot start, and says why.
public struct SetupError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension AgentPaths {
    /// The configuration, or the defaults when there is no file. A bad file is an error naming file and line.
    public func loadConfig() throws -> AgentConfig {
        guard let text = try readTextFile(configFile) else { return AgentConfig() }
        return try AgentConfig.parse(text, file: configFile)
    }

    /// The typing challenge's words: one per line, `#` comments.
    public func loadWordList() throws -> [String] {
        guard let text = try readTextFile(wordListFile) else {
            throw SetupError("cannot find the word list \(wordListFile); set REVEILLE_DATADIR to the directory holding words.txt")
        }
        let words = text.split(separator: "\n").map { $0.trimmingSpacesAndTabs() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard words.count >= 20 else { throw SetupError("the word list \(wordListFile) has fewer than 20 words") }
        return words
    }
}

extension Substring {
    func trimmingSpacesAndTabs() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed())
    }
}
