import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The ring is made ready `PrepareRing.lead` before it is due; at the due second only the sound starts.
@Suite struct PrepareRingTests {
    @Test func theRuleAsksForTheLeadBeforeTheDueSecondAndNotAfterIt() {
        let due = mondayMorning
        let rule = PrepareRing()
        #expect(rule.at(due) == due.adding(seconds: -PrepareRing.lead))
        #expect(!rule.isDue(due, now: due.adding(seconds: -PrepareRing.lead - 1)))
        #expect(rule.isDue(due, now: due.adding(seconds: -PrepareRing.lead)))
        #expect(rule.isDue(due, now: due.adding(seconds: -1)))
        #expect(!rule.isDue(due, now: due))
    }

    @Test func theSoundIsPreparedBeforeTheDueSecondAndTheRingStartsWhatWasPrepared() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.sound = "/sounds/bell.ogg"; $0.volume = 0.7 }
        let due = mondayMorning.adding(seconds: 300)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(due))
        await f.fireTimerOnce()
        #expect(f.fakes.sound.preparation(of: id) == FakeSound.Preparation(sound: "/sounds/bell.ogg", volume: 0.7))
        #expect(!f.fakes.sound.isPlaying(id))
        #expect(await f.core.ringingAlarms.isEmpty)
        #expect(f.fakes.timer.armedAt == due)
        await f.fireTimerOnce()
        #expect(f.fakes.clock.now() == due)
        #expect(f.fakes.sound.startedPrepared == [id])
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.fakes.sound.releases.isEmpty)
    }

    @Test func aRemovedAlarmReleasesItsPreparation() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimerOnce()
        #expect(f.fakes.sound.preparation(of: id) != nil)
        try await f.core.remove(id)
        #expect(f.fakes.sound.releases == [id])
        #expect(f.fakes.sound.preparation(of: id) == nil)
    }

    @Test func aDisabledAlarmReleasesItsPreparation() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimerOnce()
        try await f.core.setEnabled(id, false)
        #expect(f.fakes.sound.releases == [id])
        #expect(f.fakes.sound.preparation(of: id) == nil)
    }

    @Test func anEditedSoundIsPreparedAgain() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimerOnce()
        var changes = AlarmChanges()
        changes.sound = "/sounds/other.ogg"
        try await f.core.update(id, changes)
        #expect(f.fakes.sound.releases == [id])
        #expect(f.fakes.sound.preparation(of: id)?.sound == "/sounds/other.ogg")
        await f.fireTimerOnce()
        #expect(f.fakes.sound.startedPrepared == [id])
    }

    @Test func aFailedPreparationStillRingsAtTheDueSecond() async throws {
        let f = try await CoreFixture()
        f.fakes.sound.failingPreparations.withLock { $0 = true }
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimerOnce()
        #expect(f.fakes.sound.preparation(of: id) == nil)
        await f.fireTimerOnce()
        #expect(f.fakes.clock.now() == mondayMorning.adding(seconds: 300))
        #expect(await f.core.ringingAlarms == [id])
        #expect(f.fakes.sound.isPlaying(id))
        #expect(f.fakes.sound.startedPrepared.isEmpty)
    }

    @Test func aSnoozedRingIsPreparedBeforeItRingsAgain() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimer()
        let until = try await f.core.snooze(id)
        #expect(f.fakes.timer.armedAt == PrepareRing().at(until))
        await f.fireTimerOnce()
        #expect(f.fakes.sound.preparation(of: id) != nil)
        await f.fireTimerOnce()
        #expect(f.fakes.sound.startedPrepared.last == id)
        #expect(f.fakes.sound.isPlaying(id))
    }
}

/// A ring missed after its sound was prepared gives the preparation back.
@Suite struct PrepareRingReleaseTests {
    @Test func aRingMissedAfterItsPreparationReleasesTheSound() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5)
        await f.fireTimerOnce()
        #expect(f.fakes.sound.preparation(of: id) != nil)
        // The machine slept through the due second and well past the grace.
        f.fakes.clock.suspend(for: mondayMorning.adding(seconds: 3600).seconds(since: f.fakes.clock.now()))
        await f.core.wake()
        #expect(f.fakes.sound.releases == [id])
        #expect(f.fakes.sound.preparation(of: id) == nil)
        #expect(!f.fakes.sound.isPlaying(id))
    }
}
