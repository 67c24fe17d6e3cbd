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

    /// The typing challenge's words, one list a language, read at start: `words/LL.txt` for each
    /// language `LL` (`de`, `pt_BR`) that has a file. English is `words/en.txt`, else `words.txt` (its
    /// path before there were languages, which an admin may have replaced), else the built-in list.
    /// A file that cannot be read or holds too few words is logged and skipped, so that its language
    /// falls back to English: a missing or broken optional file never keeps alarms from ringing.
    public func loadWordLists() -> WordLists {
        var lists: [String: [String]] = [:]
        for language in wordListLanguages() {
            if let words = loadWordList(wordsDirectory + "/\(language).txt") { lists[language] = words }
        }
        let english = lists.removeValue(forKey: "en") ?? loadWordList(legacyWordListFile) ?? BuiltInWords.list
        return WordLists(english: english, byLanguage: lists)
    }

    /// The languages of the files in `words/`: the names of its `*.txt` made of letters and `_`.
    func wordListLanguages() -> [String] {
        guard let directory = opendir(wordsDirectory) else { return [] }
        defer { closedir(directory) }
        var languages: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".txt") else { continue }
            let language = String(name.dropLast(4))
            if !language.isEmpty, language.allSatisfy({ ($0.isASCII && $0.isLetter) || $0 == "_" }) { languages.append(language) }
        }
        return languages.sorted()
    }

    /// One word list file; nil (and a log line when it is there but unusable) when it cannot be used.
    func loadWordList(_ file: String) -> [String]? {
        let text: String?
        do { text = try readTextFile(file) } catch {
            Log.shared.error("\(error); its language uses the English words")
            return nil
        }
        guard let text else { return nil }
        let words = BuiltInWords.parse(text)
        guard words.count >= BuiltInWords.minimumCount else {
            Log.shared.error("the word list \(file) has fewer than \(BuiltInWords.minimumCount) words; its language uses the English words")
            return nil
        }
        return words
    }
}
