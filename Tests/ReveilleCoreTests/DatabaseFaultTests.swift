import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// A database that cannot be opened, rows that cannot be read and writes that fail: the alarms
/// ring, a solved stack silences, nothing spins, and Preflight says why.
@Suite struct DatabaseFaultTests {
    @Test func aProblemThatTimesOutWhileWritesFailMovesOnAndNeverArmsTheTimerInThePast() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let first = try await f.core.challenge(id)
        f.fakes.store.failWrites(true)
        await f.advance(seconds: 61)
        let second = try await f.core.challenge(id)
        #expect(second.deadline != first.deadline)
        for _ in 0..<20 {
            let armed = try #require(f.fakes.timer.armedAt)
            #expect(armed > f.fakes.clock.now(), "the timer was armed at or before now: a wake loop")
            await f.fireTimer()
        }
        #expect(await f.core.preflight().reasons.contains("database-unwritable"))
    }

    @Test func aSolvedStackSilencesTheAlarmWhenTheDismissalCannotBeSavedAndIsSavedLater() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        f.fakes.store.failWrites(true)
        #expect(try await f.solve(id) == .dismissed)
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(f.events.all.contains(.dismissed(id)))
        let result = await f.core.preflight()
        #expect(result.ok && result.reasons == ["database-unwritable"])
        #expect(f.fakes.notifier.notices.contains("Reveille cannot save changes"))
        #expect(f.fakes.store.contents.openRuns.count == 1)

        f.fakes.store.failWrites(false)
        await f.fireTimer()
        #expect(f.fakes.store.contents.openRuns.isEmpty)
        #expect(f.fakes.store.contents.alarms.first { $0.id == id }?.isEnabled == false)
        #expect(await f.core.preflight().reasons.isEmpty)
    }

    @Test func aSnoozeTakesEffectWhenItCannotBeSavedAndWritesRetryFromOneSecondDoublingToAMinute() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        f.fakes.store.failWrites(true)
        let until = try await f.core.snooze(id)
        #expect(await f.core.ringingAlarms.isEmpty)
        var waits: [Int64] = []
        for _ in 0..<8 {
            let before = f.fakes.clock.now()
            await f.fireTimer()
            waits.append(f.fakes.clock.now().seconds(since: before))
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60])
        f.fakes.store.failWrites(false)
        await f.fireTimer()
        #expect(f.fakes.store.contents.openRuns.first?.snoozedUntil == until)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(until))
    }

    @Test func theLastOccurrenceOfARingThatCouldNotBeSavedIsSavedOnceTheDiskHasRoom() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        let due = try #require(f.fakes.store.contents.nextFires[id])
        f.fakes.store.failWrites(true)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.store.contents.lastOccurrences[id] == nil)
        f.fakes.store.failWrites(false)
        await f.fireTimer()
        #expect(f.fakes.store.contents.lastOccurrences[id] == .rang(due))
    }

    @Test func whileTheDatabaseCannotBeOpenedRequestsFailWithTheReasonAndPreflightBlocks() async throws {
        let store = FakeStore(StoredState(alarms: [Alarm(id: AlarmID("12345678-1234-4234-8234-123456789abc")!, time: WallTime(hour: 7, minute: 0)!)]))
        store.failReads(true)
        let fakes = FakeWorld(now: mondayMorning, store: store)
        let core = AgentCore(world: fakes.world, config: AgentConfig(), words: WordLists(english: ["apple"]), random: .seeded(7))
        await #expect(throws: AgentError.self) { try await core.load() }
        await core.databaseUnavailable("another program holds it locked")
        await #expect {
            try await core.requireDatabase()
        } throws: { error in
            guard case AgentError.failed(let message) = error else { return false }
            return message.english == "the alarm database cannot be opened: another program holds it locked"
        }
        let result = await core.preflight()
        #expect(!result.ok && result.reasons == ["database-unavailable"])
        let details = await core.preflightDetails()
        #expect(details["database-unavailable"]?.contains("cannot be opened (another program holds it locked)") == true)
        #expect(fakes.notifier.notices == ["Alarms cannot ring"])

        store.failReads(false)
        try await core.load()
        try await core.requireDatabase()
        #expect(await core.list().count == 1)
        #expect(await core.preflight().ok)
    }

    @Test func anUnreadableAlarmIsNoticedAndNamedWithoutBlocking() async throws {
        let store = FakeStore(StoredState(unreadable: [UnreadableAlarm(id: "0badbad0", reason: .verbatim("its challenge 'bogus' cannot be read"))]))
        let f = try await CoreFixture(store: store)
        let result = await f.core.preflight()
        #expect(result.ok && result.reasons == ["alarm-unreadable"])
        #expect(await f.core.preflightDetails()["alarm-unreadable"]?.contains("0badbad0 (its challenge 'bogus' cannot be read)") == true)
        #expect(f.fakes.notifier.notices == ["An alarm cannot be read"])
    }

    @Test func everyNoteHasItsOwnSentence() {
        let notes = ["notifications-disabled", "sound-unavailable", "terminal-missing", "database-unreadable",
                     "database-unavailable", "database-unwritable", "alarm-unreadable", "alarm-over-limits", "low-power-mode",
                     "wake-from-suspend-unavailable", "sound-muted", "database-read-only", "time-zone-unreadable",
                     "config-invalid"]
        let sentences = Set(notes.map { PreflightNotes.message(for: $0).english })
        #expect(sentences.count == notes.count)
        #expect(!sentences.contains(PreflightNotes.message(for: "no-such-note").english))
    }
}
