import DBus
import Gettext
@testable import ReveilleCLI
import ReveilleDomain
import ReveilleTestSupport
import ReveilleText
import ReveilleTime
import Testing

// Needs msgfmt (package gettext) and the locales de_DE, fr_FR and en_US (.UTF-8), as GettextTests do.

/// Mon 2027-01-04 06:00 UTC, an hour before the daily 07:00 alarm.
private let mondaySix = Instant(secondsSinceEpoch: 1_799_042_400)
private let mondaySeven: Int64 = 1_799_046_000
private let tuesdaySeven: Int64 = 1_799_132_400

private func alarm(time: String = "07:00", next: Int64, enabled: Bool = true, paused: String = "") -> [String: Value] {
    [
        "id": .string("3f2b9c1e-8d4a-4f6e-9b1a-2c7d5e8f0a13"), "label": .string("Work"), "time": .string(time),
        "repeat": .array("s", []), "enabled": .bool(enabled), "next_fire": .int64(next), "ringing": .bool(false),
        "snoozed": .bool(false), "skipped_occurrence": .int64(0), "paused_until": .string(paused),
    ]
}

/// Small catalogues of the CLI's own texts, compiled once per test process. glibc binds the domain for
/// the whole process (the last binding wins), so each test makes its locale right before it renders.
private enum CLICatalogues {
    static let german = """
        msgid "next {time}"
        msgstr "nächster {time}"

        msgctxt "repeat"
        msgid "once"
        msgstr "einmal"

        msgid "in {minutes} min"
        msgstr "in {minutes} Min."

        msgid "in {hours} h {minutes} min"
        msgstr "in {hours} Std. {minutes} Min."

        msgid "rings {in} ({time})"
        msgstr "klingelt {in} ({time})"

        msgid "paused, rings again from {day}"
        msgstr "pausiert, klingelt wieder ab {day}"

        msgid "{minutes} min {seconds} s"
        msgstr "{minutes} Min. {seconds} s"

        msgctxt "history column"
        msgid "DUE"
        msgstr "FÄLLIG"

        msgctxt "history outcome"
        msgid "missed"
        msgstr "verpasst"

        msgctxt "history outcome"
        msgid "snoozed"
        msgstr "schlummert"

        msgid "{time} {label} ({in})"
        msgstr "{label} {time} ({in})"

        msgid "{time} {label} ({in}), {note}"
        msgstr "{label} {time} ({in}); {note}"

        msgctxt "unnamed alarm"
        msgid "Alarm"
        msgstr "Wecker"

        msgid "in {hours} h"
        msgstr "in {hours} Std."

        """
    static let french = """
        msgid "paused {count} alarm"
        msgid_plural "paused {count} alarms"
        msgstr[0] "{count} réveil mis en pause"
        msgstr[1] "{count} réveils mis en pause"

        msgid "left alone: {alarm}"
        msgstr "laissé tel quel : {alarm}"

        """

    static let directory = TestCatalogues.compile("cli-gettext", [
        ("de", TestCatalogues.germanicPlural, german), ("fr", TestCatalogues.frenchPlural, french),
    ])

    static func locale(_ name: String) -> UserLocale {
        UserLocale(environment: ["LANG": name], localeDirectory: directory, processLanguage: nil)
    }
}

@Suite(.enabled(if: UserLocale.processLanguage == nil, "LANGUAGE is set in the test's environment"))
struct CLITranslationTests {
    @Test func theCLocaleWritesWhatTheCLIAlwaysWrote() {
        let line = Output.alarmLine(alarm(next: mondaySeven), now: mondaySix, zone: .utc, locale: .english)
        #expect(line == "3f2b9c1e  07:00     once                         next Mon 2027-01-04 07:00 (in 1 h)  Work")
    }

    @Test func anAmericanListShowsTwelveHourTimes() throws {
        let american = UserLocale(translator: .english, timeStyle: try #require(TimeStyle(locale: "en_US.UTF-8")), variables: [:])
        let line = Output.alarmLine(alarm(time: "19:30", next: mondaySeven + 45_000), now: mondaySix, zone: .utc, locale: american)
        #expect(line.hasPrefix("3f2b9c1e  7:30 PM   once "))
        #expect(line.contains("next Mon 2027-01-04 7:30 PM"))
        #expect(Output.localTime(mondaySeven, zone: .utc, style: american.timeStyle) == "Mon 2027-01-04 7:00 AM")
    }

    @Test func aGermanListSpeaksGermanWithGermanWeekdays() {
        let german = CLICatalogues.locale("de_DE.UTF-8")
        let line = Output.alarmLine(alarm(next: tuesdaySeven), now: mondaySix.adding(seconds: 86_000), zone: .utc, locale: german)
        #expect(line == "3f2b9c1e  07:00     einmal                       nächster Di 2027-01-05 07:00 (in 1 Std. 7 Min.)  Work")
    }

    @Test func theChangeReportSaysWhenItRingsInTheLanguage() {
        let german = CLICatalogues.locale("de_DE.UTF-8")
        let clock = LocalNow(now: mondaySix.adding(seconds: -12 * 60), zone: .utc, locale: german)
        #expect(Output.ringsText(alarm(next: mondaySeven), at: clock) == "klingelt in 1 Std. 12 Min. (Mo 07:00)")
        let paused = alarm(next: tuesdaySeven, paused: "2027-01-05")
        #expect(Output.ringsText(paused, at: clock) == "pausiert, klingelt wieder ab Di 5. Jan; klingelt in 1 d 1 h (Di 07:00)")
        // English where the catalogue has no translation, in the locale's own time style.
        #expect(Output.ringsText(alarm(next: mondaySeven, enabled: false), at: clock) == "disabled")
    }

    @Test func pluralsFollowTheLanguage() {
        let french = CLICatalogues.locale("fr_FR.UTF-8").translator
        #expect(PauseEachReport(changed: 1).lines(verb: "paused", translator: french) == ["1 réveil mis en pause"])
        #expect(PauseEachReport(changed: 0).lines(verb: "paused", translator: french) == ["0 réveil mis en pause"])
        #expect(PauseEachReport(changed: 3, leftAlone: ["3f2b9c1e Work (ringing)"]).lines(verb: "paused", translator: french)
            == ["3 réveils mis en pause", "laissé tel quel : 3f2b9c1e Work (ringing)"])
    }

    @Test func historyTitlesAndWaitsAreTranslated() {
        let german = CLICatalogues.locale("de_DE.UTF-8").translator
        #expect(History.header(german).hasPrefix("FÄLLIG                   RANG      SNOOZES"))
        #expect(History.header(.english).hasPrefix("DUE                      RANG      SNOOZES"))
        #expect(HistoryWindow.waitText(250, translator: german) == "4 Min. 10 s")
        #expect(HistoryWindow.waitText(250, translator: .english) == "4 min 10 s")
    }

    @Test func historysColumnsWidenToTheirTranslationsSoThatRowsLineUp() {
        let german = CLICatalogues.locale("de_DE.UTF-8")
        let header = History.header(german.translator)
        for outcome in HistoryEntry.Outcome.allCases {
            let entry = HistoryEntry(alarmID: "3f2b9c1e-8d4a-4f6e-9b1a-2c7d5e8f0a13", label: "Work", due: mondaySix, rangAt: nil,
                                     dismissedAt: nil, snoozes: 0, wrongAnswers: 0, outcome: outcome)
            let line = History.line(entry, locale: german, zone: .utc)
            // The last column, ALARM, starts where its title does.
            #expect(line.firstRange(of: "3f2b9c1e")?.lowerBound.utf16Offset(in: line)
                    == header.firstRange(of: "ALARM")?.lowerBound.utf16Offset(in: header))
        }
        #expect(History.widths(.english) == [23, 8, 7, 9, 14, 5, 9, 5])
    }

    @Test func historysOutcomeIsAWordOfTheLanguageAndStaysRawInJSON() {
        let german = CLICatalogues.locale("de_DE.UTF-8")
        let entry = HistoryEntry(alarmID: "3f2b9c1e-8d4a-4f6e-9b1a-2c7d5e8f0a13", label: "Work", due: mondaySix, rangAt: nil,
                                 dismissedAt: nil, snoozes: 0, wrongAnswers: 0, outcome: .missed)
        // "schlummert" is wider than OUTCOME's English 9 columns: the column widens for every row.
        #expect(History.line(entry, locale: german, zone: .utc).contains("  verpasst    3f2b9c1e Work"))
        #expect(History.line(entry, locale: .english, zone: .utc).contains("  missed     3f2b9c1e Work"))
        #expect(History.json(entry).contains("\"outcome\":\"missed\""))
        for outcome in HistoryEntry.Outcome.allCases { #expect(History.outcome(outcome).english == outcome.rawValue) }
    }

    @Test func nextsDefaultLineFollowsTheLanguageAndItsFormatDoesNot() throws {
        let german = CLICatalogues.locale("de_DE.UTF-8")
        let clock = LocalNow(now: mondaySix, zone: .utc, locale: german)
        let work = NextAlarm(id: "3f2b", label: "Work", fire: Instant(secondsSinceEpoch: mondaySeven))
        #expect(work.line(Next.defaultFormat, at: clock) == "Work Mo 07:00 (in 1 Std.)")
        #expect(work.line("{time} {label} ({in})!", at: clock) == "Mon 07:00 Work (in 1 h)!")
        let unnamed = NextAlarm(id: "3f2b", label: "", fire: Instant(secondsSinceEpoch: mondaySeven))
        #expect(unnamed.line(Next.defaultFormat, at: clock) == "Wecker Mo 07:00 (in 1 Std.)")
        #expect(unnamed.line("{label}", at: clock) == "Alarm")
        var skipped = try #require(NextAlarm(from: [alarm(next: tuesdaySeven)]))
        skipped.skippedOccurrence = mondaySeven
        #expect(skipped.line(Next.defaultFormat, at: clock).hasPrefix("Work Di 07:00 (in 1 d 1 h); "))
        #expect(skipped.line(Next.defaultFormat, at: clock.inEnglish) == "Tue 07:00 Work (in 1 d 1 h), skips Mon 07:00")
    }

    @Test func nextKeepsItsPlaceholdersAsTheyWereInEveryLocale() {
        #expect(LocalNow.placeholders().locale.timeStyle == .posix)
        let next = NextAlarm(id: "3f2b", label: "Work", fire: Instant(secondsSinceEpoch: mondaySeven))
        let clock = LocalNow(now: mondaySix, zone: .utc, locale: .english)
        #expect(next.line(Next.defaultFormat, at: clock) == "Mon 07:00 Work (in 1 h)")
    }
}
