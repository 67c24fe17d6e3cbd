/// A POSIX locale name taken apart: `language[_territory][.codeset][@modifier]` (`de_AT.UTF-8`).
struct LocaleName: Hashable, Sendable {
    let text: String
    let language: String
    let territory: String?
    let modifier: String?

    init(_ text: String) {
        self.text = text
        var rest = Substring(text)
        if let at = rest.firstIndex(of: "@") {
            modifier = String(rest[rest.index(after: at)...])
            rest = rest[..<at]
        } else {
            modifier = nil
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        if let underscore = rest.firstIndex(of: "_") {
            territory = String(rest[rest.index(after: underscore)...])
            rest = rest[..<underscore]
        } else {
            territory = nil
        }
        language = String(rest)
    }

    /// The C or POSIX locale (`C`, `C.UTF-8`, `POSIX`), under which glibc ignores LANGUAGE and
    /// translates nothing.
    var isC: Bool { language == "C" || language == "POSIX" || text.isEmpty }

    /// The names a catalogue directory may have for it, most specific first: `de_AT@euro`, `de_AT`, `de@euro`, `de`.
    var catalogueNames: [String] {
        var names: [String] = []
        let suffix = modifier.map { "@" + $0 }
        if let territory {
            if let suffix { names.append(language + "_" + territory + suffix) }
            names.append(language + "_" + territory)
        }
        if let suffix { names.append(language + suffix) }
        names.append(language)
        return names
    }
}
