import Foundation
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleTime
import SQLite
import Testing

@Suite struct CardStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-cards-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
    var path: String { directory + "/alarms.db" }

    let kitchen = CodeCard(label: "Kitchen", hash: "$y$j9T$salt$hash", created: Instant(secondsSinceEpoch: 1_800_000_000))

    @Test func aCardSurvivesReopeningAndGoesWhenDeleted() throws {
        try SQLiteAlarmStore(path: path).save(kitchen)
        #expect(try SQLiteAlarmStore(path: path).load().cards == [kitchen])
        try SQLiteAlarmStore(path: path).deleteCard("Kitchen")
        #expect(try SQLiteAlarmStore(path: path).load().cards.isEmpty)
    }

    @Test func aSecondCardWithTheSameLabelIsRefused() throws {
        let store = try SQLiteAlarmStore(path: path)
        try store.save(kitchen)
        #expect(throws: (any Error).self) { try store.save(kitchen) }
    }

    @Test func aVersion7DatabaseKeepsItsAlarmsAndGainsTheCardTable() throws {
        let id = AlarmID("33333333-3333-4333-8333-333333333333")!
        do {
            let old = try Database(path: path)
            _ = try old.migrate(Array(Schema.migrations.prefix(7)))
            try old.execute("""
                INSERT INTO alarm (id, time, repeat, label, sound, volume, enabled, snooze_minutes, max_snoozes, wake_check)
                VALUES ('\(id.rawValue)', '07:00:00', '', 'Old', 'bell', 1, 1, 5, 3, 0);
                """)
        }
        let store = try SQLiteAlarmStore(path: path)
        #expect(try store.load().alarms.map(\.id) == [id])
        try store.save(kitchen)
        #expect(try store.load().cards == [kitchen])
        let version = try Database(path: path).prepare("PRAGMA user_version")
        _ = try version.step()
        #expect(version.int(at: 0) == Schema.migrations.count)
    }

    /// SQLite's `=` compares bytes; the core compares labels as Swift does. "Küche" stored with a
    /// precomposed ü goes when removed as "Ku" and a combining diaeresis, and stays gone.
    @Test func aCardIsDeletedByACanonicallyEquivalentLabel() throws {
        let composed = CodeCard(label: "K\u{FC}che", hash: kitchen.hash, created: kitchen.created)
        try SQLiteAlarmStore(path: path).save(composed)
        try SQLiteAlarmStore(path: path).deleteCard("Ku\u{308}che")
        #expect(try SQLiteAlarmStore(path: path).load().cards.isEmpty)
    }

    /// A hash libxcrypt refuses matches no code: the card is left out, so that the core asks the
    /// alarms that use it a hard math problem, as for a card that is gone.
    @Test func aUsedCardWhoseHashIsDamagedIsLeftOut() throws {
        let hall = CodeCard(label: "Hall", hash: try LiveCodeHasher().hash("ACEFGHKMNP"), created: kitchen.created)
        let damaged = CodeCard(label: "Kitchen", hash: "$y$j9T$abc", created: kitchen.created)
        let alarm = Alarm(id: AlarmID("55555555-5555-4555-8555-555555555555")!, time: WallTime(hour: 6, minute: 0)!,
                          challenges: [Challenge(id: ChallengeID("a"), params: .card(label: "Kitchen"), orderIndex: 0),
                                       Challenge(id: ChallengeID("b"), params: .card(label: "Hall"), orderIndex: 1)])
        let store = try SQLiteAlarmStore(path: path)
        try store.save(hall)
        try store.save(damaged)
        try store.save(alarm, nextFire: nil)
        #expect(try SQLiteAlarmStore(path: path).load().cards.map(\.label) == ["Hall"])
    }

    @Test func aCardChallengeAndItsPromptRoundTrip() throws {
        let alarm = Alarm(id: AlarmID("44444444-4444-4444-8444-444444444444")!, time: WallTime(hour: 6, minute: 0)!,
                          challenges: [Challenge(id: ChallengeID("a"), params: .card(label: "Hall way"), orderIndex: 0)])
        try SQLiteAlarmStore(path: path).save(alarm, nextFire: nil)
        #expect(try SQLiteAlarmStore(path: path).load().alarms == [alarm])
        #expect(PromptCodec.decode(PromptCodec.encode(.card(label: "Hall way"))) == .card(label: "Hall way"))
    }
}
