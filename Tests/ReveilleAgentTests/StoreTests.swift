import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleTime
import SQLite
import Testing

@Suite struct StoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-store-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    var path: String { directory + "/alarms.db" }

    func alarm() -> Alarm {
        Alarm(id: AlarmID("12345678-1234-4234-8234-123456789abc")!, time: WallTime(hour: 6, minute: 30, second: 15)!,
              date: CivilDate(year: 2027, month: 3, day: 1), label: "Ünïcode ⏰", sound: "/tmp/x.oga", volume: 0.25,
              isEnabled: false, snooze: SnoozePolicy(minutes: 7, maxSnoozes: .unlimited),
              challenges: [
                Challenge(id: ChallengeID("a"), params: .math(difficulty: .hard, timeLimit: 45), orderIndex: 0),
                Challenge(id: ChallengeID("b"), params: .qr(expected: "K 1"), orderIndex: 1),
                Challenge(id: ChallengeID("c"), params: .typing(words: 3), orderIndex: 2),
              ])
    }

    @Test func anAlarmSurvivesReopeningWithEveryField() throws {
        try SQLiteAlarmStore(path: path).save(alarm(), nextFire: Instant(secondsSinceEpoch: 1234))
        let state = try SQLiteAlarmStore(path: path).load()
        #expect(state.alarms == [alarm()])
        #expect(state.nextFires == [alarm().id: Instant(secondsSinceEpoch: 1234)])
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

    @Test func everyPromptKindRoundTripsThroughItsText() {
        let prompts: [ChallengePrompt] = [
            .math(MathProblem(a: 40, b: 12, op: .minus)), .math(MathProblem(a: 6, b: 15, op: .times, tail: .init(op: .plus, c: 99))),
            .typing(words: ["apple", "river"]), .code, .steps(threshold: 30),
        ]
        for prompt in prompts { #expect(PromptCodec.decode(PromptCodec.encode(prompt)) == prompt) }
        #expect(PromptCodec.decode("math 1 ? 2") == nil)
        #expect(PromptCodec.decode("") == nil)
    }

    @Test func anUnreadableDatabaseIsMovedAsideWithItsBytesAndAFreshOneOpens() throws {
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let opened = try DatabaseOpener.open(path)
        #expect(opened.problem != nil)
        #expect(try opened.store.load().alarms.isEmpty)
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("alarms.db.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(moved.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + moved[0])) == garbage)
    }
}
