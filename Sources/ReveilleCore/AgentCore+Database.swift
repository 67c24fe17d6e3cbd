import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime
import Synchronization

/// The faults of the alarm database as the core lives with them: not open yet, rows it cannot
/// read, and writes that fail and wait in memory to be retried.
struct DatabaseState {
    /// Set while the database cannot be opened: why. Requests that need the alarms fail meanwhile.
    var unavailable: String?
    var unreadable: [UnreadableAlarm] = []
    /// Set while writes fail: the last failure.
    var unwritable: String?
    /// Writes on their way to the store's thread, applied in memory already.
    var writes = WriteQueue()
    /// Requests waiting until their change is on disk, and answers that came before they waited.
    var saveWaiters: [WriteQueue.Ticket: CheckedContinuation<Result<Void, AgentError>, Never>] = [:]
    var saveAnswers: [WriteQueue.Ticket: Result<Void, AgentError>] = [:]
    var retryAt: Instant?
    var retryDelay: Int64 = 1

    /// The longest wait between two tries while a fault lasts.
    static let maxRetryDelay: Int64 = 60
}

extension AgentCore {
    /// The database cannot be opened (yet): say so once, and refuse requests for the alarms
    /// rather than answer them from an empty set.
    public func databaseUnavailable(_ reason: String) {
        let first = database.unavailable == nil
        database.unavailable = reason
        guard first else { return }
        world.notifier.notice(
            summary: Message("Alarms cannot ring"),
            body: Message("The alarm database cannot be opened ({reason}). Reveille keeps trying; 'reveille doctor' says more.",
                          ["reason": reason]))
    }

    /// Fails while the database cannot be opened; requests that need the alarms call it first.
    public func requireDatabase() throws(AgentError) {
        if let reason = database.unavailable { throw .failed(Message("the alarm database cannot be opened: {reason}", ["reason": reason])) }
    }

    /// Each Preflight note, with one sentence that gives its reason. The keys are the notes' machine
    /// names; the sentences are messages, which the edge renders in the reader's language.
    public func preflightMessages() async -> [String: Message] {
        let snapshot = await healthSnapshot()
        let notes = EvaluatePreflight().execute(rules: PreflightRules(), snapshot: snapshot).reasons
        var details = Dictionary(notes.map { ($0, PreflightNotes.message(for: $0, snapshot: snapshot)) },
                                 uniquingKeysWith: { first, _ in first })
        if details["wake-from-suspend-unavailable"] != nil, let why = PreflightNotes.unavailableMessage(wakeStatus) {
            details["wake-from-suspend-unavailable"] = why
        }
        // Not a note: how the machine is woken holds whether or not anything is wrong with it.
        details[PreflightNotes.wakeStateKey] = PreflightNotes.wakeMessage(wakeStatus, zone: zone, style: timeStyle())
        return details
    }

    /// `preflightMessages()` rendered by `render` (the session's translator; English without one).
    public func preflightDetails(rendering render: @Sendable (Message) -> String = { $0.english }) async -> [String: String] {
        await preflightMessages().mapValues(render)
    }

    /// The world's health with what the core itself knows about the database.
    func healthSnapshot() async -> HealthSnapshot {
        var snapshot = await world.health.snapshot()
        snapshot.alarmsOverLimits = entries.count > Alarm.maximumCount || entries.values.contains { $0.alarm.exceedsLimits }
        snapshot.database.unavailable = database.unavailable
        snapshot.database.unwritable = database.unwritable
        snapshot.database.unreadableAlarms = database.unreadable
        snapshot.hookFailure = hookFailure.map { Message("{key}: {problem}", ["key": $0.event.configKey], messages: ["problem": $0.reason]) }
        snapshot.wake = wakeStatus
        snapshot.canWakeFromSuspend = wakeStatus.canWake
        return snapshot
    }

    /// Tells the user about alarms that were skipped because they cannot be read.
    func reportUnreadable(_ unreadable: [UnreadableAlarm]) {
        database.unreadable = unreadable
        for alarm in unreadable {
            world.notifier.notice(
                summary: Message("An alarm cannot be read"),
                body: Message("Alarm {id} will not ring: {reason}. The other alarms are not affected; 'reveille doctor' says more.",
                              ["id": "\(alarm.id)"], messages: ["reason": alarm.reason]))
        }
    }

    // MARK: Writes that survive a failing disk

    // Every write is applied in memory first, then handed to the store's thread (`StoreThread`):
    // the core never waits for the disk. A write that fails waits in memory and is retried, from one
    // second doubling to a minute; what the user did is never undone, and a ring never waits for it.

    /// Stores a run as it stands now.
    func persist(_ run: AlarmRun, session: ChallengeSession?) {
        queue(.run(run, session))
    }

    /// Stores the alarm with its next fire as they are in memory when the write is handed over.
    @discardableResult
    func persistAlarm(_ id: AlarmID, ticketed: Bool = false) -> WriteQueue.Ticket? { queue(.alarm(id), ticketed: ticketed) }

    func persistDeleted(_ id: AlarmID) -> WriteQueue.Ticket? { queue(.deleted(id), ticketed: true) }

    func persistMissed(_ id: AlarmID, at: Instant) { queue(.missed(id, at)) }

    /// Stores the alarm's last occurrence as it is in memory when the write is handed over.
    func persistOccurrence(_ id: AlarmID) { queue(.occurrence(id)) }

    func persistCard(_ card: CodeCard) -> WriteQueue.Ticket? { queue(.card(card), ticketed: true) }

    @discardableResult
    func persistCardDeleted(_ label: String, ticketed: Bool = false) -> WriteQueue.Ticket? {
        queue(.cardDeleted(label), ticketed: ticketed)
    }

    /// Adds `write` to what waits, in place of an older state of the same row. With `ticketed`, the
    /// ticket a request hands to `saved` to answer once its change is on disk.
    @discardableResult
    private func queue(_ write: PendingWrite, ticketed: Bool = false) -> WriteQueue.Ticket? {
        let ticket = database.writes.add(write, ticketed: ticketed)
        // While writes fail, a request is told at once: its change waits in memory for the retry.
        if let ticket, database.retryAt != nil {
            database.writes.forget(ticket)
            answer([ticket], with: .failure(notSaved(database.unwritable ?? "writes are failing")))
        }
        flushWritesUnlessWaiting()
        return ticket
    }

    /// Returns once the change that `ticket` stands for is on disk; fails when the disk refused it
    /// (the change stays made, in memory, and is saved by a retry).
    func saved(_ ticket: WriteQueue.Ticket?) async throws(AgentError) {
        guard let ticket else { return }
        let result: Result<Void, AgentError>
        if let early = database.saveAnswers.removeValue(forKey: ticket) {
            result = early
        } else {
            result = await withCheckedContinuation { database.saveWaiters[ticket] = $0 }
        }
        try result.get()
    }

    private func answer(_ tickets: [WriteQueue.Ticket], with result: Result<Void, AgentError>) {
        for ticket in tickets {
            if let waiter = database.saveWaiters.removeValue(forKey: ticket) {
                waiter.resume(returning: result)
            } else {
                database.saveAnswers[ticket] = result
            }
        }
    }

    private func notSaved(_ reason: String) -> AgentError {
        .failed(Message(
            "the change is made but not saved yet: the alarm database cannot be written ({reason}); Reveille keeps it in memory and saves it once the disk takes writes again",
            ["reason": reason]))
    }

    /// Hands the waiting writes over now, unless writes are in flight, or failed and wait for their
    /// retry: then the new one joins them, so that a fault costs one try per back-off step, however
    /// much happens meanwhile.
    func flushWritesUnlessWaiting() {
        if database.retryAt == nil, deferred.depth == 0, !database.writes.isWriting { flushWrites() }
    }

    /// Hands what waits to the store's thread, in order; `writesFinished` hears how it went: at
    /// once when the thread was done before this returned (a store that never waits), else through
    /// the inbox.
    func flushWrites() {
        var batch: [@Sendable (any AlarmStore) throws -> Void] = []
        for entry in database.writes.handOver() {
            if let write = storeWrite(for: entry.write) {
                batch.append(write)
            } else {
                // Nothing is left to write (the alarm was removed since): nothing is lost.
                answer(database.writes.dropWriting(entry), with: .success(()))
            }
        }
        guard !batch.isEmpty else { return }
        let writes = batch
        let store = world.store
        let inbox = self.inbox
        let handOff = WriteHandOff()
        world.storeThread.run {
            var written = 0
            var failure: String?
            for write in writes {
                do { try write(store) } catch {
                    failure = "\(error)"
                    break
                }
                written += 1
            }
            if handOff.finish(written, failure) { inbox.yield(.writesFinished(written: written, failure: failure)) }
        }
        if let (written, failure) = handOff.outcomeIfFinished() {
            writesFinished(written: written, failure: failure, replanning: false)
        }
    }

    /// The store call for `write`, with the values as they are in memory now; nil when nothing is
    /// left to write (the alarm was removed since).
    private func storeWrite(for write: PendingWrite) -> (@Sendable (any AlarmStore) throws -> Void)? {
        switch write {
        case .run(let run, let session): return { try $0.save(run, session: session) }
        case .alarm(let id):
            guard let entry = entries[id] else { return nil }
            let (alarm, nextFire) = (entry.alarm, entry.nextFire)
            return { try $0.save(alarm, nextFire: nextFire) }
        case .deleted(let id): return { try $0.delete(id) }
        case .missed(let id, let at): return { try $0.recordMissed(id, at: at) }
        case .occurrence(let id):
            guard let occurrence = entries[id]?.lastOccurrence else { return nil }
            return { try $0.record(occurrence, of: id) }
        case .card(let card): return { try $0.save(card) }
        case .cardDeleted(let label): return { try $0.deleteCard(label) }
        }
    }

    /// The store's thread wrote the first `written` of the writes in flight; on a failure the rest
    /// wait again. `replanning` is false when the caller, still at work, plans the timer itself; a
    /// failure plans it here all the same, for the retry (not every caller plans it).
    func writesFinished(written: Int, failure: String?, replanning: Bool = true) {
        let (saved, unsaved) = database.writes.finished(written: written, failed: failure != nil)
        answer(saved, with: .success(()))
        if let failure {
            answer(unsaved, with: .failure(notSaved(failure)))
            writeFailed(failure)
        } else {
            database.unwritable = nil
            database.retryAt = nil
            database.retryDelay = 1
            flushWritesUnlessWaiting()
        }
        if replanning || failure != nil { replan() }
    }

    /// Retries the waiting writes once their back-off has passed; called from `wake`.
    func retryWritesIfDue() {
        guard let at = database.retryAt, at <= now else { return }
        database.retryAt = nil
        if !database.writes.isWriting { flushWrites() }
    }

    private func writeFailed(_ error: String) {
        if database.unwritable == nil {
            world.notifier.notice(
                summary: Message("Reveille cannot save changes"),
                body: Message("Writing to the alarm database failed ({error}). Alarms still ring and stop; the changes are kept in memory and saved once the disk has room.",
                              ["error": error]))
        }
        database.unwritable = error
        // Never in the past and never sooner than a second: a fault must not turn into a busy loop.
        database.retryAt = now.adding(seconds: database.retryDelay)
        database.retryDelay = min(database.retryDelay * 2, DatabaseState.maxRetryDelay)
    }
}

/// How a batch of writes handed to the store's thread reaches the core: kept for the core when the
/// thread finished before `flushWrites` returned, and sent through the inbox when it finished later.
final class WriteHandOff: Sendable {
    private enum State { case running, callerGone, finished(Int, String?) }
    private let state = Mutex(State.running)

    /// On the store's thread; true when the outcome must go through the inbox.
    func finish(_ written: Int, _ failure: String?) -> Bool {
        state.withLock { state in
            if case .callerGone = state { return true }
            state = .finished(written, failure)
            return false
        }
    }

    /// On the core; the outcome when the thread is done already, else nil and it comes through the inbox.
    func outcomeIfFinished() -> (Int, String?)? {
        state.withLock { state in
            if case .finished(let written, let failure) = state { return (written, failure) }
            state = .callerGone
            return nil
        }
    }
}
