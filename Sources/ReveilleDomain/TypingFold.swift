/// How a typed word is compared with the word shown: without case, accents or the composed/decomposed
/// difference, so that a half-asleep user on a US keyboard can type `etre` for `être`.
///
/// Pure standard library (no Foundation, no ICU): the text is lower-cased, every combining mark is
/// dropped (what a decomposed spelling carries its accents in), and each precomposed Latin letter with
/// a diacritic becomes its base letter by `baseLetters`, so a composed and a decomposed spelling fold to
/// the same string. The table covers the letters of the shipped word lists (German, French, Spanish)
/// and of the other Western European languages an admin may add a list for.
public enum TypingFold {
    /// The word as it is compared: `Über` → `uber`, `sœur` → `soeur`, `groß` → `gross`.
    /// With `umlautsAsE`, ä ö ü become ae oe ue instead, the German way of typing them without the keys.
    public static func fold(_ word: String, umlautsAsE: Bool = false) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in word.lowercased().unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark {
                if umlautsAsE, scalar == diaeresis, let last = folded.last, "aou".unicodeScalars.contains(last) {
                    folded.append("e")
                }
                continue
            }
            guard let base = baseLetters[scalar] else {
                folded.append(scalar)
                continue
            }
            folded.append(contentsOf: base.unicodeScalars)
            if umlautsAsE, umlauts.contains(scalar) { folded.append("e") }
        }
        return String(folded)
    }

    /// Whether `typed` is an acceptable spelling of `shown`.
    public static func matches(_ typed: String, _ shown: String) -> Bool {
        let typed = fold(typed)
        return typed == fold(shown) || typed == fold(shown, umlautsAsE: true)
    }

    /// U+0308 COMBINING DIAERESIS: a decomposed umlaut.
    static let diaeresis: Unicode.Scalar = "\u{308}"
    static let umlauts: Set<Unicode.Scalar> = ["ä", "ö", "ü"]

    /// Lower-case Latin letters with a diacritic, and ligatures, by what a plain keyboard types for them.
    static let baseLetters: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåā", "a"), ("æ", "ae"), ("çćč", "c"), ("èéêëēė", "e"), ("ìíîïī", "i"),
            ("ñń", "n"), ("òóôõöøō", "o"), ("œ", "oe"), ("ùúûüū", "u"), ("ýÿ", "y"), ("ß", "ss"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = base }
        }
        return table
    }()
}
