@testable import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTime
import Testing

/// GetAlarm answers from a body kept for as long as the core's generation stays where it was read:
/// every change to what GetAlarm answers (an alarm's snapshot, or the database gate) must move it.
@Suite struct GenerationTests {
    /// What GetAlarm would answer now, and the generation that answer belongs to.
    struct Observation: Equatable {
        var answer: Result<AlarmSnapshot, AgentError>
        var generation: UInt64
    }

    static func observe(_ core: AgentCore, _ id: AlarmID) async -> Observation {
        let before = core.generation
        let read: (snapshots: [AlarmSnapshot], generation: UInt64)
        do { read = try await core.snapshotsWithGeneration(requiring: id) } catch {
            return Observation(answer: .failure(error), generation: before)
        }
        #expect(read.snapshots.count == 1, "the test's one alarm")
        return Observation(answer: read.snapshots.first.map { .success($0) } ?? .failure(.failed("no snapshot")),
                           generation: read.generation)
    }

    /// Runs `change` and checks that it changed the answer (so that the step proves something) and moved the generation.
    final class Steps {
        let core: AgentCore
        let id: AlarmID
        var last: Observation

        init(_ core: AgentCore, _ id: AlarmID) async {
            self.core = core
            self.id = id
            last = await GenerationTests.observe(core, id)
        }

        func step(_ name: String, _ change: () async throws -> Void) async throws {
            try await change()
            let now = await GenerationTests.observe(core, id)
            #expect(now.answer != last.answer, "\(name) changes what GetAlarm answers")
            #expect(now.generation != last.generation, "\(name) moves the generation")
            last = now
        }
    }

    @Test func everyRequestThatChangesAnAlarmMovesTheGeneration() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm { $0.challenges = [.new(.typing(words: 1))] }
        let steps = await Steps(f.core, id)
        try await steps.step("UpdateAlarm") {
            var changes = AlarmChanges()
            changes.label = "renamed"
            try await f.core.update(id, changes)
        }
        try await steps.step("SetEnabled false") { try await f.core.setEnabled(id, false) }
        try await steps.step("SetEnabled true") { try await f.core.setEnabled(id, true) }
        try await steps.step("RemoveAlarm") { try await f.core.remove(id) }
    }

    @Test func ringingSnoozingAndSolvingMoveTheGeneration() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 1) { $0.challenges = [.new(.typing(words: 1))] }
        let steps = await Steps(f.core, id)
        try await steps.step("the ring") { await f.fireTimer() }
        try await steps.step("Snooze") { _ = try await f.core.snooze(id) }
        try await steps.step("the ring after the snooze") { await f.fireTimer() }
        try await steps.step("Trigger while snoozed") {
            _ = try await f.core.snooze(id)
            try await f.core.trigger(id)
        }
        try await steps.step("the solved challenge") {
            try await f.core.dismiss(id)
            #expect(try await f.solve(id) == .dismissed)
        }
    }

    @Test func theDatabaseGateClosingAndOpeningMovesTheGeneration() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm()
        let steps = await Steps(f.core, id)
        try await steps.step("the database becoming unavailable") { await f.core.databaseUnavailable("disk gone") }
        try await steps.step("the database opening again") { try await f.core.load() }
    }

    /// Most requests write several of the four, so each one's didSet is checked here on its own.
    @Test func aWriteToAnyOfTheFourPropertiesASnapshotIsReadFromMovesTheGeneration() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm()
        let writes: [(String, @Sendable (isolated AgentCore) -> Void)] = [
            ("alarms", { $0.alarms[id]?.label = "renamed" }),
            ("nextFires", { $0.nextFires[id] = nil }),
            ("runs", { $0.runs[id] = AlarmRun(alarmId: id, startedAt: mondayMorning) }),
            ("database", { $0.database.unavailable = "disk gone" }),
        ]
        for (name, write) in writes {
            let before = f.core.generation
            await write(f.core)
            #expect(f.core.generation != before, "a write to \(name)")
        }
    }

    @Test func readingMovesNothing() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm()
        let before = await Self.observe(f.core, id)
        _ = await f.core.list()
        _ = try await f.core.get(id)
        _ = await f.core.ringingAlarms
        _ = await f.core.nextFire
        #expect(await Self.observe(f.core, id) == before)
    }
}
