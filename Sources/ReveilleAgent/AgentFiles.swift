import Glibc
import LinuxEvents
import ReveilleCore
import ReveilleModel
import SystemSupport

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

    /// The typing challenge's words: `words.txt` when it is there, else the built-in list.
    /// A file that cannot be read or holds too few words is logged and the built-in list used:
    /// a missing or broken optional file never keeps alarms from ringing.
    public func loadWordList() -> [String] {
        let text: String?
        do { text = try readTextFile(wordListFile) } catch {
            Log.shared.error("\(error); using the built-in word list")
            return BuiltInWords.list
        }
        guard let text else { return BuiltInWords.list }
        let words = BuiltInWords.parse(text)
        guard words.count >= BuiltInWords.minimumCount else {
            Log.shared.error("the word list \(wordListFile) has fewer than \(BuiltInWords.minimumCount) words; using the built-in word list")
            return BuiltInWords.list
        }
        return words
    }
}
