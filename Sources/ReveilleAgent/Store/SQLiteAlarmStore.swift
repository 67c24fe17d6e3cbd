import ReveilleCore
import ReveilleDomain
import ReveilleText
import ReveilleTime
import SQLite
import Synchronization

/// The alarm store on SQLite. Every write is one transaction, committed before the call returns.
public final class SQLiteAlarmStore: AlarmStore {
    let path: String
    private let database: Mutex<Database?>
    /// Why the database is open for reading only; nil once it can be written. Changed only while
    /// `database` is locked.
    private let readOnly: Mutex<ReadOnlyDatabase?>
    /// What the opening read, until the first `load` takes it or a write makes it stale: the
    /// agent's start reads its 1,000 alarms once, not once to check them and once to load them.
    private let opened = Mutex<StoredState?>(nil)

    /// Opens (and migrates) the database at `path`, and reads it all once to be sure it can be read.
    ///
    /// `maxPageCount` caps the file's size in pages, so that tests can fill the "disk" (see reveilled(8)).
    public convenience init(path: String, maxPageCount: Int? = nil) throws {
        try self.init(path: path, database: Self.openForWriting(path, maxPageCount: maxPageCount), readOnly: nil)
    }

    /// Opens the database at `path` for reading only, because it cannot be written (`reason`),
    /// and reads it all once. The first write, and `tryWriting`, open it for writing again when
    /// the disk lets them.
    public convenience init(readingOnly path: String, because reason: ReadOnlyDatabase) throws {
        try self.init(path: path, database: Self.openForReading(path), readOnly: reason)
    }

    private init(path: String, database: sending Database, readOnly: ReadOnlyDatabase?) throws {
        self.path = path
        self.database = Mutex(database)
        self.readOnly = Mutex(readOnly)
        do {
            let state = try read()
            opened.withLock { $0 = state }
        } catch {
            abandon()
            throw error
        }
    }

    private static func openForWriting(_ path: String, maxPageCount: Int? = nil) throws -> Database {
        let database = try Database(path: path)
        do {
            try checkIntegrity(database)
            try database.migrate(Schema.migrations)
            if let maxPageCount { try database.setMaxPageCount(maxPageCount) }
        } catch {
            try? database.setCheckpointOnClose(false)
            throw error
        }
        return database
    }

    /// A database of an older schema is read as it is: migrating it needs a write, which waits.
    private static func openForReading(_ path: String) throws -> Database {
        let database = try Database(readingOnly: path)
        try checkIntegrity(database)
        let version = try database.userVersion()
        guard version <= Schema.migrations.count else {
            throw SchemaVersionError.newerThanKnown(found: version, known: Schema.migrations.count)
        }
        return database
    }

    private static func checkIntegrity(_ database: Database) throws {
        let problems = try database.quickCheckProblems()
        guard problems.isEmpty else {
            throw StoreError("the database failed its integrity check: \(problems.prefix(3).joined(separator: "; "))", isCorruption: true)
        }
    }

    /// Why the database is open for reading only; nil while it can be written.
    public var readOnlyReason: ReadOnlyDatabase? { readOnly.withLock { $0 } }

    /// Opens a database that is open for reading only for writing again, when the disk lets it;
    /// true once it can be written.
    public func tryWriting() -> Bool {
        (try? database.withLock { db in _ = try writable(&db) }) != nil
    }

    /// Opens the database for writing in place of its read-only connection; throws, with why,
    /// while it still cannot be written. Called with `database` locked.
    private func reopenForWriting(_ database: inout Database?) throws {
        guard database != nil, let reason = readOnly.withLock({ $0 }) else { return }
        do {
            database = try Self.openForWriting(path)
            readOnly.withLock { $0 = nil }
            Log.shared.info("the alarm database \(path) can be written again")
        } catch {
            let now = (error as? SQLiteError).map { DatabaseOpener.readOnlyReason($0, path: path) } ?? reason
            readOnly.withLock { $0 = now }
            throw StoreError("the alarm database can only be read: \(now.reason)")
        }
    }

    /// Closes the database (after a clean shutdown its WAL is folded in). Later calls fail.
    public func close() {
        database.withLock { $0 = nil }
    }

    /// Closes the database leaving its files exactly as they are, to be moved aside.
    func abandon() {
        database.withLock { database in
            try? database?.setCheckpointOnClose(false)
            database = nil
        }
    }

    /// The open database, or an error once it is closed.
    private static func open(_ database: Database?) throws -> Database {
        guard let database else { throw StoreError("the alarm database is closed") }
        return database
    }

    public func load() throws -> StoredState {
        if let state = opened.withLock({ opened in defer { opened = nil }; return opened }) { return state }
        return try read()
    }

    /// Runs `body` on the open database, as a read.
    func reading<Result: Sendable>(_ body: (Database) throws -> Result) throws -> Result {
        try database.withLock { db in try body(try Self.open(db)) }
    }

    /// Runs `body` on the open database, as a write.
    func write(_ body: (Database) throws -> Void) throws {
        try database.withLock { db in try body(try writable(&db)) }
    }

    /// The open database for a write, which makes what the opening read stale; one open for
    /// reading only is opened for writing first, if the disk lets it.
    private func writable(_ database: inout Database?) throws -> Database {
        opened.withLock { $0 = nil }
        try reopenForWriting(&database)
        return try Self.open(database)
    }

    private func read() throws -> StoredState {
        try database.withLock { db in
            let db = try Self.open(db)
            var state = StoredState()
            var unreadable: [String: Message] = [:]
            // Sized once: growing a table of 1,000 alarms step by step rehashes it many times.
            let count = try db.prepare("SELECT COUNT(*) FROM alarm")
            let alarmCount = try count.step() ? count.int(at: 0) : 0
            state.alarms.reserveCapacity(alarmCount)
            state.nextFires.reserveCapacity(alarmCount)
            let challenges = try loadChallenges(db, alarmCount: alarmCount, unreadable: &unreadable)
            // Most alarms share one of a few sets of days: each form is parsed once, and its set shared.
            var daySets: [String: Set<Weekday>] = [:]
            let rows = try db.prepare("""
                SELECT id, time, date, repeat, label, sound, volume, enabled, snooze_minutes, max_snoozes, next_fire, wake_check,
                       skipped_occurrence, paused_until
                FROM alarm
                """)
            while try rows.step() {
                let key = rows.string(at: 0)
                // One row this version cannot read is skipped and reported; it never takes the others down.
                guard unreadable.isEmpty || unreadable[key] == nil else { continue }
                guard let alarm = decodeAlarm(rows, id: key, challenges: challenges[key] ?? [], daySets: &daySets) else {
                    unreadable[key] = Message("its time, date, repeat days, volume, snooze settings, skip or pause are out of range")
                    continue
                }
                let fire = rows.optionalInt64(at: 10)
                guard fire.map(Self.plausibleTimes.contains) ?? true else {
                    unreadable[key] = Message("its next ring time is out of range")
                    continue
                }
                state.alarms.append(alarm)
                if let fire { state.nextFires[alarm.id] = Instant(secondsSinceEpoch: fire) }
            }
            let runs = try db.prepare("""
                SELECT id, alarm_id, started_at, snooze_count, snoozed_until, rang_at, session_index, session_prompt,
                       session_started_at, session_deadline, session_attempts, session_failures, session_last_failure,
                       failures, last_failure, due_at, wake_check_due
                FROM run WHERE outcome = 'inProgress'
                """)
            while try runs.step() {
                guard let id = AlarmID(runs.string(at: 1)), state.alarms.contains(where: { $0.id == id }) else { continue }
                guard Self.plausibleRun(runs) else {
                    unreadable[id.rawValue] = Message("its ringing state is out of range")
                    state.alarms.removeAll { $0.id == id }
                    state.nextFires[id] = nil
                    continue
                }
                var run = AlarmRun(alarmId: id, startedAt: Instant(secondsSinceEpoch: runs.int64(at: 2)))
                run.snoozeCount = runs.int(at: 3)
                run.snoozedUntil = runs.optionalInt64(at: 4).map(Instant.init(secondsSinceEpoch:))
                run.rangAt = Instant(secondsSinceEpoch: runs.int64(at: 5))
                run.consecutiveFailures = runs.int(at: 13)
                run.lastFailureAt = runs.optionalInt64(at: 14).map(Instant.init(secondsSinceEpoch:))
                run.due = runs.optionalInt64(at: 15).flatMap { Self.plausibleTimes.contains($0) ? Instant(secondsSinceEpoch: $0) : nil }
                run.wakeCheckDue = runs.optionalInt64(at: 16).map(Instant.init(secondsSinceEpoch:))
                run.challengeRuns = try loadChallengeRuns(db, runID: runs.int64(at: 0))
                state.openRuns.append(run)
                let challengeCount = state.alarms.first { $0.id == id }?.challenges.count ?? 0
                if let index = runs.optionalInt(at: 6), index < challengeCount,
                   let prompt = runs.optionalString(at: 7).flatMap(PromptCodec.decode) {
                    state.sessions[id] = ChallengeSession(
                        index: index, prompt: prompt,
                        startedAt: Instant(secondsSinceEpoch: runs.int64(at: 8)),
                        deadline: runs.optionalInt64(at: 9).map(Instant.init(secondsSinceEpoch:)),
                        attempts: runs.int(at: 10), consecutiveFailures: runs.int(at: 11),
                        lastFailureAt: runs.optionalInt64(at: 12).map(Instant.init(secondsSinceEpoch:)))
                }
            }
            state.unreadable = unreadable.sorted { $0.key < $1.key }.map { UnreadableAlarm(id: $0.key, reason: $0.value) }
            state.lastOccurrences = try loadLastOccurrences(db)
            let usedCards = state.alarms.flatMap(\.challenges).compactMap { challenge -> String? in
                if case .card(let label) = challenge.params { label } else { nil }
            }
            state.cards = try Self.loadCards(db, used: Set(usedCards))
            return state
        }
    }

    /// Instants a Reveille could have stored: from 1970 to the end of year 9999.
    static let plausibleTimes: ClosedRange<Int64> = 0...253_402_300_799

    /// Whether an open run's numbers are ones a Reveille could have stored.
    private static func plausibleRun(_ row: Statement) -> Bool {
        let times = [row.int64(at: 2), row.int64(at: 5)]
            + [4, 8, 9, 12, 15].compactMap { row.optionalInt64(at: $0) }
        let counts = [3, 6, 10, 11].compactMap { row.optionalInt64(at: $0) }
        return times.allSatisfy(plausibleTimes.contains) && counts.allSatisfy((0...Int64(UInt32.max)).contains)
    }

    public func save(_ alarm: Alarm, nextFire: Instant?) throws {
        try database.withLock { db in
            let db = try writable(&db)
            try db.transaction {
                let statement = try db.prepare("""
                    INSERT INTO alarm (id, time, date, repeat, label, sound, volume, enabled, snooze_minutes, max_snoozes, next_fire, wake_check,
                                       skipped_occurrence, paused_until)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET time = excluded.time, date = excluded.date, repeat = excluded.repeat,
                        label = excluded.label, sound = excluded.sound, volume = excluded.volume, enabled = excluded.enabled,
                        snooze_minutes = excluded.snooze_minutes, max_snoozes = excluded.max_snoozes,
                        next_fire = excluded.next_fire, wake_check = excluded.wake_check,
                        skipped_occurrence = excluded.skipped_occurrence, paused_until = excluded.paused_until
                    """)
                let maxSnoozes: Int = switch alarm.snooze.maxSnoozes {
                case .unlimited: -1
                case .limited(let n): n
                }
                try statement.bind(
                    alarm.id.rawValue, timeText(alarm.time), alarm.date?.description,
                    AlarmText.formatRepeat(alarm.repeatDays).joined(separator: ","), alarm.label, alarm.sound,
                    alarm.volume, alarm.isEnabled, alarm.snooze.minutes, maxSnoozes,
                    nextFire?.secondsSinceEpoch, alarm.wakeCheckMinutes, alarm.skippedOccurrence?.description,
                    alarm.pausedUntil?.description)
                try statement.run()
                let clear = try db.prepare("DELETE FROM challenge WHERE alarm_id = ?")
                try clear.bind(alarm.id.rawValue)
                try clear.run()
                let insert = try db.prepare("INSERT INTO challenge (alarm_id, order_index, id, kind, value, time_limit) VALUES (?, ?, ?, ?, ?, ?)")
                for challenge in alarm.challenges {
                    let encoded = PromptCodec.encode(challenge.params)
                    try insert.bind(alarm.id.rawValue, challenge.orderIndex, challenge.id.rawValue, encoded.kind,
                                    encoded.value, encoded.timeLimit)
                    try insert.run()
                }
            }
        }
    }

    public func delete(_ id: AlarmID) throws {
        try database.withLock { db in
            let db = try writable(&db)
            let statement = try db.prepare("DELETE FROM alarm WHERE id = ?")
            try statement.bind(id.rawValue)
            try statement.run()
        }
    }

    public func save(_ run: AlarmRun, session: ChallengeSession?) throws {
        try database.withLock { db in
            let db = try writable(&db)
            try db.transaction {
                let find = try db.prepare("SELECT id FROM run WHERE alarm_id = ? AND outcome = 'inProgress'")
                try find.bind(run.alarmId.rawValue)
                let existing = try find.step() ? find.int64(at: 0) : nil
                find.reset()
                let values: [any SQLiteValueConvertible] = [
                    run.alarmId.rawValue, run.startedAt.secondsSinceEpoch, run.completedAt?.secondsSinceEpoch,
                    run.outcome.rawValue, run.snoozeCount, run.snoozedUntil?.secondsSinceEpoch, run.rangAt.secondsSinceEpoch,
                    session?.index, session.map { PromptCodec.encode($0.prompt) }, session?.startedAt.secondsSinceEpoch,
                    session?.deadline?.secondsSinceEpoch, session?.attempts, session?.consecutiveFailures,
                    session?.lastFailureAt?.secondsSinceEpoch, run.consecutiveFailures, run.lastFailureAt?.secondsSinceEpoch,
                    run.due?.secondsSinceEpoch, run.wakeCheckDue?.secondsSinceEpoch,
                ]
                let columns = "alarm_id, started_at, completed_at, outcome, snooze_count, snoozed_until, rang_at, session_index, session_prompt, session_started_at, session_deadline, session_attempts, session_failures, session_last_failure, failures, last_failure, due_at, wake_check_due"
                let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
                let statement = try existing == nil
                    ? db.prepare("INSERT INTO run (\(columns)) VALUES (\(placeholders))")
                    : db.prepare("REPLACE INTO run (id, \(columns)) VALUES (?, \(placeholders))")
                var index = 1
                if let existing {
                    try statement.bind(existing, at: index)
                    index += 1
                }
                for value in values {
                    try statement.bind(value, at: index)
                    index += 1
                }
                try statement.run()
                let runID = existing ?? db.lastInsertedRowID
                // Only what changed is written: the rows up to the first that differs stay as they are
                // (a run mostly grows at its end, and its last entry changes as a problem is answered).
                let stored = existing == nil ? [] : try loadChallengeRuns(db, runID: runID)
                let kept = zip(stored, run.challengeRuns).prefix { $0 == $1 }.count
                if kept < stored.count {
                    let clear = try db.prepare("DELETE FROM challenge_run WHERE run_id = ? AND seq >= ?")
                    try clear.bind(runID, kept)
                    try clear.run()
                }
                let insert = try db.prepare("INSERT INTO challenge_run (run_id, seq, challenge_id, started_at, completed_at, outcome) VALUES (?, ?, ?, ?, ?, ?)")
                for (seq, challengeRun) in run.challengeRuns.enumerated().dropFirst(kept) {
                    try insert.bind(runID, seq, challengeRun.challengeId.rawValue, challengeRun.startedAt.secondsSinceEpoch,
                                    challengeRun.completedAt?.secondsSinceEpoch, challengeRun.outcome.rawValue)
                    try insert.run()
                }
            }
        }
    }

    public func recordMissed(_ id: AlarmID, at: Instant) throws {
        try database.withLock { db in
            let db = try writable(&db)
            let statement = try db.prepare("INSERT INTO missed (alarm_id, due_at) VALUES (?, ?)")
            try statement.bind(id.rawValue, at.secondsSinceEpoch)
            try statement.run()
        }
    }

    public func record(_ occurrence: LastOccurrence, of id: AlarmID) throws {
        try database.withLock { db in
            let db = try writable(&db)
            let statement = try db.prepare("REPLACE INTO last_occurrence (alarm_id, due_at, outcome) VALUES (?, ?, ?)")
            try statement.bind(id.rawValue, occurrence.at.secondsSinceEpoch, occurrence.outcome.rawValue)
            try statement.run()
        }
    }

    public func history(_ query: HistoryQuery) throws -> [HistoryEntry] {
        try database.withLock { db in
            let db = try Self.open(db)
            let statement = try db.prepare(Self.historySQL(byAlarm: query.alarm != nil))
            try statement.bind(query.since?.secondsSinceEpoch ?? Int64.min, at: 1)
            try statement.bind(Int64(query.limit), at: 2)
            if let alarm = query.alarm { try statement.bind(alarm, at: 3) }
            return try statement.query { row in
                let outcome: HistoryEntry.Outcome = switch row.string(at: 7) {
                case "missed": .missed
                case AlarmRun.Outcome.inProgress.rawValue: row.optionalInt64(at: 8) == nil ? .ringing : .snoozed
                case AlarmRun.Outcome.success.rawValue: .dismissed
                default: .missed
                }
                return HistoryEntry(
                    alarmID: row.string(at: 0), label: row.string(at: 1), due: Instant(secondsSinceEpoch: row.int64(at: 2)),
                    rangAt: row.optionalInt64(at: 3).map(Instant.init(secondsSinceEpoch:)),
                    dismissedAt: row.optionalInt64(at: 4).map(Instant.init(secondsSinceEpoch:)),
                    snoozes: row.int(at: 5), wrongAnswers: row.int(at: 6), outcome: outcome)
            }
        }
    }

    /// Runs and misses read as one list, newest first; a run from before version 6 counts as due
    /// when it started. Only a solved run was dismissed: one that ended otherwise (a run ended by
    /// its cap, `RunCap`, is stored `failed`) rang and was missed, with no dismissal time.
    ///
    /// Each side reads at most a page (?2) down its index on when it was due (`run_due` and
    /// `missed_due`, or by alarm (?3) `run_alarm_due` and `missed_alarm_due`), so a page costs
    /// the same however long the history is.
    static func historySQL(byAlarm: Bool) -> String {
        let runAlarm = byAlarm ? "AND r.alarm_id = ?3" : ""
        let missedAlarm = byAlarm ? "AND m.alarm_id = ?3" : ""
        return """
            SELECT alarm_id, label, due, rang_at, dismissed_at, snoozes, wrong, outcome, snoozed_until FROM (
                SELECT * FROM (
                    SELECT r.alarm_id, COALESCE(a.label, '') AS label, COALESCE(r.due_at, r.started_at) AS due,
                           r.started_at AS rang_at, CASE r.outcome WHEN 'success' THEN r.completed_at END AS dismissed_at,
                           r.snooze_count AS snoozes,
                           (SELECT COUNT(*) FROM challenge_run c WHERE c.run_id = r.id AND c.outcome = 'failWrong') AS wrong,
                           r.outcome, r.snoozed_until, r.id AS tie
                    FROM run r LEFT JOIN alarm a ON a.id = r.alarm_id
                    WHERE COALESCE(r.due_at, r.started_at) >= ?1 \(runAlarm)
                    ORDER BY COALESCE(r.due_at, r.started_at) DESC, r.id DESC LIMIT ?2)
                UNION ALL
                SELECT * FROM (
                    SELECT m.alarm_id, COALESCE(a.label, ''), m.due_at, NULL, NULL, 0, 0, 'missed', NULL, m.rowid
                    FROM missed m LEFT JOIN alarm a ON a.id = m.alarm_id
                    WHERE m.due_at >= ?1 \(missedAlarm)
                    ORDER BY m.due_at DESC, m.rowid DESC LIMIT ?2)
            )
            ORDER BY due DESC, tie DESC LIMIT ?2
            """
    }

    public func pruneHistory(before cutoff: Instant) throws {
        try database.withLock { db in
            let db = try Self.open(db)
            try db.transaction {
                // An open run is never history yet, however old its occurrence.
                let old = "SELECT id FROM run WHERE outcome != 'inProgress' AND COALESCE(due_at, started_at) < ?1"
                for sql in ["DELETE FROM challenge_run WHERE run_id IN (\(old))", "DELETE FROM run WHERE id IN (\(old))",
                            "DELETE FROM missed WHERE due_at < ?1"] {
                    let statement = try db.prepare(sql)
                    try statement.bind(cutoff.secondsSinceEpoch, at: 1)
                    try statement.run()
                }
            }
        }
    }

    // MARK: Decoding

    /// A row this version cannot read is left out: the alarm then only loses its guard against a
    /// clock set back, never its place.
    private func loadLastOccurrences(_ db: Database) throws -> [AlarmID: LastOccurrence] {
        var result: [AlarmID: LastOccurrence] = [:]
        let statement = try db.prepare("SELECT alarm_id, due_at, outcome FROM last_occurrence")
        while try statement.step() {
            guard let id = AlarmID(statement.string(at: 0)),
                  let outcome = LastOccurrence.Outcome(rawValue: statement.string(at: 2)) else { continue }
            result[id] = LastOccurrence(at: Instant(secondsSinceEpoch: statement.int64(at: 1)), outcome: outcome)
        }
        return result
    }

    private func loadChallenges(_ db: Database, alarmCount: Int, unreadable: inout [String: Message]) throws -> [String: [Challenge]] {
        var result: [String: [Challenge]] = [:]
        result.reserveCapacity(alarmCount)
        let statement = try db.prepare("SELECT alarm_id, order_index, id, kind, value, time_limit FROM challenge ORDER BY alarm_id, order_index")
        while try statement.step() {
            guard let params = PromptCodec.decode(kind: statement.string(at: 3), value: statement.string(at: 4),
                                                  timeLimit: statement.optionalInt64(at: 5))
            else {
                unreadable[statement.string(at: 0)] = Message("its challenge '{challenge}' cannot be read", ["challenge": statement.string(at: 3)])
                continue
            }
            result[statement.string(at: 0), default: []].append(
                Challenge(id: ChallengeID(statement.string(at: 2)), params: params, orderIndex: statement.int(at: 1)))
        }
        return result
    }

    private func loadChallengeRuns(_ db: Database, runID: Int64) throws -> [ChallengeRun] {
        let statement = try db.prepare("SELECT challenge_id, started_at, completed_at, outcome FROM challenge_run WHERE run_id = ? ORDER BY seq")
        try statement.bind(runID)
        return try statement.query { row in
            ChallengeRun(challengeId: ChallengeID(row.string(at: 0)), startedAt: Instant(secondsSinceEpoch: row.int64(at: 1)),
                         completedAt: row.optionalInt64(at: 2).map(Instant.init(secondsSinceEpoch:)),
                         outcome: ChallengeRun.Outcome(rawValue: row.string(at: 3)) ?? .aborted)
        }
    }

    /// The alarm in `row`, whose id column reads `id`.
    private func decodeAlarm(_ row: Statement, id: String, challenges: [Challenge], daySets: inout [String: Set<Weekday>]) -> Alarm? {
        guard let id = AlarmID(id), let time = try? AlarmText.parseTime(row.string(at: 1)) else { return nil }
        let date = row.optionalString(at: 2).flatMap { try? AlarmText.parseDate($0) }
        let repeatText = row.string(at: 3)
        let days: Set<Weekday>
        if let known = daySets[repeatText] { days = known } else {
            guard let parsed = try? AlarmText.parseRepeat(joined: repeatText) else { return nil }
            daySets[repeatText] = parsed
            days = parsed
        }
        let max = row.int64(at: 9), minutes = row.int64(at: 8), volume = row.double(at: 6), check = row.int64(at: 11)
        guard WakeCheck.minuteRange.contains(Int(clamping: check)), max == -1 || SnoozePolicy.maxSnoozeRange.contains(Int(clamping: max)),
              SnoozePolicy.minuteRange.contains(Int(clamping: minutes)), volume.isFinite, (0...1).contains(volume)
        else { return nil }
        let skipText = row.optionalString(at: 12), pauseText = row.optionalString(at: 13)
        let skipped = skipText.flatMap(localDateTime), paused = pauseText.flatMap { try? AlarmText.parseDate($0) }
        guard (skipText == nil) == (skipped == nil), (pauseText == nil) == (paused == nil) else { return nil }
        return Alarm(
            id: id, time: time, date: date, repeatDays: days, label: row.string(at: 4), sound: row.string(at: 5),
            volume: volume, isEnabled: row.bool(at: 7),
            snooze: SnoozePolicy(minutes: Int(minutes), maxSnoozes: max < 0 ? .unlimited : .limited(Int(max))),
            challenges: challenges, wakeCheckMinutes: Int(check), skippedOccurrence: skipped, pausedUntil: paused)
    }

    /// A stored skip: `YYYY-MM-DDTHH:MM:SS`, as `LocalDateTime.description` writes it.
    private func localDateTime(_ text: String) -> LocalDateTime? {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = try? AlarmText.parseDate(String(parts[0])),
              let time = try? AlarmText.parseTime(String(parts[1]))
        else { return nil }
        return LocalDateTime(date: date, time: time)
    }

    private func timeText(_ time: WallTime) -> String {
        let two: (Int) -> String = { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
    }
}

/// The database holds something this agent cannot make sense of.
public struct StoreError: Error, CustomStringConvertible {
    public var description: String
    /// SQLite found the file damaged (`PRAGMA quick_check`): it must be moved aside.
    public var isCorruption: Bool
    init(_ description: String, isCorruption: Bool = false) {
        self.description = description
        self.isCorruption = isCorruption
    }
}

// The notifications on screen (see NotificationLedger): in this file for the database's lock.
extension SQLiteAlarmStore: NotificationLedger {
    func remember(_ posted: PostedNotification) throws {
        try database.withLock { db in
            let db = try Self.open(db)
            let statement = try db.prepare("REPLACE INTO notification (alarm_id, number, server) VALUES (?, ?, ?)")
            try statement.bind(posted.alarm.rawValue, Int64(posted.number), posted.server)
            try statement.run()
        }
    }

    func forget(_ alarm: AlarmID) throws {
        try database.withLock { db in
            let db = try Self.open(db)
            let statement = try db.prepare("DELETE FROM notification WHERE alarm_id = ?")
            try statement.bind(alarm.rawValue)
            try statement.run()
        }
    }

    func posted() throws -> [PostedNotification] {
        try database.withLock { db in
            let db = try Self.open(db)
            let statement = try db.prepare("SELECT alarm_id, number, server FROM notification")
            var result: [PostedNotification] = []
            while try statement.step() {
                guard let alarm = AlarmID(statement.string(at: 0)), let number = UInt32(exactly: statement.int64(at: 1))
                else { continue }
                result.append(PostedNotification(alarm: alarm, number: number, server: statement.string(at: 2)))
            }
            return result
        }
    }
}
