/// The typing challenge's words in each language the agent has a list for, read once at start.
///
/// English is always there (built in when its file is missing) and is what every language without a
/// list falls back to.
public struct WordLists: Equatable, Sendable {
    /// The English words.
    public var english: [String]
    /// The other lists, by the language code of their file's name (`de`, `pt_BR`).
    public var byLanguage: [String: [String]]

    public init(english: [String], byLanguage: [String: [String]] = [:]) {
        self.english = english
        self.byLanguage = byLanguage
    }

    /// The words of the first of `languages` (most wanted first, as `LANGUAGE` lists them) that has a
    /// list; English when none has. `de_DE.UTF-8` takes the list `de_DE`, else `de`; `C` and `POSIX`
    /// are English, as they are for gettext.
    public func words(for languages: [String]) -> [String] {
        for language in languages {
            for code in Self.codes(of: language) {
                if code == "en" { return english }
                if let list = byLanguage[code] { return list }
            }
        }
        return english
    }

    /// The codes a locale name is looked up by, the most specific first: `de_AT.UTF-8@euro` → `de_AT`, `de`.
    static func codes(of locale: String) -> [String] {
        let name = locale.split(separator: ".", maxSplits: 1).first.flatMap { $0.split(separator: "@").first } ?? ""
        if name == "C" || name == "POSIX" { return ["en"] }
        let language = name.split(separator: "_", maxSplits: 1).first.map(String.init) ?? ""
        if language.isEmpty { return [] }
        return language == name ? [language] : [String(name), language]
    }
}
