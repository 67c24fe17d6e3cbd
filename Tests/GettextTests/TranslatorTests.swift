@testable import Gettext
import ReveilleText
import Testing

// Needs msgfmt (package gettext) and the locales de_DE, fr_FR, en_US (.UTF-8).
/// glibc reads the process's own LANGUAGE on every lookup, so these expectations hold only without it.
@Suite(.enabled(if: UserLocale.processLanguage == nil, "LANGUAGE is set in the test's environment"))
struct TranslatorTests {
    let directory = GettextCatalogues.directory

    func locale(_ environment: [String: String], processLanguage: String? = nil) -> UserLocale {
        UserLocale(environment: environment, localeDirectory: directory, processLanguage: processLanguage)
    }

    @Test func englishRendersTheEnglishText() {
        let message = Message("Missed alarm: {label}", ["label": "Work"])
        #expect(Translator.english(message) == "Missed alarm: Work")
        #expect(UserLocale.english.translator(message) == message.english)
    }

    @Test func germanSessionSpeaksGerman() {
        let de = locale(["LANG": "de_DE.UTF-8"])
        #expect(de.language == "de")
        #expect(de.translator(Message("Snooze")) == "Schlummern")
        #expect(de.translator(Message("Missed alarm: {label}", ["label": "Arbeit"])) == "Verpasster Wecker: Arbeit")
    }

    @Test func aContextIsLookedUpApart() {
        let de = locale(["LANG": "de_DE.UTF-8"])
        #expect(de.translator(Message(context: "button", "Snooze")) == "Später")
        #expect(de.translator(Message("Snooze")) == "Schlummern")
        // A context the catalogue lacks is English, not the key with its \u{4}.
        #expect(de.translator(Message(context: "menu", "Snooze")) == "Snooze")
    }

    @Test func pluralsFollowTheLanguagesRule() {
        let de = locale(["LANG": "de_DE.UTF-8"]), fr = locale(["LANG": "fr_FR.UTF-8"])
        func left(_ n: Int) -> Message { Message(one: "{count} snooze left", other: "{count} snoozes left", count: n) }
        #expect(de.translator(left(1)) == "noch 1 Wiederholung")
        #expect(de.translator(left(0)) == "noch 0 Wiederholungen")
        #expect(de.translator(left(2)) == "noch 2 Wiederholungen")
        // French counts zero as singular.
        #expect(fr.translator(left(0)) == "0 répétition restante")
        #expect(fr.translator(left(1)) == "1 répétition restante")
        #expect(fr.translator(left(3)) == "3 répétitions restantes")
    }

    @Test func nestedMessagesAreTranslatedToo() {
        let de = locale(["LANG": "de_DE.UTF-8"])
        let inner = Message(one: "in {count} minute", other: "in {count} minutes", count: 5)
        #expect(de.translator(Message("rings {in} ({time})", ["time": "07:00"], messages: ["in": inner]))
            == "klingelt in 5 Minuten (07:00)")
    }

    @Test func aMessageTheCatalogueLacksIsEnglish() {
        let fr = locale(["LANG": "fr_FR.UTF-8"])
        #expect(fr.translator(Message("Missed alarm: {label}", ["label": "x"])) == "Missed alarm: x")
        #expect(fr.translator(Message(one: "in {count} minute", other: "in {count} minutes", count: 2)) == "in 2 minutes")
    }

    @Test func aLanguageWithoutCatalogueIsEnglish() {
        let es = locale(["LANG": "es_ES.UTF-8"])
        #expect(es.language == "en")
        #expect(es.translator(Message("Snooze")) == "Snooze")
        let missing = UserLocale(environment: ["LANG": "de_DE.UTF-8"], localeDirectory: "/nonexistent", processLanguage: nil)
        #expect(missing.translator(Message("Snooze")) == "Snooze")
    }

    @Test func theFirstLanguageOfTheListWithACatalogueWins() {
        #expect(locale(["LANG": "en_US.UTF-8", "LANGUAGE": "es:fr:de"]).language == "fr")
        #expect(locale(["LANG": "en_US.UTF-8", "LANGUAGE": "de_AT:fr"]).language == "de")
        #expect(locale(["LANG": "en_US.UTF-8", "LANGUAGE": "de_AT:fr"]).translator(Message("Snooze")) == "Schlummern")
        // An English entry stops the search, as does C.
        #expect(locale(["LANG": "de_DE.UTF-8", "LANGUAGE": "en_GB:de"]).language == "en")
        #expect(locale(["LANG": "de_DE.UTF-8", "LANGUAGE": "C:de"]).language == "en")
        #expect(locale(["LANG": "de_DE.UTF-8", "LANGUAGE": "es:xx"]).language == "en")
    }

    @Test func LANGUAGEIsIgnoredUnderC() {
        for name in ["C", "C.UTF-8", "POSIX"] {
            #expect(locale(["LANG": name, "LANGUAGE": "de"]).language == "en", "\(name)")
            #expect(locale(["LC_ALL": name, "LANG": "de_DE.UTF-8", "LANGUAGE": "de"]).language == "en", "\(name)")
        }
        #expect(locale([:]).language == "en")
        #expect(locale(["LANGUAGE": "de"]).language == "en")
    }

    @Test func LC_ALLThenLC_MESSAGESThenLANGNameTheMessagesLocale() {
        #expect(locale(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]).language == "de")
        #expect(locale(["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]).language == "fr")
        #expect(locale(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": ""]).language == "fr")
    }

    @Test func aRegionalCatalogueWithoutItsLocaleIsPassedOver() {
        // de_CH has a catalogue, but no de_CH locale is generated: the German of de it is.
        let swiss = locale(["LANG": "en_US.UTF-8", "LANGUAGE": "de_CH"])
        #expect(swiss.language == "de")
        #expect(swiss.translator(Message("Snooze")) == "Schlummern")
    }

    @Test func theTimeStyleFollowsLC_TIME() {
        let us = locale(["LANG": "de_DE.UTF-8", "LC_TIME": "en_US.UTF-8"])
        #expect(us.language == "de")
        #expect(us.timeStyle.time(.init(hour: 7, minute: 0)!) == "7:00 AM")
        #expect(locale(["LANG": "C.UTF-8"]).timeStyle == .posix)
        #expect(locale(["LANG": "xx_YY.UTF-8"]).timeStyle == .posix)
    }

    @Test func variablesAndLanguagesAreKeptForAChild() {
        let de = locale(["LANG": "de_DE.UTF-8", "LANGUAGE": "de:fr", "HOME": "/root", "LC_ALL": ""])
        #expect(de.variables == ["LANG": "de_DE.UTF-8", "LANGUAGE": "de:fr"])
        #expect(de.languages == ["de", "fr"])
        #expect(locale(["LANG": "es_ES.UTF-8"]).languages == ["es"])
        #expect(locale(["LANG": "C.UTF-8", "LANGUAGE": "de"]).languages == [])
        #expect(locale(["LANG": "de_DE.UTF-8", "LANGUAGE": "fr_FR:C:de"]).languages == ["fr"])
    }

    /// glibc's dgettext reads the process's own LANGUAGE on every lookup and lets it override the
    /// thread's locale (measured on glibc 2.36: LANGUAGE=fr under a de_DE locale_t gives French). So
    /// the resolution takes a set process LANGUAGE in place of the session's, and says so.
    @Test func theProcessLANGUAGETakesThePlaceOfTheSessions() {
        let overridden = locale(["LANG": "de_DE.UTF-8", "LANGUAGE": "de"], processLanguage: "fr")
        #expect(overridden.language == "fr")
        #expect(overridden.translator(Message("Snooze")) == "Répéter")
        // Under C nothing is looked up, whatever the process's LANGUAGE.
        #expect(locale(["LANG": "C.UTF-8"], processLanguage: "fr").language == "en")
        #expect(locale(["LANG": "de_DE.UTF-8"], processLanguage: "").language == "de")
    }

    @Test func twoLanguagesSideBySide() async {
        let de = locale(["LANG": "de_DE.UTF-8"]), fr = locale(["LANG": "fr_FR.UTF-8"])
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    index % 2 == 0 ? de.translator(Message("Snooze")) == "Schlummern" : fr.translator(Message("Snooze")) == "Répéter"
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
