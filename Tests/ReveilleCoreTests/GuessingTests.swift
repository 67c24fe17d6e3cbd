import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// Guessing is no way out: failures count across the whole run, and new codes are long enough not to guess.
@Suite struct GuessingTests {
    /// Three failures lock answers out for ten minutes; a snooze lasts one.
    static var strictConfig: AgentConfig {
        var config = AgentConfig()
        config.lockout = LockoutPolicy(maxFailures: 3, cooldown: 600)
        return config
    }

    /// A ringing alarm whose problem is on screen: answers are to a problem that was shown.
    func ringingAlarm(_ f: CoreFixture) async throws -> AlarmID {
        let id = try await f.addAlarm(minutesAhead: 5) { $0.snoozeMinutes = 1; $0.maxSnoozes = -1 }
        await f.fireTimer()
        _ = try await f.core.challenge(id)
        return id
    }

    @Test func failuresBeforeASnoozeStillCountWhenItRingsAgain() async throws {
        let f = try await CoreFixture(config: Self.strictConfig)
        let id = try await ringingAlarm(f)
        #expect(try await f.core.submit(id, answer: "x").0 == .wrong)
        #expect(try await f.core.submit(id, answer: "x").0 == .wrong)
        _ = try await f.core.snooze(id)
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [id])
        _ = try await f.core.challenge(id)
        #expect(try await f.core.submit(id, answer: "x").0 == .locked)
        await #expect(throws: AgentError.self) { try await f.core.submit(id, answer: "x") }
    }

    @Test func aSnoozeDuringALockoutDoesNotEndIt() async throws {
        let f = try await CoreFixture(config: Self.strictConfig)
        let id = try await ringingAlarm(f)
        for _ in 0..<2 { _ = try await f.core.submit(id, answer: "x") }
        #expect(try await f.core.submit(id, answer: "x").0 == .locked)
        let until = f.fakes.clock.now().adding(seconds: 600)
        _ = try await f.core.snooze(id)
        await f.fireTimer()
        #expect(try await f.core.challenge(id).lockedUntil == until)
        await #expect(throws: AgentError.lockedOut(until: until)) { try await f.core.submit(id, answer: "1") }
    }

    @Test func aRestartAfterASnoozeStillCountsTheFailures() async throws {
        let store = FakeStore()
        let f = try await CoreFixture(store: store, config: Self.strictConfig)
        let id = try await ringingAlarm(f)
        for _ in 0..<2 { _ = try await f.core.submit(id, answer: "x") }
        let until = try await f.core.snooze(id)

        let restarted = try await CoreFixture(now: until, store: store, config: Self.strictConfig)
        #expect(await restarted.core.ringingAlarms == [id])
        _ = try await restarted.core.challenge(id)
        #expect(try await restarted.core.submit(id, answer: "x").0 == .locked)
    }

    @Test func aRightAnswerStillEndsTheStreak() async throws {
        let f = try await CoreFixture(config: Self.strictConfig)
        let id = try await f.addAlarm(minutesAhead: 5) {
            $0.challenges = [.new(.math(difficulty: .easy, timeLimit: 60)), .new(.math(difficulty: .easy, timeLimit: 60))]
            $0.snoozeMinutes = 1
        }
        await f.fireTimer()
        _ = try await f.core.challenge(id)
        for _ in 0..<2 { _ = try await f.core.submit(id, answer: "x") }
        #expect(try await f.solve(id) == .correct)
        _ = try await f.core.snooze(id)
        await f.fireTimer()
        _ = try await f.core.challenge(id)
        #expect(try await f.core.submit(id, answer: "x").0 == .wrong)
    }

    @Test func aNewQRCodeOfFewerThanSixCharactersIsRefused() async throws {
        let f = try await CoreFixture()
        await #expect {
            _ = try await f.addAlarm { $0.challenges = [.new(.qr(expected: "K1"))] }
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.english == "a qr code must be 6 to 128 printable characters"
        }
        _ = try await f.addAlarm { $0.challenges = [.new(.qr(expected: "KITCH1"))] }
    }

    @Test func aShortCodeStoredBeforeTheMinimumStillWorks() async throws {
        let id = AlarmID.probe
        let old = Alarm(id: id, time: WallTime(hour: 6, minute: 5)!,
                        challenges: [Challenge(id: ChallengeID("c"), params: .qr(expected: "K1"), orderIndex: 0)])
        let store = FakeStore(StoredState(alarms: [old], nextFires: [id: mondayMorning.adding(seconds: 300)]))
        let f = try await CoreFixture(store: store)
        #expect(await f.core.preflight().reasons.contains("alarm-over-limits"))
        var changes = AlarmChanges()
        changes.label = "kept"
        changes.challenges = [.keepStoredCode, .new(.math(difficulty: .easy, timeLimit: 60))]
        try await f.core.update(id, changes)
        #expect(try await f.core.get(id).alarm.challenges.map(\.params).first == .qr(expected: "K1"))
        await f.fireTimer()
        _ = try await f.core.challenge(id)
        #expect(try await f.core.submit(id, answer: "K1").0 == .correct)
        #expect(try await f.solve(id) == .dismissed)
    }
}
