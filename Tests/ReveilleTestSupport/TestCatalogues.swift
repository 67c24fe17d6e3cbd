import Glibc

/// Locale directories of test catalogues (`DIR/LL/LC_MESSAGES/reveille.mo`), compiled by `msgfmt`
/// (package gettext). glibc binds the `reveille` domain for the whole process (the last binding
/// wins), so a test makes its `UserLocale` right before it renders.
public enum TestCatalogues {
    /// A new directory `/tmp/reveille-NAME-XXXXXX` holding one catalogue per language, each compiled
    /// from a header (its language and plural rule) and `entries`.
    public static func compile(_ name: String, _ catalogues: [(language: String, plural: String, entries: String)]) -> String {
        let root = temporaryDirectory(name)
        for catalogue in catalogues {
            let po = "\(root)/\(catalogue.language).po"
            write(header(catalogue.language, plural: catalogue.plural) + catalogue.entries, to: po)
            compile(po, language: catalogue.language, into: root)
        }
        return root
    }

    /// A new, empty directory `/tmp/reveille-NAME-XXXXXX`.
    public static func temporaryDirectory(_ name: String) -> String {
        var template = Array("/tmp/reveille-\(name)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        return String(cString: made)
    }

    /// Compiles the catalogue `po` into `root/LANGUAGE/LC_MESSAGES/reveille.mo`.
    public static func compile(_ po: String, language: String, into root: String) {
        let directory = "\(root)/\(language)/LC_MESSAGES"
        guard system("mkdir -p '\(directory)'") == 0,
              system("msgfmt --check -o '\(directory)/reveille.mo' '\(po)'") == 0
        else { fatalError("msgfmt failed for \(po) (is gettext installed?)") }
    }

    /// The `Plural-Forms` of English and German: one form for 1, the other for the rest.
    public static let germanicPlural = "nplurals=2; plural=(n != 1);"
    /// French's: 0 and 1 take the singular.
    public static let frenchPlural = "nplurals=2; plural=(n > 1);"

    private static func header(_ language: String, plural: String) -> String {
        """
        msgid ""
        msgstr ""
        "Language: \(language)\\n"
        "MIME-Version: 1.0\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Plural-Forms: \(plural)\\n"


        """
    }

    private static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }
}
