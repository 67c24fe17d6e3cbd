import Glibc
import LinuxEvents
import ReveilleCore

/// A whole small text file, nil if it does not exist; a failure to read it is a setup error.
func readTextFile(_ path: String) throws -> String? {
    do { return try readSmallTextFile(path) } catch { throw SetupError("cannot read \(path): \(error)") }
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
        let words = text.split(separator: "\n").map { $0.trimmingBlanks() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard words.count >= 20 else { throw SetupError("the word list \(wordListFile) has fewer than 20 words") }
        return words
    }
}
