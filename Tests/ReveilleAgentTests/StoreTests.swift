import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleText
import ReveilleTime
import SQLite
import Testing

@Suite struct StoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-store-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    var path: String { directory + "/alarms.db" }

    func alarm(id: String = "12345678-1234-4234-8234-123456789abc", label: String = "Ünïcode ⏰") -> Alarm {
        Alarm(id: AlarmID(id)!, time: WallTime(hour: 6, minute: 30, second: 15)!,
              date: CivilDate(year: 2027, month: 3, day: 1), label: label, sound: "/tmp/x.oga", volume: 0.25,
              isEnabled: false, snooze: SnoozePolicy(minutes: 7, maxSnoozes: .unlimited),
              challenges: [
                Challenge(id: ChallengeID("a"), params: .math(difficulty: .hard, timeLimit: 45), orderIndex: 0),
                Challenge(id: ChallengeID("b"), params: .qr(expected: "K 1"), orderIndex: 1),
                Challenge(id: ChallengeID("c"), params: .typing(words: 3), orderIndex: 2),
              ], wakeCheckMinutes: 12,
              skippedOccurrence: LocalDateTime(date: CivilDate(year: 2027, month: 3, day: 1)!, time: WallTime(hour: 6, minute: 30, second: 15)!),
              pausedUntil: CivilDate(year: 2027, month: 2, day: 20))
    }

    @Test func anAlarmSurvivesReopeningWithEveryField() throws {
        try SQLiteAlarmStore(path: path).save(alarm(), nextFire: Instant(secondsSinceEpoch: 1234))
        let state = try SQLiteAlarmStore(path: path).load()
        #expect(state.alarms == [alarm()])
        #expect(state.nextFires == [alarm().id: Instant(secondsSinceEpoch: 1234)])
    }

    /// The agent's start reads the alarms once: the read that proves the file readable is the one the core loads.
    @Test func theFirstLoadAfterOpeningIsTheOpeningsOwnReadAndLaterLoadsReadAgain() throws {
        try SQLiteAlarmStore(path: path).save(alarm(), nextFire: nil)
        let store = try SQLiteAlarmStore(path: path)
        // Changed behind the store's back, which no program does while the agent holds its lock:
        // the first load shows what the opening read, the next one reads the file.
        try Database(path: path).execute("DELETE FROM alarm")
        #expect(try store.load().alarms == [alarm()])
        #expect(try store.load().alarms.isEmpty)
    }

    @Test func aWriteAfterOpeningMakesTheFirstLoadReadTheFile() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(), nextFire: nil)
        #expect(try store.load().alarms == [alarm()])
    }

    @Test func aNotificationsNumberAndItsServerSurviveReopeningAndAreReplacedThenForgotten() throws {
        let id = alarm().id
        try SQLiteAlarmStore(path: path).remember(PostedNotification(alarm: id, number: 7, server: ":1.42"))
        let reopened = try SQLiteAlarmStore(path: path)
        #expect(try reopened.posted() == [PostedNotification(alarm: id, number: 7, server: ":1.42")])
        try reopened.remember(PostedNotification(alarm: id, number: 4_000_000_000, server: ":1.99"))
        #expect(try reopened.posted() == [PostedNotification(alarm: id, number: 4_000_000_000, server: ":1.99")])
        try reopened.forget(id)
        #expect(try reopened.posted().isEmpty)
    }

    @Test func anOpenRunAndItsSessionSurviveReopeningAndAFinishedRunLeavesTheOpenSet() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(), nextFire: nil)
        var run = AlarmRun(alarmId: alarm().id, startedAt: Instant(secondsSinceEpoch: 100))
        ApplyRunEvent().reduce(run: &run, event: .snoozed(until: Instant(secondsSinceEpoch: 400), at: Instant(secondsSinceEpoch: 100)))
        ApplyRunEvent().reduce(run: &run, event: .alarmFired(at: Instant(secondsSinceEpoch: 400)))
        ApplyRunEvent().reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("a"), at: Instant(secondsSinceEpoch: 401)))
        let problem = MathProblem(a: 7, b: 12, op: .times, tail: .init(op: .minus, c: 45))
        let session = ChallengeSession(index: 0, prompt: .math(problem), startedAt: Instant(secondsSinceEpoch: 401),
                                       deadline: Instant(secondsSinceEpoch: 446), attempts: 2, consecutiveFailures: 1,
                                       lastFailureAt: Instant(secondsSinceEpoch: 420))
        try store.save(run, session: session)

        let reopened = try SQLiteAlarmStore(path: path).load()
        #expect(reopened.openRuns == [run])
        #expect(reopened.sessions == [alarm().id: session])

        ApplyRunEvent().reduce(run: &run, event: .dismissalCompleted(at: Instant(secondsSinceEpoch: 500)))
        try store.save(run, session: nil)
        #expect(try SQLiteAlarmStore(path: path).load().openRuns.isEmpty)
    }

    @Test func aRunWaitingOnItsWakeCheckSurvivesReopeningWithTheCheck() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(), nextFire: nil)
        var run = AlarmRun(alarmId: alarm().id, startedAt: Instant(secondsSinceEpoch: 100))
        ApplyRunEvent().reduce(run: &run, event: .wakeCheckStarted(due: Instant(secondsSinceEpoch: 820)))
        try store.save(run, session: nil)
        let reopened = try SQLiteAlarmStore(path: path).load()
        #expect(reopened.openRuns == [run])
        #expect(reopened.openRuns.first?.wakeCheckDue == Instant(secondsSinceEpoch: 820))
        #expect(reopened.alarms.first?.wakeCheckMinutes == 12)
    }

    @Test func anAlarmsLastOccurrenceSurvivesReopeningIsReplacedByTheNextAndGoesWithTheAlarm() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(), nextFire: nil)
        try store.record(.missed(Instant(secondsSinceEpoch: 1000)), of: alarm().id)
        #expect(try SQLiteAlarmStore(path: path).load().lastOccurrences == [alarm().id: .missed(Instant(secondsSinceEpoch: 1000))])
        try store.record(.rang(Instant(secondsSinceEpoch: 1000)), of: alarm().id)
        #expect(try SQLiteAlarmStore(path: path).load().lastOccurrences == [alarm().id: .rang(Instant(secondsSinceEpoch: 1000))])
        try store.delete(alarm().id)
        #expect(try SQLiteAlarmStore(path: path).load().lastOccurrences.isEmpty)
    }

    @Test func aDatabaseOfTheFirstSchemaKeepsItsAlarmsAndGainsLastOccurrences() throws {
        do {
            let old = try Database(path: path)
            _ = try old.migrate(Array(Schema.migrations.prefix(1)))
            try old.execute("""
                INSERT INTO alarm (id, time, repeat, label, sound, volume, enabled, snooze_minutes, max_snoozes, next_fire)
                VALUES ('\(alarm().id.rawValue)', '07:00:00', 'mon', 'Old', 'bell', 1.0, 1, 5, 3, 4242)
                """)
        }
        let store = try SQLiteAlarmStore(path: path)
        #expect(try store.load().nextFires == [alarm().id: Instant(secondsSinceEpoch: 4242)])
        try store.record(.rang(Instant(secondsSinceEpoch: 4242)), of: alarm().id)
        #expect(try store.load().lastOccurrences[alarm().id] == .rang(Instant(secondsSinceEpoch: 4242)))
    }

    @Test func aDatabaseOfSchema10KeepsItsAlarmsWithoutSkipOrPauseAndThenStoresThem() throws {
        do {
            let old = try Database(path: path)
            _ = try old.migrate(Array(Schema.migrations.prefix(10)))
            try old.execute("""
                INSERT INTO alarm (id, time, repeat, label, sound, volume, enabled, snooze_minutes, max_snoozes, next_fire, wake_check)
                VALUES ('\(alarm().id.rawValue)', '07:00:00', 'mon', 'Old', 'bell', 1.0, 1, 5, 3, 4242, 0)
                """)
        }
        let store = try SQLiteAlarmStore(path: path)
        let loaded = try store.load().alarms
        #expect(loaded.map(\.label) == ["Old"])
        #expect(loaded.first?.skippedOccurrence == nil && loaded.first?.pausedUntil == nil)
        var alarm = try #require(loaded.first)
        alarm.skippedOccurrence = LocalDateTime(date: CivilDate(year: 2027, month: 3, day: 29)!, time: WallTime(hour: 7, minute: 0)!)
        alarm.pausedUntil = CivilDate(year: 2027, month: 3, day: 22)
        try store.save(alarm, nextFire: nil)
        #expect(try SQLiteAlarmStore(path: path).load().alarms == [alarm])
        alarm.skippedOccurrence = nil
        alarm.pausedUntil = nil
        try store.save(alarm, nextFire: nil)
        try store.record(.skipped(Instant(secondsSinceEpoch: 1_806_303_600)), of: alarm.id)
        let reopened = try SQLiteAlarmStore(path: path).load()
        #expect(reopened.alarms == [alarm])
        #expect(reopened.lastOccurrences == [alarm.id: .skipped(Instant(secondsSinceEpoch: 1_806_303_600))])
    }

    @Test func aStoredSkipOrPauseThatIsNotADateIsAnUnreadableRow() throws {
        try SQLiteAlarmStore(path: path).save(alarm(), nextFire: nil)
        try Database(path: path).execute("UPDATE alarm SET skipped_occurrence = '2027-02-30T07:00:00'")
        let state = try SQLiteAlarmStore(path: path).load()
        #expect(state.alarms.isEmpty)
        #expect(state.unreadable.map(\.id) == [alarm().id.rawValue])
    }

    @Test func aDatabaseWithTheV1QRColumnLosesItAndKeepsItsAlarms() throws {
        do {
            let old = try Database(path: path)
            _ = try old.migrate(Array(Schema.migrations.prefix(3)))
            try old.execute("""
                INSERT INTO alarm (id, time, repeat, label, sound, volume, enabled, snooze_minutes, max_snoozes, expected_qr, next_fire)
                VALUES ('\(alarm().id.rawValue)', '07:00:00', 'mon', 'Old', 'bell', 1.0, 1, 5, 3, NULL, 4242)
                """)
        }
        let loaded = try SQLiteAlarmStore(path: path).load()
        #expect(loaded.alarms.map(\.label) == ["Old"])
        #expect(loaded.nextFires == [alarm().id: Instant(secondsSinceEpoch: 4242)])
        let columns = try Database(path: path).prepare("SELECT name FROM pragma_table_info('alarm')")
        var names: [String] = []
        while try columns.step() { names.append(columns.string(at: 0)) }
        #expect(!names.isEmpty)
        #expect(!names.contains("expected_qr"))
    }

    @Test func everyPromptKindRoundTripsThroughItsText() {
        let prompts: [ChallengePrompt] = [
            .math(MathProblem(a: 40, b: 12, op: .minus)), .math(MathProblem(a: 6, b: 15, op: .times, tail: .init(op: .plus, c: 99))),
            .typing(words: ["apple", "river"]), .code,
        ]
        for prompt in prompts { #expect(PromptCodec.decode(PromptCodec.encode(prompt)) == prompt) }
        #expect(PromptCodec.decode("math 1 ? 2") == nil)
        #expect(PromptCodec.decode("") == nil)
    }

    @Test func anUnreadableDatabaseIsMovedAsideWithItsBytesAndAFreshOneOpens() throws {
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: path))
        guard case .opened(let store, let movedAside) = DatabaseOpener.open(path) else {
            Issue.record("a corrupt database was not replaced by a fresh one")
            return
        }
        #expect(movedAside != nil)
        #expect(try store.load().alarms.isEmpty)
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("alarms.db.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(moved.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + moved[0])) == garbage)
    }

    @Test func aCorruptDatabaseOpenedBeforeTheBusIsLeftExactlyAsItIs() throws {
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: path))
        guard case .corrupt(let reason) = DatabaseOpener.open(path, movingAsideCorrupt: false) else {
            Issue.record("a corrupt database was not reported as corrupt")
            return
        }
        #expect(reason.contains("corrupt"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!names.contains { $0.contains("corrupt") })
        // The agent on its bus opens it again, moving it aside.
        guard case .opened(_, let movedAside?) = DatabaseOpener.open(path) else {
            Issue.record("the corrupt database was not moved aside on the second opening")
            return
        }
        #expect(movedAside.english.contains("moved to"))
    }

    /// An existing file of no bytes is no first run: SQLite would make a new database of it and
    /// every alarm would be gone unsaid. It is moved aside as a corrupt file is, and said so.
    @Test func anEmptyDatabaseFileIsMovedAsideNotTakenForANewDatabase() throws {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        guard case .corrupt(let reason) = DatabaseOpener.open(path, movingAsideCorrupt: false) else {
            Issue.record("an empty database was not reported")
            return
        }
        #expect(reason.contains("empty"))
        guard case .opened(let store, let movedAside?) = DatabaseOpener.open(path) else {
            Issue.record("an empty database was not moved aside")
            return
        }
        #expect(movedAside.english.contains("empty file (0 bytes)") && movedAside.english.contains("alarms.db.corrupt-"))
        #expect(try store.load().alarms.isEmpty)
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("alarms.db.corrupt-") }
        #expect(moved.count == 1)
        // A missing file is a first run, and says nothing.
        let fresh = directory + "/fresh.db"
        guard case .opened(_, nil) = DatabaseOpener.open(fresh) else {
            Issue.record("a first run was reported")
            return
        }
    }

    @Test func aFileSystemWithNoRoomOrNoWritesIsNamedForWhatItIs() {
        let ioError = SQLiteError(code: 10, extendedCode: 4874, message: "disk I/O error", systemErrno: ENOSPC)
        #expect(DatabaseOpener.readOnlyReason(ioError, path: path) == ReadOnlyDatabase(reason: Message("the disk is full"), diskFull: true))
        let readOnly = SQLiteError(code: 14, extendedCode: 14, message: "open x: Read-only file system", systemErrno: EROFS)
        #expect(DatabaseOpener.readOnlyReason(readOnly, path: path).reason.english.contains("read-only"))
        #expect(DatabaseOpener.readOnlyReason(readOnly, path: path).diskFull == false)
    }

    @Test func onlyWhatSQLiteCallsCorruptIsMovedAside() {
        // Primary result codes: BUSY 5, LOCKED 6, IOERR 10, CORRUPT 11, FULL 13, CANTOPEN 14, NOTADB 26.
        for code: Int32 in [11, 26] {
            #expect(DatabaseOpener.isCorruption(SQLiteError(code: code, extendedCode: code, message: "")))
        }
        for code: Int32 in [5, 6, 10, 13, 14] {
            #expect(!DatabaseOpener.isCorruption(SQLiteError(code: code, extendedCode: code, message: "")))
        }
        #expect(DatabaseOpener.isCorruption(StoreError("quick_check failed", isCorruption: true)))
        #expect(!DatabaseOpener.isCorruption(StoreError("closed")))
        #expect(!DatabaseOpener.isCorruption(SchemaVersionError.newerThanKnown(found: 9, known: 1)))
    }

    @Test func aDatabaseLockedByAnotherProgramIsLeftInPlaceAndReportedUnavailable() throws {
        let alarm = alarm()
        try SQLiteAlarmStore(path: path).save(alarm, nextFire: nil)
        let holder = try Database(path: path)
        try holder.execute("BEGIN EXCLUSIVE")
        guard case .unavailable(let reason) = DatabaseOpener.open(path) else {
            Issue.record("a locked database was opened or moved aside")
            return
        }
        #expect(reason.contains("locked"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!names.contains { $0.contains("corrupt") })
        try holder.execute("COMMIT")
        guard case .opened(let store, nil) = DatabaseOpener.open(path) else {
            Issue.record("the database did not open once the lock was released")
            return
        }
        #expect(try store.load().alarms == [alarm])
    }

    @Test func aRowThatCannotBeDecodedIsSkippedAndReportedAndTheOthersLoad() throws {
        let good = alarm()
        let bad = ["2", "3", "4"].map { alarm(id: "\($0)2345678-1234-4234-8234-123456789abc") }
        let store = try SQLiteAlarmStore(path: path)
        for alarm in [good] + bad { try store.save(alarm, nextFire: Instant(secondsSinceEpoch: 1000)) }
        let raw = try Database(path: path)
        try raw.execute("UPDATE alarm SET max_snoozes = 99999999999 WHERE id = '\(bad[0].id)'")
        try raw.execute("UPDATE challenge SET kind = 'bogus' WHERE alarm_id = '\(bad[1].id)'")
        try raw.execute("UPDATE alarm SET next_fire = 9223372036854775807 WHERE id = '\(bad[2].id)'")

        guard case .opened(let reopened, nil) = DatabaseOpener.open(path) else {
            Issue.record("a database with undecodable rows was not opened as it is")
            return
        }
        let state = try reopened.load()
        #expect(state.alarms == [good])
        #expect(state.unreadable.map(\.id) == bad.map(\.id.rawValue))
        let rows = try raw.prepare("SELECT count(*) FROM alarm")
        _ = try rows.step()
        #expect(rows.int(at: 0) == 4)
    }

    @Test func aStoredStepsChallengeOfTheSeedIsAnUnreadableRow() throws {
        let good = alarm()
        let walker = alarm(id: "22345678-1234-4234-8234-123456789abc")
        let store = try SQLiteAlarmStore(path: path)
        for alarm in [good, walker] { try store.save(alarm, nextFire: nil) }
        try Database(path: path).execute("""
            UPDATE challenge SET kind = 'steps', value = '100', time_limit = NULL
            WHERE alarm_id = '\(walker.id)' AND order_index = 2
            """)
        let state = try SQLiteAlarmStore(path: path).load()
        #expect(state.alarms == [good])
        #expect(state.unreadable.map(\.id) == [walker.id.rawValue])
    }

    @Test func aPageLimitMakesWritesFailAsAFullDiskWould() throws {
        let store = try SQLiteAlarmStore(path: path, maxPageCount: 1)
        #expect {
            for n in 10..<60 {
                let id = "123456\(n)-1234-4234-8234-123456789abc"
                try store.save(alarm(id: id, label: String(repeating: "x", count: 3000)), nextFire: nil)
            }
        } throws: { error in
            (error as? SQLiteError)?.isFull == true
        }
    }

    /// A run's challenge runs are written where they changed, not all again on every save: the
    /// rows before the first that differs keep their place in the file (their rowid).
    @Test func savingARunWritesOnlyTheChallengeRunsThatChanged() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(), nextFire: nil)
        var run = AlarmRun(alarmId: alarm().id, startedAt: Instant(secondsSinceEpoch: 1_000))
        let event = ApplyRunEvent()
        for second in 0..<3 {
            event.reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("a"), at: Instant(secondsSinceEpoch: 1_010 + Int64(second))))
        }
        try store.save(run, session: nil)
        func rowids() throws -> [Int64] {
            let statement = try Database(path: path).prepare("SELECT rowid FROM challenge_run ORDER BY seq")
            return try statement.query { $0.int64(at: 0) }
        }
        let before = try rowids()
        #expect(before.count == 3)
        // The last one is answered and a new one starts: the first two rows stay as they were.
        event.reduce(run: &run, event: .challengeFinished(challengeId: ChallengeID("a"), outcome: .failWrong, at: Instant(secondsSinceEpoch: 1_020)))
        event.reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("a"), at: Instant(secondsSinceEpoch: 1_021)))
        try store.save(run, session: nil)
        let after = try rowids()
        #expect(after.count == 4)
        #expect(Array(after.prefix(2)) == Array(before.prefix(2)))
        #expect(try SQLiteAlarmStore(path: path).load().openRuns.first?.challengeRuns == run.challengeRuns)
        // Saved again unchanged, nothing moves.
        try store.save(run, session: nil)
        #expect(try rowids() == after)
    }
}
