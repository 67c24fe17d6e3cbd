import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// `late_grace` is for an occurrence that came due while nobody watched: the machine off or
/// asleep, the agent not running, the clock set over it. A running agent that is late to its own
/// timer (a stalled loop, a busy machine) rings whatever `late_grace` says, 0 included.
@Suite struct LateGraceTests {
    static func config(lateGrace: Int64) -> AgentConfig {
        var config = AgentConfig()
        config.lateGrace = lateGrace
        return config
    }

    func missedNotices(_ f: CoreFixture) -> Int {
        f.fakes.notifier.notices.filter { $0.hasPrefix("Missed alarm") }.count
    }

    @Test(arguments: [0, 20] as [Int64])
    func aRunningAgentSecondsLateToItsOwnTimerRingsWhateverLateGraceSays(lateGrace: Int64) async throws {
        let f = try await CoreFixture(config: Self.config(lateGrace: lateGrace))
        let id = try await f.addAlarm(minutesAhead: 10)
        let due = try #require(try await f.core.get(id).nextFire)
        // The loop was held up: the timer's event is handled 45 s after the due second.
        f.fakes.clock.set(due.adding(seconds: 45))
        await f.fakes.timer.fire()
        #expect(await f.core.ringingAlarms == [id])
        #expect(missedNotices(f) == 0)
        #expect(f.fakes.store.contents.lastOccurrences[id] == .rang(due))
    }

    @Test func lateGraceZeroStillRingsOnTheDueSecond() async throws {
        let f = try await CoreFixture(config: Self.config(lateGrace: 0))
        let id = try await f.addAlarm(minutesAhead: 10)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func aSuspendThatNobodyAnnouncedLeavesTheDecisionToLateGrace() async throws {
        let f = try await CoreFixture(config: Self.config(lateGrace: 20))
        let id = try await f.addAlarm(minutesAhead: 10) { $0.repeatDays = Set(Weekday.allCases) }
        let due = try #require(try await f.core.get(id).nextFire)
        // Asleep over the due second, with no PrepareForSleep: only the clock's time asleep tells.
        f.fakes.clock.suspend(for: 10 * 60 + 45)
        await f.fakes.timer.fire()
        #expect(await f.core.ringingAlarms == [])
        #expect(missedNotices(f) == 1)
        #expect(f.fakes.store.contents.lastOccurrences[id] == .missed(due))

        // Awake again, the agent watches once more: the next day's ring, late to the loop, rings.
        let next = try #require(try await f.core.get(id).nextFire)
        f.fakes.clock.set(next.adding(seconds: 45))
        await f.fakes.timer.fire()
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func aSuspendWithinLateGraceStillRings() async throws {
        let f = try await CoreFixture(config: Self.config(lateGrace: 60))
        let id = try await f.addAlarm(minutesAhead: 10)
        f.fakes.clock.suspend(for: 10 * 60 + 45)
        await f.fakes.timer.fire()
        #expect(await f.core.ringingAlarms == [id])
    }

    @Test func anAnnouncedSleepLeavesTheDecisionToLateGraceAtTheResume() async throws {
        let f = try await CoreFixture(config: Self.config(lateGrace: 0))
        _ = try await f.addAlarm(minutesAhead: 10)
        f.fakes.inbox.yield(.preparingForSleep)
        await f.fakes.inbox.settled()
        // A machine whose clock counts no sleep (a VM paused): logind's resume is what tells.
        f.fakes.clock.advance(by: 10 * 60 + 45)
        await f.fakes.timer.clockSet()
        #expect(await f.core.ringingAlarms == [])
        #expect(missedNotices(f) == 1)
    }

    @Test func whatCameDueWhileTheAgentWasNotRunningIsLeftToLateGrace() async throws {
        let store = FakeStore()
        let before = try await CoreFixture(store: store, config: Self.config(lateGrace: 0))
        let id = try await before.addAlarm(minutesAhead: 10)
        // The agent stops; it starts again 5 s after the due second.
        let after = try await CoreFixture(now: mondayMorning.adding(seconds: 10 * 60 + 5),
                                          store: store, config: Self.config(lateGrace: 0))
        #expect(await after.core.ringingAlarms == [])
        #expect(missedNotices(after) == 1)
        #expect(store.contents.lastOccurrences[id] == .missed(mondayMorning.adding(seconds: 10 * 60)))
    }

    @Test func aClockSetForwardOverAnOccurrenceIsLeftToLateGrace() async throws {
        let f = try await CoreFixture(config: Self.config(lateGrace: 0))
        let id = try await f.addAlarm(minutesAhead: 10)
        f.fakes.clock.advance(by: 10 * 60 + 30)
        await f.fakes.timer.clockSet()
        #expect(await f.core.ringingAlarms == [])
        #expect(f.fakes.store.contents.lastOccurrences[id]?.outcome == .missed)
    }
}
