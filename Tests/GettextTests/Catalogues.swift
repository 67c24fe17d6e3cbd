import Glibc

/// A locale directory of small test catalogues, compiled by `msgfmt` (package gettext) once per
/// test process: glibc binds the `reveille` domain for the whole process, so every test shares it.
enum TestCatalogues {
    static let directory: String = {
        var template = Array("/tmp/reveille-gettext-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        let root = String(cString: made)
        for (language, po) in catalogues {
            let dir = "\(root)/\(language)/LC_MESSAGES"
            guard system("mkdir -p '\(dir)'") == 0 else { fatalError("mkdir \(dir)") }
            write(po, to: "\(root)/\(language).po")
            let status = system("msgfmt --check -o '\(dir)/reveille.mo' '\(root)/\(language).po'")
            guard status == 0 else { fatalError("msgfmt failed for \(language) (is gettext installed?)") }
        }
        return root
    }()

    static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }

    static func header(_ language: String, plural: String) -> String {
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

    static let catalogues: [(String, String)] = [
        ("de", header("de", plural: "nplurals=2; plural=(n != 1);") + """
        msgid "Snooze"
        msgstr "Schlummern"

        msgctxt "button"
        msgid "Snooze"
        msgstr "Später"

        msgid "Missed alarm: {label}"
        msgstr "Verpasster Wecker: {label}"

        msgid "{count} snooze left"
        msgid_plural "{count} snoozes left"
        msgstr[0] "noch {count} Wiederholung"
        msgstr[1] "noch {count} Wiederholungen"

        msgid "rings {in} ({time})"
        msgstr "klingelt {in} ({time})"

        msgid "in {count} minute"
        msgid_plural "in {count} minutes"
        msgstr[0] "in {count} Minute"
        msgstr[1] "in {count} Minuten"

        """),
        ("fr", header("fr", plural: "nplurals=2; plural=(n > 1);") + """
        msgid "Snooze"
        msgstr "Répéter"

        msgid "{count} snooze left"
        msgid_plural "{count} snoozes left"
        msgstr[0] "{count} répétition restante"
        msgstr[1] "{count} répétitions restantes"

        """),
        // A regional catalogue whose locale is not generated here: passed over.
        ("de_CH", header("de_CH", plural: "nplurals=2; plural=(n != 1);") + """
        msgid "Snooze"
        msgstr "Schlummern (CH)"

        """),
    ]
}
