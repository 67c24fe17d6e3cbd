import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleTime
import SQLite
import Testing

@Suite struct HistoryStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-history-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
    var path: String { directory + "/alarms.db" }

    let first = AlarmID("11111111-1111-4111-8111-111111111111")!
    let second = AlarmID("22222222-2222-4222-8222-222222222222")!

    func alarm(_ id: AlarmID, _ label: String) -> Alarm {
        Alarm(id: id, time: WallTime(hour: 7, minute: 0, second: 0)!, date: nil, label: label, sound: "bell", volume: 1,
              isEnabled: true, snooze: SnoozePolicy(minutes: 5, maxSnoozes: .limited(3)), challenges: [])
    }

    func at(_ seconds: Int64) -> Instant { Instant(secondsSinceEpoch: seconds) }

    /// A run due at `due` that rang at `due + 5`, was snoozed `snoozes` times, answered wrong
    /// `wrong` times and, unless `open`, dismissed at `due + 300`.
    func run(_ id: AlarmID, due: Int64, snoozes: Int = 0, wrong: Int = 0, open: Bool = false) -> AlarmRun {
        var run = AlarmRun(alarmId: id, startedAt: at(due + 5))
        run.due = at(due)
        for _ in 0..<snoozes {
            ApplyRunEvent().reduce(run: &run, event: .snoozed(until: at(due + 60), at: at(due + 10)))
            ApplyRunEvent().reduce(run: &run, event: .alarmFired(at: at(due + 60)))
        }
        for _ in 0..<wrong {
            ApplyRunEvent().reduce(run: &run, event: .challengeStarted(challengeId: ChallengeID("a"), at: at(due + 70)))
            ApplyRunEvent().reduce(run: &run, event: .challengeFinished(challengeId: ChallengeID("a"), outcome: .failWrong, at: at(due + 80)))
        }
        if !open { ApplyRunEvent().reduce(run: &run, event: .dismissalCompleted(at: at(due + 300))) }
        return run
    }

    @Test func aRunsDueIsStoredAndReadBackWithItsRunAndAMissBesideIt() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(first, "Work"), nextFire: nil)
        try store.save(run(first, due: 1000, snoozes: 2, wrong: 1), session: nil)
        try store.recordMissed(first, at: at(2000))
        let open = run(first, due: 3000, open: true)
        try store.save(open, session: nil)
        #expect(try SQLiteAlarmStore(path: path).load().openRuns.map(\.due) == [at(3000)])

        let entries = try SQLiteAlarmStore(path: path).history(HistoryQuery())
        #expect(entries == [
            HistoryEntry(alarmID: first.rawValue, label: "Work", due: at(3000), rangAt: at(3005), dismissedAt: nil,
                         snoozes: 0, wrongAnswers: 0, outcome: .ringing),
            HistoryEntry(alarmID: first.rawValue, label: "Work", due: at(2000), rangAt: nil, dismissedAt: nil,
                         snoozes: 0, wrongAnswers: 0, outcome: .missed),
            HistoryEntry(alarmID: first.rawValue, label: "Work", due: at(1000), rangAt: at(1005), dismissedAt: at(1300),
                         snoozes: 2, wrongAnswers: 1, outcome: .dismissed),
        ])
    }

    @Test func aSnoozedRunReadsAsSnoozed() throws {
        let store = try SQLiteAlarmStore(path: path)
        var snoozed = run(first, due: 1000, open: true)
        ApplyRunEvent().reduce(run: &snoozed, event: .snoozed(until: at(1600), at: at(1010)))
        try store.save(snoozed, session: nil)
        #expect(try store.history(HistoryQuery()).map(\.outcome) == [.snoozed])
    }

    @Test func aRunEndedByItsCapReadsAsMissedWithItsRingAndNoDismissal() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(first, "Work"), nextFire: nil)
        // As AgentCore.capRuns stores it: rang an hour unattended, then ended `failed`.
        var capped = run(first, due: 1000, open: true)
        capped.outcome = .failed
        capped.completedAt = at(1005 + RunCap.unattended)
        try store.save(capped, session: nil)
        try store.save(run(first, due: 90_000), session: nil)

        let entries = try store.history(HistoryQuery())
        #expect(entries.map(\.outcome) == [.dismissed, .missed])
        #expect(entries[1] == HistoryEntry(alarmID: first.rawValue, label: "Work", due: at(1000), rangAt: at(1005),
                                           dismissedAt: nil, snoozes: 0, wrongAnswers: 0, outcome: .missed))
        let stats = HistoryStats(entries) { CivilDate(daysSinceEpoch: $0.secondsSinceEpoch / 86_400) }
        #expect(stats.missed == 1 && stats.dismissed == 1)
    }

    @Test func theQueryFiltersByAlarmAndSinceAndStopsAtItsLimitNewestFirst() throws {
        let store = try SQLiteAlarmStore(path: path)
        for day in Int64(0)..<5 {
            try store.save(run(first, due: day * 86_400), session: nil)
            try store.recordMissed(second, at: at(day * 86_400 + 3600))
        }
        let all = try store.history(HistoryQuery())
        #expect(all.count == 10)
        #expect(all.map(\.due) == all.map(\.due).sorted(by: >))
        #expect(try store.history(HistoryQuery(alarm: second.rawValue)).allSatisfy { $0.outcome == .missed && $0.alarmID == second.rawValue })
        #expect(try store.history(HistoryQuery(alarm: second.rawValue)).count == 5)
        #expect(try store.history(HistoryQuery(since: at(3 * 86_400))).map(\.due) == [at(4 * 86_400 + 3600), at(4 * 86_400), at(3 * 86_400 + 3600), at(3 * 86_400)])
        #expect(try store.history(HistoryQuery(limit: 3)).map(\.due) == [at(4 * 86_400 + 3600), at(4 * 86_400), at(3 * 86_400 + 3600)])
        // A removed alarm's history stays, without its label.
        #expect(try store.history(HistoryQuery(alarm: first.rawValue)).allSatisfy { $0.label.isEmpty })
    }

    /// A page of history reads down the indexes on when runs and misses were due: never the whole
    /// tables (400,000 past runs took 0.5 s a page that way), with or without an alarm named.
    @Test(arguments: [false, true])
    func aPageOfHistoryIsReadByIndexNeverByScanningTheTables(byAlarm: Bool) throws {
        _ = try SQLiteAlarmStore(path: path)
        let plan = try Database(path: path).prepare("EXPLAIN QUERY PLAN " + SQLiteAlarmStore.historySQL(byAlarm: byAlarm))
        let steps = try plan.query { $0.string(at: 3) }
        #expect(steps.contains { $0.hasPrefix("SEARCH r USING INDEX run_") })
        #expect(steps.contains { $0.hasPrefix("SEARCH m USING") && $0.contains("INDEX missed_") })
        #expect(!steps.contains { $0.hasPrefix("SCAN r") || $0.hasPrefix("SCAN m") || $0.hasPrefix("SCAN a") })
    }

    @Test func aPageOfALongHistoryStopsAtItsLimitNewestFirst() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(first, "Work"), nextFire: nil)
        try Database(path: path).execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO run (alarm_id, started_at, completed_at, outcome, snooze_count, rang_at, due_at)
            SELECT CASE i % 2 WHEN 0 THEN '\(first.rawValue)' ELSE '\(second.rawValue)' END,
                   i * 60 + 5, i * 60 + 300, 'success', 0, i * 60 + 5, i * 60 FROM n;
            INSERT INTO missed (alarm_id, due_at) VALUES ('\(first.rawValue)', 20000 * 60 + 30);
            """)
        let page = try store.history(HistoryQuery(limit: 3))
        #expect(page.map(\.due) == [at(20000 * 60 + 30), at(20000 * 60), at(19999 * 60)])
        #expect(page.map(\.outcome) == [.missed, .dismissed, .dismissed])
        let ofSecond = try store.history(HistoryQuery(since: at(19990 * 60), alarm: second.rawValue, limit: 1000))
        #expect(ofSecond.map(\.due) == [19999, 19997, 19995, 19993, 19991].map { at($0 * 60) })
        #expect(try store.history(HistoryQuery(limit: 1000)).count == 1000)
    }

    @Test func pruningDeletesFinishedRunsAndMissesBeforeTheCutoffButNeverAnOpenRun() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(alarm(first, "Work"), nextFire: nil)
        try store.save(run(first, due: 100, wrong: 2), session: nil)
        try store.recordMissed(second, at: at(200))
        try store.save(run(second, due: 300, open: true), session: nil)
        try store.save(run(first, due: 5000), session: nil)
        try store.pruneHistory(before: at(1000))
        #expect(try store.history(HistoryQuery()).map(\.due) == [at(5000), at(300)])
        let orphans = try Database(path: path).prepare("SELECT COUNT(*) FROM challenge_run WHERE run_id NOT IN (SELECT id FROM run)")
        _ = try orphans.step()
        #expect(orphans.int(at: 0) == 0)
    }

    @Test func aVersion5DatabaseKeepsItsRunsAndMissesWhichCountAsDueWhenTheyStarted() throws {
        do {
            let old = try Database(path: path)
            _ = try old.migrate(Array(Schema.migrations.prefix(5)))
            try old.execute("""
                INSERT INTO run (alarm_id, started_at, completed_at, outcome, snooze_count, rang_at)
                VALUES ('\(first.rawValue)', 1000, 1200, 'success', 1, 1100);
                INSERT INTO missed (alarm_id, due_at) VALUES ('\(second.rawValue)', 500);
                """)
        }
        let store = try SQLiteAlarmStore(path: path)
        #expect(try store.history(HistoryQuery()) == [
            HistoryEntry(alarmID: first.rawValue, label: "", due: at(1000), rangAt: at(1000), dismissedAt: at(1200),
                         snoozes: 1, wrongAnswers: 0, outcome: .dismissed),
            HistoryEntry(alarmID: second.rawValue, label: "", due: at(500), rangAt: nil, dismissedAt: nil,
                         snoozes: 0, wrongAnswers: 0, outcome: .missed),
        ])
        let version = try Database(path: path).prepare("PRAGMA user_version")
        _ = try version.step()
        #expect(version.int(at: 0) == Schema.migrations.count)
    }
}
