import ReveilleDomain
import ReveilleTime
import SQLite

extension SQLiteAlarmStore {
    public func save(_ card: CodeCard) throws {
        try write { db in
            let statement = try db.prepare("INSERT INTO card (label, hash, created) VALUES (?, ?, ?)")
            try statement.bind(card.label, card.hash, card.created.secondsSinceEpoch)
            try statement.run()
        }
    }

    public func deleteCard(_ label: String) throws {
        try write { db in
            let statement = try db.prepare("DELETE FROM card WHERE label = ?")
            try statement.bind(label)
            try statement.run()
        }
    }

    /// Every card whose row holds a hash; a row left empty by hand is skipped (its alarms cannot
    /// be added again, and the ones that use it ring on).
    static func loadCards(_ db: Database) throws -> [CodeCard] {
        var cards: [CodeCard] = []
        let statement = try db.prepare("SELECT label, hash, created FROM card ORDER BY label")
        while try statement.step() {
            let hash = statement.string(at: 1)
            guard !hash.isEmpty else { continue }
            cards.append(CodeCard(label: statement.string(at: 0), hash: hash,
                                  created: Instant(secondsSinceEpoch: statement.int64(at: 2))))
        }
        return cards
    }
}
