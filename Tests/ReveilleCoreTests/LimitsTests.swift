import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// Limits on new input count bytes and alarms; what was stored before them keeps ringing.
@Suite struct LimitsTests {
    /// One character: "e" with 1,999 combining acute accents, 3,999 bytes in UTF-8.
    static let heavyCharacter = "e" + String(repeating: "\u{301}", count: 1999)

    static func storedAlarms(_ count: Int, label: String = "") -> [Alarm] {
        var random = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            Alarm(id: .random(using: &random), time: WallTime(hour: 7, minute: 0)!, repeatDays: [.monday], label: label,
                  challenges: [Challenge(id: .random(using: &random), params: .math(difficulty: .easy, timeLimit: 60), orderIndex: 0)])
        }
    }

    @Test func aLabelOverTheByteLimitIsRefusedThoughItIsOneCharacter() async throws {
        let f = try await CoreFixture()
        #expect(Self.heavyCharacter.count == 1)
        await #expect {
            _ = try await f.addAlarm { $0.label = Self.heavyCharacter }
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.english == "label is 3999 bytes long in UTF-8; the limit is 1024"
        }
        let fits = String(repeating: "é", count: 256)  // 256 characters, 512 bytes
        let id = try await f.addAlarm { $0.label = fits }
        #expect(try await f.core.get(id).alarm.label == fits)
        var changes = AlarmChanges()
        changes.label = String(repeating: "\u{1F600}", count: 257)
        await #expect(throws: AgentError.self) { try await f.core.update(id, changes) }
        #expect(await f.core.list().count == 1)
    }

    @Test func aQRCodeOverTheByteLimitIsRefused() async throws {
        let f = try await CoreFixture()
        let code = "kitchen" + String(repeating: "\u{301}", count: 600)
        await #expect(throws: AgentError.self) {
            _ = try await f.addAlarm { $0.challenges = [.new(.qr(expected: code))] }
        }
        #expect(throws: AlarmFieldError.self) { try AlarmText.parseChallenge("qr:" + code) }
        #expect(await f.core.list().isEmpty)
    }

    @Test func theThousandAndFirstAlarmIsRefusedWithLimitReached() async throws {
        let stored = Self.storedAlarms(Alarm.maximumCount - 1)
        let f = try await CoreFixture(store: FakeStore(StoredState(alarms: stored)))
        let last = try await f.addAlarm()
        await #expect(throws: AgentError.limitReached(alarms: 1000)) { _ = try await f.addAlarm() }
        #expect(await f.core.list().count == 1000)
        try await f.core.remove(last)
        _ = try await f.addAlarm()
        #expect(await f.core.list().count == 1000)
    }

    @Test func aStoredAlarmOverTheNewLimitsLoadsRingsAndIsNotedByPreflight() async throws {
        let label = String(repeating: "ab", count: 1000)  // 2,000 bytes, stored before the byte limit
        var alarm = Self.storedAlarms(1, label: label)[0]
        alarm.repeatDays = []
        alarm.date = CivilDate(year: 2027, month: 1, day: 4)
        alarm.time = WallTime(hour: 6, minute: 5)!
        let store = FakeStore(StoredState(alarms: [alarm], nextFires: [alarm.id: mondayMorning.adding(seconds: 300)]))
        let f = try await CoreFixture(store: store)
        #expect(try await f.core.get(alarm.id).alarm.label == label)
        let preflight = await f.core.preflight()
        #expect(preflight.ok)
        #expect(preflight.reasons == ["alarm-over-limits"])
        await f.fireTimer()
        #expect(await f.core.ringingAlarms == [alarm.id])
        #expect(f.fakes.sound.isPlaying(alarm.id))
        #expect(f.fakes.notifier.shown(alarm.id)?.summary.english == label)
    }

    @Test func editingAStoredAlarmOverTheLimitsKeepsWhatWasNotChanged() async throws {
        let label = String(repeating: "ab", count: 1000)
        let alarm = Self.storedAlarms(1, label: label)[0]
        let f = try await CoreFixture(store: FakeStore(StoredState(alarms: [alarm])))
        var changes = AlarmChanges()
        changes.time = WallTime(hour: 8, minute: 30)
        try await f.core.update(alarm.id, changes)
        #expect(try await f.core.get(alarm.id).alarm.label == label)
        changes.label = "Short"
        try await f.core.update(alarm.id, changes)
        #expect(await f.core.preflight().reasons.isEmpty)
    }

    @Test func alarmsWithinTheLimitsAreNotNoted() async throws {
        let f = try await CoreFixture(store: FakeStore(StoredState(alarms: Self.storedAlarms(3, label: "Work"))))
        #expect(await f.core.preflight().reasons.isEmpty)
    }
}
