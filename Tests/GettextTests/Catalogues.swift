import ReveilleTestSupport

/// A locale directory of small test catalogues, compiled once per test process: glibc binds the
/// `reveille` domain for the whole process, so every test shares it.
enum GettextCatalogues {
    static let directory = TestCatalogues.compile("gettext", [
        ("de", TestCatalogues.germanicPlural, """
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
        ("fr", TestCatalogues.frenchPlural, """
        msgid "Snooze"
        msgstr "Répéter"

        msgid "{count} snooze left"
        msgid_plural "{count} snoozes left"
        msgstr[0] "{count} répétition restante"
        msgstr[1] "{count} répétitions restantes"

        """),
        // A regional catalogue whose locale is not generated here: passed over.
        ("de_CH", TestCatalogues.germanicPlural, """
        msgid "Snooze"
        msgstr "Schlummern (CH)"

        """),
    ])
}
