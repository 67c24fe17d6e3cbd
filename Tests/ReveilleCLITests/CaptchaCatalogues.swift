import Gettext
import ReveilleTestSupport
import SystemSupport

/// Catalogues for the captcha's translation tests, compiled into private directories once per
/// test process:
/// - `shipped`: every language po/LINGUAS lists, from the repository's po/LL.po;
/// - `fixtures`: `de`, a small German catalogue of the screen's texts, and `en_US`, one whose
///   texts are deliberately too long for a terminal, to show that the fit check finds them.
///
/// glibc binds the `reveille` domain for the whole process (the last binding wins), so a test
/// makes its `UserLocale` right before it renders, and the suites that use these run serialized.
enum CaptchaCatalogues {
    /// The repository: three levels above this file (Tests/ReveilleCLITests/…).
    static let repository: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The languages po/LINGUAS lists: one code a line, `#` starts a comment.
    static let shippedLanguages: [String] = {
        guard let bytes = try? readSmallFile(repository + "/po/LINGUAS") else { fatalError("cannot read po/LINGUAS") }
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).flatMap { line in
            line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace).map(String.init)
        }
    }()

    static let shipped: String = {
        let root = TestCatalogues.temporaryDirectory("captcha-shipped")
        for language in shippedLanguages { TestCatalogues.compile(repository + "/po/\(language).po", language: language, into: root) }
        return root
    }()

    static let fixtures = TestCatalogues.compile("captcha-fixtures", [
        ("de", TestCatalogues.germanicPlural, german), ("en_US", TestCatalogues.germanicPlural, overLong),
    ])

    /// The reader of `language` (`de`, `pt_BR`): its catalogue in `directory`, messages and times
    /// in its locale (`de_DE.UTF-8`, `pt_BR.UTF-8`), which must be installed.
    static func locale(_ language: String, in directory: String) -> UserLocale {
        let name = language.contains("_") ? language + ".UTF-8" : "\(language)_\(language.uppercased()).UTF-8"
        return UserLocale(environment: ["LANG": name, "LANGUAGE": language], localeDirectory: directory, processLanguage: nil)
    }

    /// A German screen, enough for one test to read it whole.
    private static let german = """
        msgid "Reveille — solve to stop the alarm"
        msgstr "Reveille — lösen, um den Wecker zu stoppen"

        msgid "Challenge {index} of {total}"
        msgstr "Aufgabe {index} von {total}"

        msgid "{count} s left"
        msgid_plural "{count} s left"
        msgstr[0] "noch {count} s"
        msgstr[1] "noch {count} s"

        msgid "{count} wrong so far"
        msgid_plural "{count} wrong so far"
        msgstr[0] "{count} Fehlversuch"
        msgstr[1] "{count} Fehlversuche"

        msgctxt "captcha field"
        msgid "Answer:"
        msgstr "Antwort:"

        msgid "Wrong — here is a new problem"
        msgstr "Falsch — hier ist eine neue Aufgabe"

        msgid "Snoozed until {time} — Dismiss then opens a new challenge"
        msgstr "Schlummern bis {time} — Beenden öffnet dann eine neue Aufgabe"

        msgid "Enter submits · Ctrl-C leaves; the alarm keeps ringing"
        msgstr "Eingabe sendet · Strg-C verlässt; der Wecker klingelt weiter"

        """

    /// Texts a terminal cannot hold: one wider than 80 columns and narrower than 160, one wider
    /// than 160, and both forms of the key help wider than 80.
    static let tooLongFor80 = "Too many misses, so for a little while every answer you type is locked and will not even be looked at"
    static let tooLongFor160 = "Correct! That answer was right, well done, and this sentence goes on and on and on for much longer than any terminal line could ever hold, even one that is a full 160 columns wide"

    private static let overLong = """
        msgid "Too many misses — answers are locked"
        msgstr "\(tooLongFor80)"

        msgid "Correct!"
        msgstr "\(tooLongFor160)"

        msgid "Enter submits · Ctrl-C leaves; the alarm keeps ringing"
        msgstr "Press Enter to submit what you typed, or Ctrl-C to leave this screen; the alarm keeps ringing all the same"

        msgid "Ctrl-C leaves; the alarm keeps ringing"
        msgstr "Ctrl-C leaves this screen, but the alarm keeps on ringing until the problem is solved, whatever you do"

        """
}
