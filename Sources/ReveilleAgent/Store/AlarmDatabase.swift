import ReveilleCore
import ReveilleDomain
import ReveilleText
import ReveilleTime
import Synchronization

/// The alarm store as the agent holds it: open, or not yet open and being retried.
///
/// While it is not open every call fails with the reason, so nothing is ever served or
/// written as if an empty database were the user's.
final class AlarmDatabase: AlarmStore {
    private enum State {
        case open(SQLiteAlarmStore)
        case unavailable(String)
        case closed
    }

    let path: String
    private let state: Mutex<State>
    private let moved = Mutex<Message?>(nil)

    init(path: String, reason: String) {
        self.path = path
        state = Mutex(.unavailable(reason))
    }

    /// Starts serving `store`; `movedAside` says where a corrupt predecessor went, if one did.
    func attach(_ store: SQLiteAlarmStore, movedAside: Message?) {
        if let movedAside { moved.withLock { $0 = movedAside } }
        let attached = state.withLock { state in
            if case .closed = state { return false }
            state = .open(store)
            return true
        }
        // The agent stopped while this was being opened.
        if !attached { store.close() }
    }

    /// Why the database is not open yet; nil once it is (or once it is closed).
    var unavailableReason: String? {
        state.withLock { state in
            if case .unavailable(let reason) = state { return reason }
            return nil
        }
    }

    /// Set once a corrupt database was moved aside: what happened, and where it went.
    var movedAside: Message? { moved.withLock { $0 } }

    /// Why the open database can only be read; nil while it can be written, or is not open.
    var readOnly: ReadOnlyDatabase? { (try? store())?.readOnlyReason }

    /// Opens a database that can only be read for writing, when the disk lets it; true once it can
    /// be written, false while it cannot (or is not open).
    func tryWriting() -> Bool { (try? store())?.tryWriting() ?? false }

    /// Records why the database still cannot be opened.
    func stillUnavailable(_ reason: String) {
        state.withLock { state in
            if case .unavailable = state { state = .unavailable(reason) }
        }
    }

    /// Closes the database for good (a clean stop folds its WAL in).
    func close() {
        state.withLock { state in
            if case .open(let store) = state { store.close() }
            state = .closed
        }
    }

    func store() throws -> SQLiteAlarmStore {
        try state.withLock { state in
            switch state {
            case .open(let store): return store
            case .unavailable(let reason): throw StoreError("the alarm database \(path) cannot be opened: \(reason)")
            case .closed: throw StoreError("the alarm database is closed")
            }
        }
    }

    func load() throws -> StoredState { try store().load() }
    func save(_ alarm: Alarm, nextFire: Instant?) throws { try store().save(alarm, nextFire: nextFire) }
    func delete(_ id: AlarmID) throws { try store().delete(id) }
    func save(_ run: AlarmRun, session: ChallengeSession?) throws { try store().save(run, session: session) }
    func recordMissed(_ id: AlarmID, at: Instant) throws { try store().recordMissed(id, at: at) }
    func record(_ occurrence: LastOccurrence, of id: AlarmID) throws { try store().record(occurrence, of: id) }
    func history(_ query: HistoryQuery) throws -> [HistoryEntry] { try store().history(query) }
    func pruneHistory(before cutoff: Instant) throws { try store().pruneHistory(before: cutoff) }
    func save(_ card: CodeCard) throws { try store().save(card) }
    func deleteCard(_ label: String) throws { try store().deleteCard(label) }
}
