import DBus
import ReveilleAPI
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTime
import Testing

@Suite struct AlarmEncodingsTests {
    static func snapshot(_ id: String, label: String = "wake", nextFire: Int64? = 100) -> AlarmSnapshot {
        let alarm = Alarm(id: AlarmID(id)!, time: WallTime(hour: 7, minute: 30)!, label: label,
                          challenges: [Challenge(id: ChallengeID("c"), params: .math(difficulty: .easy, timeLimit: 60), orderIndex: 0)])
        return AlarmSnapshot(alarm: alarm, nextFire: nextFire.map(Instant.init(secondsSinceEpoch:)), snoozeCount: 0, ringing: false)
    }

    static let first = "12345678-1234-4234-8234-123456789abc"
    static let second = "22345678-1234-4234-8234-123456789abc"

    /// What ListAlarms would have sent without the cache.
    static func fresh(_ snapshots: [AlarmSnapshot]) throws -> [Value] {
        [.vardictArray(snapshots.map(AlarmCodec.encode))]
    }

    static func listed(_ encodings: AlarmEncodings, _ snapshots: [AlarmSnapshot]) throws -> [Value] {
        try EncodedBody.vardictArray(encodings.encoded(snapshots)).values()
    }

    @Test func listingTwiceGivesWhatEncodingEachAlarmAnewGives() throws {
        let encodings = AlarmEncodings()
        let snapshots = [Self.snapshot(Self.first), Self.snapshot(Self.second, label: "two", nextFire: nil)]
        #expect(try Self.listed(encodings, snapshots) == Self.fresh(snapshots))
        #expect(try Self.listed(encodings, snapshots) == Self.fresh(snapshots))
    }

    @Test func anAlarmThatChangedIsEncodedAgain() throws {
        let encodings = AlarmEncodings()
        _ = try encodings.encoded([Self.snapshot(Self.first), Self.snapshot(Self.second)])
        var ringing = Self.snapshot(Self.second)
        ringing.ringing = true
        ringing.nextFire = nil
        for changed in [[Self.snapshot(Self.first, label: "renamed"), Self.snapshot(Self.second)],
                        [Self.snapshot(Self.first, nextFire: 200), ringing]] {
            #expect(try Self.listed(encodings, changed) == Self.fresh(changed))
        }
    }

    @Test func theListIsMadeAgainOnlyWhenAnAlarmOrTheOrderChanged() throws {
        let encodings = AlarmEncodings()
        let snapshots = [Self.snapshot(Self.first), Self.snapshot(Self.second, nextFire: 200)]
        #expect(try encodings.list(snapshots).values() == Self.fresh(snapshots))
        #expect(try encodings.list(snapshots).values() == Self.fresh(snapshots))
        let reordered = Array(snapshots.reversed())
        #expect(try encodings.list(reordered).values() == Self.fresh(reordered))
        let renamed = [Self.snapshot(Self.first, label: "renamed"), Self.snapshot(Self.second, nextFire: 200)]
        #expect(try encodings.list(renamed).values() == Self.fresh(renamed))
        #expect(try encodings.list([]).values() == Self.fresh([]))
    }

    @Test func aRemovedAlarmIsForgotten() throws {
        let encodings = AlarmEncodings()
        _ = try encodings.encoded([Self.snapshot(Self.first), Self.snapshot(Self.second)])
        #expect(encodings.count == 2)
        let remaining = [Self.snapshot(Self.second)]
        #expect(try Self.listed(encodings, remaining) == Self.fresh(remaining))
        #expect(encodings.count == 1)
    }

    @Test func holdingGivesWhatEncodingAnewGivesAndFollowsChanges() throws {
        let encodings = AlarmEncodings()
        let alarm = Self.snapshot(Self.first)
        let id = AlarmID(Self.first)!
        #expect(try encodings.hold([alarm], at: 1, answering: id).values() == [.vardict(AlarmCodec.encode(alarm))])
        #expect(try encodings.hold([alarm], at: 2, answering: id).values() == [.vardict(AlarmCodec.encode(alarm))])
        var ringing = alarm
        ringing.ringing = true
        ringing.nextFire = nil
        #expect(try encodings.hold([ringing], at: 3, answering: id).values() == [.vardict(AlarmCodec.encode(ringing))])
        // The list and the single answer share the alarm's one encoding.
        #expect(try Self.listed(encodings, [ringing]) == Self.fresh([ringing]))
        #expect(encodings.count == 1)
    }

    @Test func aForgottenAlarmIsDroppedAtOnce() throws {
        let encodings = AlarmEncodings()
        let both = [Self.snapshot(Self.first), Self.snapshot(Self.second)]
        _ = try encodings.hold(both, at: 1, answering: AlarmID(Self.first)!)
        encodings.forget(AlarmID(Self.first)!)
        #expect(encodings.count == 1)
        #expect(encodings.held(AlarmID(Self.first)!, at: 1) == nil)
        #expect(try encodings.held(AlarmID(Self.second)!, at: 1)?.values() == [.vardict(AlarmCodec.encode(Self.snapshot(Self.second)))])
    }

    @Test func everyHeldAlarmIsGivenOnlyAtTheGenerationItWasReadAt() throws {
        let encodings = AlarmEncodings()
        let (first, second) = (AlarmID(Self.first)!, AlarmID(Self.second)!)
        #expect(encodings.held(first, at: 0) == nil)
        let both = [Self.snapshot(Self.first), Self.snapshot(Self.second, label: "two")]
        _ = try encodings.hold(both, at: 5, answering: first)
        #expect(try encodings.held(first, at: 5)?.values() == [.vardict(AlarmCodec.encode(both[0]))])
        #expect(try encodings.held(second, at: 5)?.values() == [.vardict(AlarmCodec.encode(both[1]))])
        #expect(encodings.held(first, at: 6) == nil)
        #expect(encodings.held(second, at: 4) == nil)
        // A read that finishes after a newer one does not take the held generation back.
        _ = try encodings.hold(both, at: 7, answering: first)
        _ = try encodings.hold(both, at: 6, answering: first)
        #expect(encodings.held(second, at: 7) != nil)
        #expect(encodings.held(second, at: 6) == nil)
        // Nor does it pass an older alarm off as current.
        _ = try encodings.hold([Self.snapshot(Self.first, label: "older"), both[1]], at: 6, answering: first)
        #expect(encodings.held(first, at: 7) == nil)
        #expect(encodings.held(second, at: 7) != nil)
    }

    @Test func aListKeepsWhatItSawUnchangedHeldAndDropsTheRest() throws {
        let encodings = AlarmEncodings()
        let id = AlarmID(Self.first)!
        _ = try encodings.hold([Self.snapshot(Self.first), Self.snapshot(Self.second)], at: 5, answering: id)
        _ = try encodings.list([Self.snapshot(Self.first), Self.snapshot(Self.second)])
        #expect(encodings.held(id, at: 5) != nil)
        _ = try encodings.list([Self.snapshot(Self.first, label: "renamed")])
        #expect(encodings.held(id, at: 5) == nil)
        #expect(encodings.held(AlarmID(Self.second)!, at: 5) == nil)
    }

    @Test func oneAlarmIsHeldAtItsGenerationAndFollowsItsChanges() throws {
        let encodings = AlarmEncodings()
        let (first, second) = (AlarmID(Self.first)!, AlarmID(Self.second)!)
        _ = try encodings.hold([Self.snapshot(Self.first), Self.snapshot(Self.second)], at: 3, answering: first)
        let renamed = Self.snapshot(Self.first, label: "renamed")
        #expect(try encodings.one(renamed, generation: 4).values() == [.vardict(AlarmCodec.encode(renamed))])
        #expect(try encodings.held(first, at: 4)?.values() == [.vardict(AlarmCodec.encode(renamed))])
        // Reading one alarm vouches for no other.
        #expect(encodings.held(second, at: 4) == nil)
        // An older read that finishes late is never current.
        _ = try encodings.one(Self.snapshot(Self.first), generation: 2)
        #expect(encodings.held(first, at: 4) == nil)
        #expect(encodings.count == 2)
    }

    @Test func theSecondReadOfOneAtAGenerationAsksForAll() {
        let encodings = AlarmEncodings()
        #expect(!encodings.readOneAlready(at: 1))
        #expect(encodings.readOneAlready(at: 1))
        #expect(!encodings.readOneAlready(at: 2))
    }

    @Test func anAlarmMissingFromTheSnapshotsIsNotAnswered() throws {
        let encodings = AlarmEncodings()
        #expect(throws: DBusError.self) { try encodings.hold([Self.snapshot(Self.second)], at: 1, answering: AlarmID(Self.first)!) }
    }
}
