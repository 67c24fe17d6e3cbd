import ReveilleDomain
import ReveilleTime

/// One row the core changed, to be written: the values are read from memory when it is handed over.
enum PendingWrite: Equatable {
    case run(AlarmRun, ChallengeSession?)
    /// The alarm as it is in memory when the write is handed over.
    case alarm(AlarmID)
    case deleted(AlarmID)
    case missed(AlarmID, Instant)
    /// The alarm's last occurrence as it is in memory when the write is handed over.
    case occurrence(AlarmID)
    case card(CodeCard)
    case cardDeleted(String)

    /// Whether this write makes `other` needless: a newer state of the same row.
    func supersedes(_ other: PendingWrite) -> Bool {
        switch (self, other) {
        case (.run(let new, _), .run(let old, _)): new.alarmId == old.alarmId && new.startedAt == old.startedAt
        case (.alarm(let new), .alarm(let old)), (.occurrence(let new), .occurrence(let old)): new == old
        case (.deleted(let id), .alarm(let other)), (.deleted(let id), .occurrence(let other)): id == other
        case (.cardDeleted(let label), .card(let card)): label == card.label
        default: false
        }
    }
}

/// The core's writes on their way to the store's thread, in order: applied in memory already,
/// each row once in its newest state. A request that must answer only once its change is on disk
/// holds a ticket, answered when the write that carries its change is written, or fails.
struct WriteQueue {
    typealias Ticket = UInt64

    struct Entry: Equatable {
        var write: PendingWrite
        /// The requests waiting for this write; a newer state of the row takes them over.
        var tickets: [Ticket] = []
    }

    /// Not handed over yet: they wait for the writes in flight, or for their retry after a failure.
    private(set) var pending: [Entry] = []
    /// Handed to the store's thread, not confirmed yet.
    private(set) var writing: [Entry] = []
    private var lastTicket: Ticket = 0

    var isWriting: Bool { !writing.isEmpty }

    /// Adds `write` in place of an older state of the same row; a ticket when `ticketed`.
    mutating func add(_ write: PendingWrite, ticketed: Bool) -> Ticket? {
        var entry = Entry(write: write)
        pending.removeAll { old in
            guard write.supersedes(old.write) else { return false }
            entry.tickets += old.tickets
            return true
        }
        var ticket: Ticket?
        if ticketed {
            lastTicket += 1
            ticket = lastTicket
            entry.tickets.append(lastTicket)
        }
        pending.append(entry)
        return ticket
    }

    /// Takes `ticket` off the write that carries it: its request was answered already.
    mutating func forget(_ ticket: Ticket) {
        for index in pending.indices { pending[index].tickets.removeAll { $0 == ticket } }
    }

    /// Moves what waits into flight and returns it, in order.
    mutating func handOver() -> [Entry] {
        let batch = pending
        pending = []
        writing += batch
        return batch
    }

    /// Drops an entry in flight that turned out to have nothing to write; returns its tickets.
    mutating func dropWriting(_ entry: Entry) -> [Ticket] {
        guard let index = writing.lastIndex(of: entry) else { return [] }
        return writing.remove(at: index).tickets
    }

    /// The store's thread wrote the first `written` writes in flight and, when `failed`, failed on
    /// the next. Returns the tickets now on disk, and those whose change is not: the unwritten ones,
    /// which wait again ahead of what came meanwhile (unless that is a newer state of the same row),
    /// and every ticket still waiting. A failure answers them all at once: nobody waits for a retry.
    mutating func finished(written: Int, failed: Bool) -> (saved: [Ticket], unsaved: [Ticket]) {
        let saved = writing.prefix(written).flatMap(\.tickets)
        let unwritten = writing.dropFirst(written)
        writing = []
        guard failed else { return (saved, []) }
        let unsaved = unwritten.flatMap(\.tickets) + pending.flatMap(\.tickets)
        let newer = pending.map { Entry(write: $0.write) }
        pending = unwritten.filter { old in !newer.contains { $0.write.supersedes(old.write) } }
            .map { Entry(write: $0.write) } + newer
        return (saved, unsaved)
    }
}
