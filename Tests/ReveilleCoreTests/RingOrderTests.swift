import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import Testing

/// At the due second what the user and the clients wait for goes out first; the disk and the hooks after.
@Suite struct RingOrderTests {
    static func ringHook() -> AgentConfig {
        var config = AgentConfig()
        config.hooks[.ring] = ["/usr/local/bin/on-ring"]
        return config
    }

    /// Records the `Ringing` signals in the journal, between the other effects.
    static func journalRinging(_ f: CoreFixture) {
        f.core.events.listen { [journal = f.fakes.journal] event in
            if case .ringing(let id, _, _) = event { journal.record("Ringing signal of \(id)") }
        }
    }

    @Test func aDueAlarmSignalsThenShowsThenSoundsThenWritesThenRunsItsHook() async throws {
        let f = try await CoreFixture(config: Self.ringHook())
        let id = try await f.addAlarm(minutesAhead: 5)
        Self.journalRinging(f)
        let before = f.fakes.journal.all.count
        await f.fireTimer()
        #expect(Array(f.fakes.journal.all.dropFirst(before)) == [
            "Ringing signal of \(id)",
            "notification of \(id) shown",
            "sound of \(id) starts",
            "store saves the last occurrence of \(id)",
            "store saves the run of \(id)",
            "store saves the alarm \(id)",
            "hook /usr/local/bin/on-ring runs",
        ])
    }

    @Test func alarmsDueTogetherAllRingBeforeAnyOfThemIsWritten() async throws {
        let f = try await CoreFixture()
        let first = try await f.addAlarm(minutesAhead: 5)
        let second = try await f.addAlarm(minutesAhead: 5)
        Self.journalRinging(f)
        let before = f.fakes.journal.all.count
        await f.fireTimer()
        let effects = Array(f.fakes.journal.all.dropFirst(before))
        let firstWrite = try #require(effects.firstIndex { $0.hasPrefix("store saves") })
        #expect(Set(effects[..<firstWrite]) == Set([first, second].flatMap { id in
            ["Ringing signal of \(id)", "notification of \(id) shown", "sound of \(id) starts"]
        }))
        #expect(effects.count == firstWrite + 6)
    }

    @Test func aRingWhoseWritesFailStillSignalsShowsAndSounds() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        f.fakes.store.failWrites(true)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.notifier.shown(id) != nil)
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.events.all.contains(.ringing(id, label: "Alarm", snoozeCount: 0)))
    }
}
