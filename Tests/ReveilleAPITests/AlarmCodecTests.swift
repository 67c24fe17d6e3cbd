import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTime
import Testing

@Suite struct AlarmCodecTests {
    @Test func everyWritableKeyDecodesFromItsDBusType() throws {
        let changes = try AlarmCodec.decodeChanges([
            "label": .string("Work"), "time": .string("06:45"), "repeat": .array("s", [.string("weekdays")]),
            "enabled": .bool(false), "sound": .string("/tmp/bell.oga"), "volume": .double(0.5),
            "snooze_minutes": .uint32(9), "max_snoozes": .int32(-1),
            "challenges": .array("s", [.string("math:hard"), .string("qr:*"), .string("typing:4")]),
        ])
        #expect(changes.label == "Work" && changes.time == WallTime(hour: 6, minute: 45))
        #expect(changes.repeatDays == [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(changes.enabled == false && changes.sound == "/tmp/bell.oga" && changes.volume == 0.5)
        #expect(changes.snoozeMinutes == 9 && changes.maxSnoozes == -1)
        #expect(changes.challenges == [.new(.math(difficulty: .hard, timeLimit: 60)), .keepStoredCode, .new(.typing(words: 4))])
    }

    @Test(arguments: [Value.byte(7), .int16(7), .uint16(7), .int32(7), .uint32(7), .int64(7), .uint64(7)])
    func numericKeysAcceptAnyIntegerType(_ value: Value) throws {
        #expect(try AlarmCodec.decodeChanges(["snooze_minutes": value]).snoozeMinutes == 7)
    }

    @Test func readOnlyAndUnknownKeysAreRefusedByName() {
        for key in ["id", "next_fire", "snooze_count", "ringing", "snoozed", "skipped_occurrence", "paused_until"] {
            #expect {
                try AlarmCodec.decodeChanges([key: .string("x")])
            } throws: { error in
                guard case AgentError.invalidArgument(let message) = error else { return false }
                return message.english == "key '\(key)' is read-only"
            }
        }
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["colour": .string("red")]) }
    }

    @Test func wrongValueTypesNameTheKeyAndTheTypes() {
        #expect {
            try AlarmCodec.decodeChanges(["time": .int32(7)])
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.english == "key 'time' must be a string (s), not a value of type 'i'"
        }
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["repeat": .string("daily")]) }
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["volume": .string("loud")]) }
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["challenges": .array("i", [.int32(1)])]) }
    }

    @Test func aSnapshotEncodesEveryKeyAndHidesQRCodes() {
        let alarm = Alarm(
            id: AlarmID("12345678-1234-4234-8234-123456789abc")!, time: WallTime(hour: 7, minute: 0)!,
            repeatDays: [.saturday], label: "L",
            challenges: [Challenge(id: ChallengeID("c"), params: .qr(expected: "secret"), orderIndex: 0)])
        let encoded = AlarmCodec.encode(AlarmSnapshot(alarm: alarm, nextFire: Instant(secondsSinceEpoch: 99), snoozeCount: 2, ringing: true))
        #expect(Set(encoded.keys) == AlarmCodec.writableKeys.union(AlarmCodec.readOnlyKeys).subtracting(["date"]))
        #expect(encoded["challenges"] == .array("s", [.string("qr:*")]))
        #expect(encoded["next_fire"] == .int64(99) && encoded["snooze_count"] == .uint32(2) && encoded["ringing"] == .bool(true))
        #expect(encoded["max_snoozes"] == .int32(3))
    }

    @Test func aSkipAndAPauseEncodeAsUnixSecondsAndADateAndNoneAsZeroAndEmpty() {
        let plain = Alarm(id: AlarmID("12345678-1234-4234-8234-123456789abc")!, time: WallTime(hour: 7, minute: 0)!,
                          repeatDays: [.monday])
        let none = AlarmCodec.encode(AlarmSnapshot(alarm: plain, nextFire: nil, snoozeCount: 0, ringing: false))
        #expect(none["skipped_occurrence"] == .int64(0) && none["paused_until"] == .string(""))
        var held = plain
        held.skippedOccurrence = LocalDateTime(date: CivilDate(year: 2027, month: 1, day: 11)!, time: WallTime(hour: 7, minute: 0)!)
        held.pausedUntil = CivilDate(year: 2027, month: 1, day: 5)
        let encoded = AlarmCodec.encode(AlarmSnapshot(alarm: held, nextFire: nil, snoozeCount: 0, ringing: false,
                                                      skippedOccurrence: Instant(secondsSinceEpoch: 1_799_650_800)))
        #expect(encoded["skipped_occurrence"] == .int64(1_799_650_800))
        #expect(encoded["paused_until"] == .string("2027-01-05"))
    }

    @Test func clientEncodingDecodesBackToTheSameChanges() throws {
        var changes = AlarmChanges()
        changes.label = "x"
        changes.time = WallTime(hour: 5, minute: 4, second: 3)
        changes.date = CivilDate(year: 2027, month: 2, day: 28)
        changes.maxSnoozes = 0
        changes.challenges = [.new(.qr(expected: "KITCHEN")), .new(.math(difficulty: .easy, timeLimit: 60))]
        #expect(try AlarmCodec.decodeChanges(AlarmCodec.encode(changes)) == changes)
    }

    @Test func aChallengeViewDecodesBackToItselfAndAMissingKeyToNothing() {
        let locked = ChallengeView(index: 1, total: 3, kind: .typing, prompt: "Type: apple river", deadline: nil,
                                   attempts: 2, lockedUntil: Instant(secondsSinceEpoch: 1_800_000_000))
        let timed = ChallengeView(index: 0, total: 1, kind: .math, prompt: "7 × 12 − 45 = ?",
                                  deadline: Instant(secondsSinceEpoch: 1_800_000_060), attempts: 0, lockedUntil: nil)
        #expect(AlarmCodec.decodeChallenge(AlarmCodec.encode(locked)) == locked)
        #expect(AlarmCodec.decodeChallenge(AlarmCodec.encode(timed)) == timed)
        var partial = AlarmCodec.encode(timed)
        partial["prompt"] = nil
        #expect(AlarmCodec.decodeChallenge(partial) == nil)
        #expect(AlarmCodec.decodeChallenge([:]) == nil)
    }
}

/// A digit followed by a combining mark is one `Character` that looks like a digit: it once trapped the agent.
@Suite struct NonASCIIDigitTests {
    @Test(arguments: ["1\u{301}1:00", "07:0\u{301}", "\u{661}\u{662}:00", "\u{FF10}7:00", "1\u{FE0F}\u{20E3}2:00", "\u{B9}\u{B2}:00"])
    func aTimeWithAnythingButASCIIDigitsIsAnInvalidArgument(_ time: String) {
        #expect {
            try AlarmCodec.decodeChanges(["time": .string(time)])
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.english == "time '\(AlarmText.quoted(time))' is not a valid HH:MM time"
        }
    }

    @Test(arguments: ["1\u{301}111-01-01", "2027-0\u{301}1-01", "\u{967}\u{968}\u{969}\u{96A}-01-01", "2027-\u{FF10}1-01"])
    func aDateWithAnythingButASCIIDigitsIsAnInvalidArgument(_ date: String) {
        #expect {
            try AlarmCodec.decodeChanges(["time": .string("07:00"), "date": .string(date)])
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.english == "date '\(AlarmText.quoted(date))' is not a valid YYYY-MM-DD date"
        }
    }

    @Test(arguments: [0xFFFF, 0xFDD0, 0x10FFFF, 0x1FFFE] as [UInt32])
    func aNoncharacterThatSdBusClientsRefuseIsAnInvalidArgument(_ code: UInt32) {
        let label = "Work" + String(Unicode.Scalar(code)!)
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["time": .string("07:00"), "label": .string(label)]) }
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["repeat": .array("s", [.string("mon" + label)])]) }
    }

    @Test func aTypingCountWithACombiningMarkIsAnInvalidArgument() {
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["challenges": .array("s", [.string("typing:6\u{301}")])]) }
    }
}

@Suite struct ErrorTableTests {
    @Test func everyAgentErrorHasItsOwnNameAndComesBackAsTheSameKind() {
        let id = AlarmID("12345678-1234-4234-8234-123456789abc")!
        let errors: [AgentError] = [.notFound("x"), .invalidArgument(.verbatim("y")), .notRinging(id), .snoozeLimitReached(id),
                                    .lockedOut(until: Instant(secondsSinceEpoch: 5)), .alarmActive(id), .failed(.verbatim("z"))]
        let names = errors.map(\.dbusError.name)
        #expect(Set(names).count == errors.count)
        #expect(names.allSatisfy { $0.hasPrefix("io.github.Reveille1.Error.") })
        for error in errors {
            let back = ReveilleError(error.dbusError)
            #expect(back?.kind == ReveilleErrorKind(error))
            #expect(back?.message == error.description)
        }
        #expect(ReveilleError(DBusError(name: "org.freedesktop.DBus.Error.NoReply", message: "")) == nil)
    }
}

@Suite struct InSecondsCodecTests {
    @Test func inSecondsDecodesAndEncodes() throws {
        #expect(try AlarmCodec.decodeChanges(["in_seconds": .uint32(90)]).inSeconds == 90)
        var changes = AlarmChanges()
        changes.inSeconds = 1500
        #expect(AlarmCodec.encode(changes)["in_seconds"] == .uint32(1500))
    }

    @Test(arguments: [Value.uint32(0), .int64(-5), .uint32(366 * 86_400 + 1)])
    func inSecondsOutOfRangeIsRefused(_ value: Value) {
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["in_seconds": value]) }
    }
}

@Suite struct WakeCheckCodecTests {
    @Test func wakeCheckDecodesEncodesAndReadsBack() throws {
        #expect(try AlarmCodec.decodeChanges(["wake_check": .uint32(15)]).wakeCheck == 15)
        var changes = AlarmChanges()
        changes.wakeCheck = 5
        #expect(AlarmCodec.encode(changes)["wake_check"] == .uint32(5))
        #expect(try AlarmCodec.decodeChanges(AlarmCodec.encode(changes)) == changes)
        let alarm = Alarm(id: AlarmID("12345678-1234-4234-8234-123456789abc")!, time: WallTime(hour: 7, minute: 0)!,
                          wakeCheckMinutes: 20)
        let encoded = AlarmCodec.encode(AlarmSnapshot(alarm: alarm, nextFire: nil, snoozeCount: 0, ringing: false))
        #expect(encoded["wake_check"] == .uint32(20))
    }

    @Test(arguments: [Value.uint32(61), .int32(-1), .uint64(1 << 40)])
    func wakeCheckOutOfRangeIsAnInvalidArgument(_ value: Value) throws {
        var alarm = Alarm(id: AlarmID("12345678-1234-4234-8234-123456789abc")!, time: WallTime(hour: 7, minute: 0)!)
        var generator = SystemRandomNumberGenerator()
        #expect {
            let changes = try AlarmCodec.decodeChanges(["wake_check": value])
            alarm = try changes.apply(to: alarm, using: &generator)
        } throws: { error in
            guard case .invalidArgument = error as? AgentError else { return false }
            return true
        }
        #expect(alarm.wakeCheckMinutes == 0)
    }

    @Test func wakeCheckOfZeroTurnsItOff() throws {
        let alarm = Alarm(id: AlarmID("12345678-1234-4234-8234-123456789abc")!, time: WallTime(hour: 7, minute: 0)!,
                          wakeCheckMinutes: 30)
        var generator = SystemRandomNumberGenerator()
        let off = try AlarmCodec.decodeChanges(["wake_check": .uint32(0)]).apply(to: alarm, using: &generator)
        #expect(off.wakeCheckMinutes == 0)
    }
}
