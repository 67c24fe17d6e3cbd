import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

extension AgentCore {
    /// Makes a card: a new random code, kept only as its salted hash. The code is returned once, here.
    /// A label already in use is refused: the printed card with that name would stop working.
    public func addCard(_ label: String) async throws(AgentError) -> String {
        if let problem = CardCode.labelProblem(label) { throw .invalidArgument(problem) }
        guard cards[label] == nil else {
            throw .invalidArgument(Message("a card named '{label}' exists already; remove it first or choose another label",
                                           ["label": AlarmText.quoted(label)]))
        }
        guard cards.count < CodeCard.maximumCount else {
            throw .invalidArgument(Message("there are already {count} cards, the most the agent keeps: remove one first",
                                           ["count": String(CodeCard.maximumCount)]))
        }
        let code = CardCode.generate(using: &random)
        let card: CodeCard
        do { card = CodeCard(label: label, hash: try world.codes.hash(code), created: now) } catch {
            throw .failed(Message("cannot hash the card's code: {error}", ["error": "\(error)"]))
        }
        cards[label] = card
        // The code is shown once, so it is given only once the card is on disk. A card the disk
        // refuses is no card: nobody would ever learn its code.
        do { try await saved(persistCard(card)) } catch {
            if cards[label] == card {
                cards[label] = nil
                persistCardDeleted(label)
            }
            throw error
        }
        return code
    }

    /// The labels of all cards, sorted.
    public func listCards() -> [String] { cards.keys.sorted() }

    /// Removes a card no alarm uses; one in use is refused with the alarms that use it.
    public func removeCard(_ label: String) async throws(AgentError) {
        guard cards[label] != nil else { throw .invalidArgument(Message("no card is named '{label}'", ["label": AlarmText.quoted(label)])) }
        let users = entries.values.map(\.alarm).filter { $0.uses(card: label) }.sorted { $0.id < $1.id }
        guard users.isEmpty else {
            let names = users.map { $0.label.isEmpty ? $0.id.rawValue : "\($0.id) (\($0.label))" }
            throw .invalidArgument(Message(one: "card '{label}' is used by alarm {alarms}; change or remove it first",
                                           other: "card '{label}' is used by alarms {alarms}; change or remove them first",
                                           count: users.count,
                                           ["label": AlarmText.quoted(label), "alarms": names.joined(separator: ", ")]))
        }
        cards[label] = nil
        try await saved(persistCardDeleted(label, ticketed: true))
    }

    /// Refuses an alarm that asks for a card the agent does not have: it could never be dismissed.
    func requireCards(of alarm: Alarm) throws(AgentError) {
        for challenge in alarm.challenges {
            guard case .card(let label) = challenge.params, cards[label] == nil else { continue }
            throw .invalidArgument(Message("no card is named '{label}'; make one with 'reveille code new --label {label}'",
                                           ["label": AlarmText.quoted(label)]))
        }
    }

    /// An alarm asking for a card the agent does not have (its row deleted or emptied by hand)
    /// could never be dismissed, and nothing else stops it: each such challenge asks a hard math
    /// problem instead, and a card problem already shown is asked anew. Said once as a notice.
    func replaceMissingCards() {
        func isMissingCard(_ challenge: Challenge) -> Bool {
            if case .card(let label) = challenge.params { cards[label] == nil } else { false }
        }
        // Most alarms have no card: they are passed over without a copy of their challenges.
        for (id, entry) in entries where entry.alarm.challenges.contains(where: isMissingCard) {
            let alarm = entry.alarm
            var missing: [String] = []
            let challenges = alarm.challenges.map { challenge in
                guard case .card(let label) = challenge.params, cards[label] == nil else { return challenge }
                missing.append(label)
                return Challenge(id: challenge.id, params: .math(difficulty: .hard, timeLimit: Challenge.defaultMathTimeLimit),
                                 orderIndex: challenge.orderIndex)
            }
            guard !missing.isEmpty else { continue }
            entries[id]?.alarm.challenges = challenges
            if let session = entries[id]?.run?.session, case .card(let label) = session.prompt, cards[label] == nil {
                entries[id]?.run?.session = nil
            }
            let names = missing.map { "'\(AlarmText.quoted($0))'" }.joined(separator: ", ")
            world.notifier.notice(
                summary: Message("A code card is gone"),
                body: Message(one: "Alarm {label} asks for card {cards}, which the agent no longer has: it asks a hard math problem instead.",
                              other: "Alarm {label} asks for cards {cards}, which the agent no longer has: it asks a hard math problem instead.",
                              count: missing.count, ["cards": names], messages: ["label": alarm.displayName]))
        }
    }

    /// Checks card answers against the hashes held in memory, so that a database fault while an
    /// alarm rings never stands between a right answer and silence.
    var cardVerifier: HashedCards {
        HashedCards(hashes: cards.mapValues(\.hash), hasher: world.codes)
    }
}

/// The agent's cards as the challenge flow checks them: by hash, never by code.
struct HashedCards: CardVerifier {
    let hashes: [String: String]
    let hasher: any CodeHasher

    func verify(_ answer: String, card label: String) -> Bool {
        guard let hash = hashes[label] else { return false }
        return hasher.matches(CardCode.normalize(answer), hash: hash)
    }
}

extension Alarm {
    func uses(card label: String) -> Bool {
        challenges.contains { $0.params == .card(label: label) }
    }
}
