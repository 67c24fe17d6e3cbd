import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleTime
import SQLite
import Testing

/// The lockout's count is stored with the run, so a snooze followed by a restart gives no fresh guesses.
@Suite struct RunFailureStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-failures-\(UUID().uuidString)").path
    var path: String { directory + "/alarms.db" }
    let id = AlarmID("12345678-1234-4234-8234-123456789abc")!

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    @Test func aSnoozedRunKeepsItsFailuresWithoutASession() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(Alarm(id: id, time: WallTime(hour: 6, minute: 0)!), nextFire: nil)
        var run = AlarmRun(alarmId: id, startedAt: Instant(secondsSinceEpoch: 100))
        run.consecutiveFailures = 2
        run.lastFailureAt = Instant(secondsSinceEpoch: 150)
        ApplyRunEvent().reduce(run: &run, event: .snoozed(until: Instant(secondsSinceEpoch: 400), at: Instant(secondsSinceEpoch: 160)))
        try store.save(run, session: nil)

        let reopened = try SQLiteAlarmStore(path: path).load()
        #expect(reopened.openRuns == [run])
        #expect(reopened.openRuns.first?.consecutiveFailures == 2)
        #expect(reopened.sessions.isEmpty)
    }

    @Test func aRunStoredByTheFirstSchemaTakesItsSessionsCount() throws {
        do {
            let old = try Database(path: path)
            _ = try old.migrate(Array(Schema.migrations.prefix(1)))
            try old.execute("""
                INSERT INTO alarm (id, time, repeat, label, sound, volume, enabled, snooze_minutes, max_snoozes)
                    VALUES ('\(id)', '06:00', '', '', 'alarm-clock-elapsed', 1.0, 1, 5, 3);
                INSERT INTO challenge (alarm_id, order_index, id, kind, value) VALUES ('\(id)', 0, 'c', 'math', 'easy');
                INSERT INTO run (alarm_id, started_at, outcome, snooze_count, rang_at, session_index, session_prompt,
                                 session_started_at, session_attempts, session_failures, session_last_failure)
                    VALUES ('\(id)', 100, 'inProgress', 0, 100, 0, 'math 2 + 3', 100, 2, 2, 150);
                """)
        }
        let state = try SQLiteAlarmStore(path: path).load()
        #expect(state.openRuns.first?.consecutiveFailures == 2)
        #expect(state.openRuns.first?.lastFailureAt == Instant(secondsSinceEpoch: 150))
    }
}
