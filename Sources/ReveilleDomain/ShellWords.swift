import ReveilleText

/// Splits a command line into words the way a POSIX shell's quoting does, and does nothing else.
///
/// Quoting works as in `sh`: single quotes keep everything literal; double quotes keep everything
/// literal except that a backslash escapes `$`, `` ` ``, `"`, `\` and newline; an unquoted
/// backslash escapes any character; backslash-newline is removed. Blanks (space, tab, newline)
/// separate words, and quoted pieces that touch join one word (`a"b c"d` is `ab cd`).
///
/// No expansion, substitution or control operator is recognized: `$HOME`, `*`, `~`, `$(…)`,
/// `;`, `|` and `#` are ordinary characters. Used for `REVEILLE_TERMINAL`, the config's
/// `terminal` key and its `[hooks]`, whose words go straight to `posix_spawnp`.
public enum ShellWords {
    public enum SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// A `'` at this character offset is never closed.
        case unterminatedSingleQuote(at: Int)
        /// A `"` at this character offset is never closed.
        case unterminatedDoubleQuote(at: Int)

        /// What is wrong, for a reader.
        public var message: Message {
            switch self {
            case .unterminatedSingleQuote(let offset):
                Message("the single quote at character {position} is never closed", ["position": String(offset + 1)])
            case .unterminatedDoubleQuote(let offset):
                Message("the double quote at character {position} is never closed", ["position": String(offset + 1)])
            }
        }

        /// The message in English (the C locale's text).
        public var description: String { message.english }
    }

    public static func split(_ line: String) throws(SyntaxError) -> [String] {
        var splitter = Splitter(Array(line))
        return try splitter.split()
    }
}

private struct Splitter {
    let characters: [Character]
    var position = 0
    var finished: [String] = []
    var word = ""
    /// Whether a word has begun, even an empty one: `''` is a word.
    var inWord = false

    init(_ characters: [Character]) { self.characters = characters }

    mutating func split() throws(ShellWords.SyntaxError) -> [String] {
        while let character = next() {
            switch character {
            case " ", "\t", "\n": endWord()
            case "'": try singleQuoted()
            case "\"": try doubleQuoted()
            case "\\": escaped()
            default: append(character)
            }
        }
        endWord()
        return finished
    }

    private mutating func singleQuoted() throws(ShellWords.SyntaxError) {
        let start = position - 1
        inWord = true
        while let character = next() {
            if character == "'" { return }
            word.append(character)
        }
        throw .unterminatedSingleQuote(at: start)
    }

    private mutating func doubleQuoted() throws(ShellWords.SyntaxError) {
        let start = position - 1
        inWord = true
        while let character = next() {
            switch character {
            case "\"": return
            case "\\":
                guard let following = next() else { throw .unterminatedDoubleQuote(at: start) }
                if following == "\n" { continue }
                if !"$`\"\\".contains(following) { word.append("\\") }
                word.append(following)
            default: word.append(character)
            }
        }
        throw .unterminatedDoubleQuote(at: start)
    }

    /// An unquoted backslash; at the very end of the line, shells keep it as a literal backslash.
    private mutating func escaped() {
        guard let following = next() else { return append("\\") }
        if following != "\n" { append(following) }
    }

    private mutating func next() -> Character? {
        guard position < characters.count else { return nil }
        defer { position += 1 }
        return characters[position]
    }

    private mutating func append(_ character: Character) {
        word.append(character)
        inWord = true
    }

    private mutating func endWord() {
        if inWord { finished.append(word) }
        word = ""
        inWord = false
    }
}
