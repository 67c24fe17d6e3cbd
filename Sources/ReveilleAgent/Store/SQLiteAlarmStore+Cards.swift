import Crypt
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

    /// Deletes the card whose label equals `label` as Swift compares strings (canonically: an
    /// "ü" typed as one code point or as "u" and a combining mark is one label), as the core does;
    /// SQLite's `=` compares bytes, and would leave the row of a label typed the other way.
    public func deleteCard(_ label: String) throws {
        try write { db in
            let stored = try db.prepare("SELECT label FROM card").query { $0.string(at: 0) }
            let statement = try db.prepare("DELETE FROM card WHERE label = ?")
            for match in stored where match == label {
                try statement.bind(match)
                try statement.run()
            }
        }
    }

    /// Every card whose row holds a hash; a row left empty by hand is skipped (its alarms cannot
    /// be added again, and the ones that use it ring on). So is one whose hash libxcrypt refuses,
    /// as a damaged row's would be: no code could ever match it, and the core asks a hard math
    /// problem instead for the alarms that use it. Only the cards in `used` are checked: checking
    /// a hash that is fine costs one hashing, and that on the agent's start.
    static func loadCards(_ db: Database, used: Set<String>) throws -> [CodeCard] {
        var cards: [CodeCard] = []
        let statement = try db.prepare("SELECT label, hash, created FROM card ORDER BY label")
        while try statement.step() {
            let label = statement.string(at: 0), hash = statement.string(at: 1)
            guard !hash.isEmpty else { continue }
            guard !used.contains(label) || SaltedHash.canCheck(hash) else {
                Log.shared.error("the code card '\(label)' has a damaged hash, which no code can match: its alarms ask a hard math problem instead")
                continue
            }
            cards.append(CodeCard(label: label, hash: hash, created: Instant(secondsSinceEpoch: statement.int64(at: 2))))
        }
        return cards
    }
}
