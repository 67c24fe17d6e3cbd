import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

@Suite struct HistoryTests {
    @Test func aRunIsStoredWithTheDueInstantOfItsOccurrenceNotTheMomentItRang() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.advance(seconds: 5 * 60 + 40)
        let run = try #require(f.fakes.store.contents.openRuns.first { $0.alarmId == id })
        #expect(run.due == mondayMorning.adding(seconds: 5 * 60))
        #expect(run.startedAt == mondayMorning.adding(seconds: 5 * 60 + 40))
    }

    @Test func historyIsPrunedAtStartAndWhenARunEndsOrIsMissedByHistoryDays() async throws {
        var config = AgentConfig()
        config.historyDays = 10
        let f = try await CoreFixture(config: config)
        #expect(f.fakes.store.prunes == [mondayMorning.adding(seconds: -10 * 86_400)])
        let id = try await f.addAlarm(minutesAhead: 5)
        try await f.core.trigger(id)
        #expect(f.fakes.store.prunes.count == 1)
        #expect(try await f.solve(id) == .dismissed)
        #expect(f.fakes.store.prunes == [mondayMorning.adding(seconds: -10 * 86_400), mondayMorning.adding(seconds: -10 * 86_400)])
        let late = try await f.addAlarm(minutesAhead: 5)
        // Asleep through the due second and past late_grace.
        f.fakes.clock.suspend(for: 5 * 60 + AgentConfig().lateGrace + 60)
        await f.core.wake()
        #expect(f.fakes.store.contents.lastOccurrences[late]?.outcome == .missed)
        #expect(f.fakes.store.prunes.count == 3)
    }

    @Test func historyPassesTheQueryToTheStore() async throws {
        let f = try await CoreFixture()
        let entry = HistoryEntry(alarmID: "x", label: "", due: mondayMorning, rangAt: nil, dismissedAt: nil,
                                 snoozes: 0, wrongAnswers: 0, outcome: .missed)
        f.fakes.store.setHistory([entry])
        #expect(try await f.core.history(HistoryQuery(limit: 5)) == [entry])
        #expect(f.fakes.store.historyQueries == [HistoryQuery(limit: 5)])
    }
}
