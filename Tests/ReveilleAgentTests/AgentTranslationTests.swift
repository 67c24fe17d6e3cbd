import DBus
import Gettext
import Glibc
import LinuxEvents
import ReveilleAPI
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleText
import ReveilleTime
import SQLite
import Testing

/// 2027-01-04 (a Monday) 06:00:00 UTC.
private let mondaySix = Instant(secondsSinceEpoch: 1_799_042_400)

/// A German catalogue of a few of the agent's texts, compiled once per test process.
private enum AgentCatalogue {
    static let directory = TestCatalogues.compile("agent-gettext", [("de", TestCatalogues.germanicPlural, entries)])

    static let entries = """
        msgctxt "menu"
        msgid "Skip next"
        msgstr "Nächstes auslassen"

        msgctxt "menu"
        msgid "Pause for a week"
        msgstr "Eine Woche pausieren"

        msgid "Check this machine…"
        msgstr "Diesen Rechner prüfen…"

        msgid "in {hours} h"
        msgstr "in {hours} Std."

        msgid "skips {time}"
        msgstr "überspringt {time}"

        msgid "paused, rings again from {day}"
        msgstr "pausiert, klingelt wieder ab {day}"

        msgid "{pause}; {skip}"
        msgstr "{pause}; {skip}"

        msgid "{label}: {note}"
        msgstr "{label}: {note}"

        msgid "{time} · will wake this machine"
        msgstr "{time} · weckt diesen Rechner"

        msgid "Your alarms database was moved aside"
        msgstr "Die Weckerdatenbank wurde beiseitegelegt"

        msgid "{reason}. Reveille started a new, empty one: restore the old file or add your alarms again. 'reveille doctor' says more."
        msgstr "{reason}. Reveille hat eine neue, leere angelegt: Stellen Sie die alte Datei wieder her oder legen Sie Ihre Wecker neu an. »reveille doctor« sagt mehr."

        msgid "no alarm with id '{id}'"
        msgstr "kein Wecker mit der Kennung '{id}'"

        msgid "{time} · cannot wake this machine"
        msgstr "{time} · kann diesen Rechner nicht wecken"

        msgid "Reveille cannot wake this machine from suspend: {reason}. An alarm rings only once the machine is awake: keep it awake overnight."
        msgstr "Reveille kann diesen Rechner nicht aus dem Bereitschaftsmodus wecken: {reason}. Ein Wecker klingelt erst, wenn der Rechner wach ist: Lassen Sie ihn über Nacht an."

        msgid "Type: {words}"
        msgstr "Tippen Sie: {words}"

        msgid "{label} is ringing"
        msgstr "{label} klingelt"

        msgctxt "unnamed alarm"
        msgid "Alarm"
        msgstr "Wecker"

        msgctxt "button"
        msgid "Snooze"
        msgstr "Schlummern"

        msgid "No sound: the sound server is not answering"
        msgstr "Kein Ton: Der Tonserver antwortet nicht"

        msgctxt "notice button"
        msgid "Undo"
        msgstr "Rückgängig"

        msgid "{label}: the next occurrence is skipped"
        msgstr "{label}: das nächste Klingeln entfällt"

        msgid "the session may not set wake alarms, and the wake helper cannot be reached ({reason})"
        msgstr "die Sitzung darf keine Weckzeiten setzen, und der Weckhelfer ist nicht erreichbar ({reason})"

        msgid "there is no system bus"
        msgstr "es gibt keinen Systembus"

        msgid "A hook from [hooks] in reveille.conf failed ({reason}); alarms ring all the same. Its output is in the agent's log (journalctl --user -u reveille): fix the command, and the note goes once that hook runs fine."
        msgstr "Ein Hook ist fehlgeschlagen ({reason})."

        msgid "'{name}' exited with status {status}"
        msgstr "'{name}' endete mit Status {status}"

        msgid "The configuration file has an error ({reason}), so the agent ignores the whole file and runs with every key at its default: alarms ring, but not as configured. Fix the line and restart the agent (systemctl --user restart reveille)."
        msgstr "Die Konfiguration hat einen Fehler ({reason})."

        msgid "a section header must end with ']'"
        msgstr "ein Abschnittskopf muss mit ']' enden"

        msgid "The alarm database {path} can only be read ({reason}): alarms ring from what it holds, and a solved challenge still stops them, but changes are kept in memory only until it can be written, and lost if the agent stops first. A file system remounted read-only after disk errors needs checking (dmesg, fsck) and remounting read-write; Reveille notices by itself."
        msgstr "Die Weckerdatenbank {path} ist nur lesbar ({reason})."

        msgid "the file system that holds it is read-only"
        msgstr "ihr Dateisystem ist schreibgeschützt"

        msgid "the alarm database was unreadable ({error}); it was moved to {path}"
        msgstr "die Weckerdatenbank war unlesbar ({error}); sie liegt jetzt unter {path}"

        msgid "These stored alarms cannot be read by this version and will not ring: {alarms}. They stay in the database untouched: add them again, or run the Reveille version that wrote them. The other alarms are not affected."
        msgstr "Diese Wecker sind unlesbar: {alarms}."

        msgid "its next ring time is out of range"
        msgstr "ihre nächste Klingelzeit liegt außerhalb des Bereichs"

        """

    static var german: UserLocale {
        UserLocale(environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "de"], localeDirectory: directory, processLanguage: nil)
    }
}

private func daily(_ label: String, at hour: Int) -> Alarm {
    Alarm(id: AlarmID("00000000-0000-4000-8000-000000000001")!, time: WallTime(hour: hour, minute: 0)!,
          repeatDays: Set(Weekday.allCases), label: label)
}

/// A notifier that keeps the notices it is given, as a notification server would show them.
private final class NoticeCollector: AlarmNotifier, @unchecked Sendable {
    var notices: [(summary: Message, body: Message)] = []
    func show(_ id: AlarmID, _ notification: RingNotification, onAction: @escaping @Sendable (String) -> Void) {}
    func close(_ id: AlarmID) {}
    func withdrawAll() async {}
    func notice(summary: Message, body: Message) { notices.append((summary, body)) }
    func notice(summary: Message, body: Message, action: NoticeAction) { notices.append((summary, body)) }
}

/// The agent's own texts in the session's language: the tray's menu and tooltip and its notices.
@Suite struct AgentTranslationTests {
    @Test func theTraysMenuAndTooltipSpeakTheSessionsLanguage() {
        let locale = AgentCatalogue.german
        #expect(locale.language == "de")
        let snapshot = AlarmSnapshot(alarm: daily("Aufstehen", at: 7), nextFire: mondaySix.adding(seconds: 3600),
                                     snoozeCount: 0, ringing: false)
        let items = TrayMenu.items(alarms: [snapshot], now: mondaySix, zone: .utc, locale: locale)
        #expect(items.map(\.label) == ["Mo 07:00 · Aufstehen · in 1 Std.", "", "Diesen Rechner prüfen…"])
        #expect(items[0].children.map(\.label) == ["Nächstes auslassen", "Eine Woche pausieren"])
        let facts = TrayFacts(alarms: [snapshot], wake: WakeStatus(waker: .agent), blocking: [], now: mondaySix, zone: .utc)
        #expect(TrayLook(facts, locale: locale).title == "Mo 07:00 · weckt diesen Rechner")
        let sleeping = TrayFacts(alarms: [snapshot], wake: WakeStatus(waker: .nothing(.turnedOff)), blocking: [], now: mondaySix,
                                 zone: .utc)
        #expect(TrayLook(sleeping, locale: locale).title == "Mo 07:00 · kann diesen Rechner nicht wecken")
        #expect(TrayLook(sleeping, locale: locale).body.hasSuffix(
            "Reveille kann diesen Rechner nicht aus dem Bereitschaftsmodus wecken: wake_from_suspend = no in reveille.conf. Ein Wecker klingelt erst, wenn der Rechner wach ist: Lassen Sie ihn über Nacht an."))
        // The same facts under C: English, as before translations.
        #expect(TrayLook(facts).title == "Mon 07:00 · will wake this machine")
    }

    @Test func anUnnamedAlarmIsNamedInTheSessionsLanguageInTheTray() {
        let locale = AgentCatalogue.german
        let unnamed = AlarmSnapshot(alarm: daily("", at: 7), nextFire: mondaySix.adding(seconds: 3600), snoozeCount: 0, ringing: false)
        #expect(TrayMenu.items(alarms: [unnamed], now: mondaySix, zone: .utc, locale: locale)[0].label == "Mo 07:00 · Wecker · in 1 Std.")
        var ringing = unnamed
        ringing.ringing = true
        let facts = TrayFacts(alarms: [ringing], wake: WakeStatus(waker: .agent), blocking: [], now: mondaySix, zone: .utc)
        #expect(TrayLook(facts, locale: locale).title == "Wecker klingelt")
        #expect(locale.translator(Tray.confirmation(.skip, of: unnamed.alarm.displayName, style: locale.timeStyle))
            == "Wecker: das nächste Klingeln entfällt")
        #expect(TrayLook(facts).title == "Alarm is ringing")
    }

    @Test func theTraysSkipAndPauseNoteIsTranslatedWithTheLocalesDates() {
        var held = AlarmSnapshot(alarm: daily("Aufstehen", at: 7), nextFire: mondaySix.adding(seconds: 25 * 3600),
                                 snoozeCount: 0, ringing: false, skippedOccurrence: mondaySix.adding(seconds: 3600))
        held.alarm.skippedOccurrence = LocalDateTime(date: CivilDate(year: 2027, month: 1, day: 4)!, time: WallTime(hour: 7, minute: 0)!)
        held.alarm.pausedUntil = CivilDate(year: 2027, month: 1, day: 5)
        let label = TrayMenu.items(alarms: [held], now: mondaySix, zone: .utc, locale: AgentCatalogue.german)[0].label
        #expect(label.hasSuffix(" · pausiert, klingelt wieder ab Di 5. Jan; überspringt Mo 07:00"))
    }

    @Test func aRingingNotificationIsRenderedInTheLocaleOfEachPost() {
        let ringing = Ringing(
            notification: RingNotification(summary: Message("{label} is ringing", ["label": "Aufstehen"]), body: .verbatim("07:00"),
                                           snoozeLabel: Message(context: "button", "Snooze")),
            soundProblem: [LiveSound.silentNotice], onAction: { _ in })
        // One entry, posted under German and reposted after the session went back to C (or the reverse).
        let german = ringing.content(AgentCatalogue.german), english = ringing.content(.english)
        #expect(german.summary == "Aufstehen klingelt")
        #expect(german.body == "07:00\nKein Ton: Der Tonserver antwortet nicht")
        #expect(german.actions.first?.label == "Schlummern")
        #expect(english.summary == "Aufstehen is ringing")
        #expect(english.body == "07:00\nNo sound: the sound server is not answering")
        #expect(english.actions.map(\.label) == ["Snooze", "Dismiss", "Dismiss"])
    }

    @Test func aNoticeOfTheAgentSpeaksTheSessionsLanguage() throws {
        var template = Array("/tmp/reveille-notice-XXXXXX".utf8CString)
        let directory = String(cString: try #require(mkdtemp(&template)))
        defer { _ = system("rm -rf '\(directory)'") }
        let path = directory + "/alarms.db"
        let database = AlarmDatabase(path: path, reason: "a test")
        database.attach(try SQLiteAlarmStore(path: path), movedAside: .verbatim("the alarm database was unreadable (corrupt)"))
        let notifier = NoticeCollector()
        DatabaseRetry(path: path, environment: [:]).report(database, to: notifier)
        let german = AgentCatalogue.german.translator
        #expect(notifier.notices.map { german($0.summary) } == ["Die Weckerdatenbank wurde beiseitegelegt"])
        #expect(notifier.notices.first.map { german($0.body) }?.hasPrefix("the alarm database was unreadable (corrupt). Reveille hat eine neue") == true)
        #expect(notifier.notices.map(\.summary.english) == ["Your alarms database was moved aside"])

        let confirmation = Tray.confirmation(.skip, of: .verbatim("Aufstehen"), style: AgentCatalogue.german.timeStyle)
        #expect(AgentCatalogue.german.translator(confirmation) == "Aufstehen: das nächste Klingeln entfällt")
        #expect(confirmation.english == "Aufstehen: the next occurrence is skipped")
    }

    /// The reasons inside Preflight's sentences are rendered with the sentence: a hook's failure (its
    /// exit status as it comes), the configuration's error (its FILE:LINE as it is), the read-only
    /// database's and the moved-aside database's reasons, the wake helper's.
    @Test func preflightsReasonsSpeakTheSessionsLanguageWithTheirSentences() throws {
        let german = AgentCatalogue.german.translator
        guard case .failed(let hook) = LiveHooks.outcome(of: "lights", .exited(3), timedOut: false, timeLimit: .seconds(60)) else {
            Issue.record("a hook that exited 3 succeeded")
            return
        }
        let hookFailure = Message("{key}: {problem}", ["key": "on_ring"], messages: ["problem": hook])
        #expect(german(PreflightNotes.message(for: "hook-failed", hookFailure: hookFailure))
            == "Ein Hook ist fehlgeschlagen (on_ring: 'lights' endete mit Status 3).")
        #expect(PreflightNotes.message(for: "hook-failed", hookFailure: hookFailure).english
            .hasPrefix("A hook from [hooks] in reveille.conf failed (on_ring: 'lights' exited with status 3); alarms"))

        let configError = try #require(#expect(throws: ConfigError.self) { try AgentConfig.parse("[agent\n", file: "/x/reveille.conf") })
        #expect(german(PreflightNotes.message(for: "config-invalid", configProblem: configError.located))
            == "Die Konfiguration hat einen Fehler (/x/reveille.conf:1: ein Abschnittskopf muss mit ']' enden).")
        #expect(configError.located.english == configError.description)

        var database = DatabaseHealth(path: "/x/alarms.db")
        database.readOnly = DatabaseOpener.readOnlyReason(SQLiteError(code: 8, extendedCode: 8, message: "readonly", systemErrno: EROFS),
                                                          path: "/x/alarms.db")
        #expect(german(PreflightNotes.message(for: "database-read-only", database: database))
            == "Die Weckerdatenbank /x/alarms.db ist nur lesbar (ihr Dateisystem ist schreibgeschützt).")
        #expect(PreflightNotes.message(for: "database-read-only", database: database).english
            .hasPrefix("The alarm database /x/alarms.db can only be read (the file system that holds it is read-only): alarms"))

        let unreachable = WakeStatus(waker: .nothing(.unreachable(Message("there is no system bus"))))
        #expect(PreflightNotes.unavailableMessage(unreachable).map(german.callAsFunction)?.contains(
            "die Sitzung darf keine Weckzeiten setzen, und der Weckhelfer ist nicht erreichbar (es gibt keinen Systembus)") == true)
    }

    @Test func unreadableAlarmsSayWhyInTheSessionsLanguage() {
        var database = DatabaseHealth(path: "/x/alarms.db")
        database.unreadableAlarms = [UnreadableAlarm(id: "0badbad0", reason: Message("its next ring time is out of range")),
                                     UnreadableAlarm(id: "0badbad1", reason: Message("its challenge '{challenge}' cannot be read", ["challenge": "x"]))]
        let message = PreflightNotes.message(for: "alarm-unreadable", database: database)
        #expect(AgentCatalogue.german.translator(message)
            == "Diese Wecker sind unlesbar: 0badbad0 (ihre nächste Klingelzeit liegt außerhalb des Bereichs), 0badbad1 (its challenge 'x' cannot be read).")
        #expect(message.english.contains(
            "will not ring: 0badbad0 (its next ring time is out of range), 0badbad1 (its challenge 'x' cannot be read). They stay"))
    }

    @Test func aDatabaseMovedAsideSaysWhyInTheSessionsLanguage() throws {
        var template = Array("/tmp/reveille-moved-XXXXXX".utf8CString)
        let directory = String(cString: try #require(mkdtemp(&template)))
        defer { _ = system("rm -rf '\(directory)'") }
        let path = directory + "/alarms.db"
        guard let file = fopen(path, "w") else { Issue.record("cannot write \(path)"); return }
        fputs("not a database, and long enough that SQLite reads its header", file)
        fclose(file)
        guard case .opened(let store, let moved?) = DatabaseOpener.open(path) else {
            Issue.record("the corrupt file was not moved aside")
            return
        }
        store.close()
        #expect(AgentCatalogue.german.translator(moved).hasPrefix("die Weckerdatenbank war unlesbar ("))
        #expect(moved.english.hasPrefix("the alarm database was unreadable ("))
    }

    @Test func anErrorSentToAClientSpeaksTheSessionsLanguageUnderTheSameName() async throws {
        let fakes = FakeWorld(now: mondaySix)
        let core = AgentCore(world: fakes.world, config: AgentConfig(), words: WordLists(english: ["apple"]))
        try await core.load()
        for (locale, text) in [(AgentCatalogue.german, "kein Wecker mit der Kennung 'x'"), (UserLocale.english, "no alarm with id 'x'")] {
            let service = ManagerService(core: core, version: "test", locale: { locale })
            let remove = try #require(service.interface.methods.first { $0.name == BusMethod.removeAlarm.name })
            let call = MethodCall(sender: ":1.7", path: BusNames.path, interface: BusNames.manager, member: remove.name,
                                  arguments: [.string("x")])
            let error = await #expect(throws: DBusError.self) { _ = try await remove.handler(call) }
            #expect(error?.name == AgentError.notFound("x").dbusError.name)
            #expect(error?.message == text)
        }
    }

    @Test func aChallengesPromptIsSentInTheSessionsLanguage() async throws {
        let fakes = FakeWorld(now: mondaySix)
        let core = AgentCore(world: fakes.world, config: AgentConfig(), words: WordLists(english: ["apple"]), random: .seeded(3))
        try await core.load()
        await core.resume()
        let service = ManagerService(core: core, version: "test", locale: { AgentCatalogue.german })
        let methods = Dictionary(uniqueKeysWithValues: service.interface.methods.map { ($0.name, $0) })
        func call(_ method: BusMethod, _ arguments: [Value]) async throws -> [Value] {
            try await methods[method.name]!.handler(MethodCall(sender: ":1.7", path: BusNames.path, interface: BusNames.manager,
                                                               member: method.name, arguments: arguments))
        }
        let added = try await call(.addAlarm, [.vardict(["in_seconds": .int64(600), "challenges": .array("s", [.string("typing:1")])])])
        let id = try #require(added.first?.stringValue)
        _ = try await call(.trigger, [.string(id)])
        let view = try await call(.beginChallenge, [.string(id)])
        #expect(view.first?.vardictValue?["prompt"]?.stringValue == "Tippen Sie: apple")
        let again = try await call(.getChallenge, [.string(id)])
        #expect(again.first?.vardictValue?["prompt"]?.stringValue == "Tippen Sie: apple")
    }

    /// The tray says what `reveille list` says (`Output.skipPauseText`, tested on the same facts in
    /// ReveilleCLITests' SkipPauseTextTests): both are `SkipPauseNote`.
    @Test func theTraySaysSkipsAndPausesInTheCLIsWords() {
        var held = AlarmSnapshot(alarm: daily("Gym", at: 7), nextFire: mondaySix.adding(seconds: 25 * 3600),
                                 snoozeCount: 0, ringing: false, skippedOccurrence: mondaySix.adding(seconds: 3600))
        held.alarm.pausedUntil = CivilDate(year: 2027, month: 1, day: 5)
        let note = TrayMenu.heldNote(held, now: mondaySix, zone: .utc, style: .posix)
        #expect(note == SkipPauseNote.message(pausedUntil: held.alarm.pausedUntil, skipped: held.skippedOccurrence,
                                              nextFire: held.nextFire, snoozed: false, now: mondaySix, zone: .utc, style: .posix))
        #expect(note?.english == "paused, rings again from Tue 5 Jan; skips Mon 07:00")
    }
}
