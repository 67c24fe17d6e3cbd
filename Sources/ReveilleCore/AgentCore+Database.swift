import ReveilleDomain
import ReveilleModel
import ReveilleTime

/// The faults of the alarm database as the core lives with them: not open yet, rows it cannot
/// read, and writes that fail and wait in memory to be retried.
struct DatabaseState {
    /// Set while the database cannot be opened: why. Requests that need the alarms fail meanwhile.
    var unavailable: String?
    var unreadable: [UnreadableAlarm] = []
    /// Set while writes fail: the last failure.
    var unwritable: String?
    /// Writes that failed, oldest first, applied in memory already and retried in this order.
    var pending: [PendingWrite] = []
    var retryAt: Instant?
    var retryDelay: Int64 = 1

    /// The longest wait between two tries while a fault lasts.
    static let maxRetryDelay: Int64 = 60
}

enum PendingWrite {
    case run(AlarmRun, ChallengeSession?)
    /// The alarm as it is in memory when the write is retried.
    case alarm(AlarmID)
    case missed(AlarmID, Instant)
    /// The alarm's last occurrence as it is in memory when the write is retried.
    case occurrence(AlarmID)
}

extension AgentCore {
    /// The database cannot be opened (yet): say so once, and refuse requests for the alarms
    /// rather than answer them from an empty set.
    public func databaseUnavailable(_ reason: String) {
        let first = database.unavailable == nil
        database.unavailable = reason
        guard first else { return }
        world.notifier.notice(
            summary: "Alarms cannot ring",
            body: "The alarm database cannot be opened (\(reason)). Reveille keeps trying; 'reveille doctor' says more.")
    }

    /// Fails while the database cannot be opened; requests that need the alarms call it first.
    public func requireDatabase() throws(AgentError) {
        if let reason = database.unavailable { throw .failed("the alarm database cannot be opened: \(reason)") }
    }

    /// Each Preflight note, with one sentence that gives its reason.
    public func preflightDetails() async -> [String: String] {
        let snapshot = await healthSnapshot()
        let notes = EvaluatePreflight().execute(rules: PreflightRules(), snapshot: snapshot).reasons
        var details = Dictionary(notes.map { ($0, PreflightNotes.sentence(for: $0, database: snapshot.database,
                                                                          hookFailure: snapshot.hookFailure)) },
                                 uniquingKeysWith: { first, _ in first })
        if details["wake-from-suspend-unavailable"] != nil, let why = PreflightNotes.unavailableSentence(wakeStatus) {
            details["wake-from-suspend-unavailable"] = why
        }
        // Not a note: how the machine is woken holds whether or not anything is wrong with it.
        details[PreflightNotes.wakeStateKey] = PreflightNotes.wakeSentence(wakeStatus, zone: zone)
        return details
    }

    /// The world's health with what the core itself knows about the database.
    func healthSnapshot() async -> HealthSnapshot {
        var snapshot = await world.health.snapshot()
        snapshot.alarmsOverLimits = entries.count > Alarm.maximumCount || entries.values.contains { $0.alarm.exceedsLimits }
        snapshot.database.unavailable = database.unavailable
        snapshot.database.unwritable = database.unwritable
        snapshot.database.unreadableAlarms = database.unreadable
        snapshot.hookFailure = hookFailure.map { "\($0.event.configKey): \($0.reason)" }
        snapshot.wake = wakeStatus
        snapshot.canWakeFromSuspend = wakeStatus.canWake
        return snapshot
    }

    /// Tells the user about alarms that were skipped because they cannot be read.
    func reportUnreadable(_ unreadable: [UnreadableAlarm]) {
        database.unreadable = unreadable
        for alarm in unreadable {
            world.notifier.notice(
                summary: "An alarm cannot be read",
                body: "Alarm \(alarm.id) will not ring: \(alarm.reason). The other alarms are not affected; 'reveille doctor' says more.")
        }
    }

    // MARK: Writes that survive a failing disk

    /// Stores a run as it stands now. The caller has already adopted it in memory: a failed
    /// write waits to be retried and never undoes what the user did.
    func persist(_ run: AlarmRun, session: ChallengeSession?) {
        let replaced = database.pending.firstIndex {
            if case .run(let old, _) = $0 { old.alarmId == run.alarmId && old.startedAt == run.startedAt } else { false }
        }
        if let replaced { database.pending[replaced] = .run(run, session) } else { database.pending.append(.run(run, session)) }
        flushWritesUnlessWaiting()
    }

    /// Stores the alarm with its next fire as they are in memory now.
    func persistAlarm(_ id: AlarmID) {
        let queued = database.pending.contains { if case .alarm(let other) = $0 { other == id } else { false } }
        if !queued { database.pending.append(.alarm(id)) }
        flushWritesUnlessWaiting()
    }

    func persistMissed(_ id: AlarmID, at: Instant) {
        database.pending.append(.missed(id, at))
        flushWritesUnlessWaiting()
    }

    /// Stores the alarm's last occurrence as it is in memory now.
    func persistOccurrence(_ id: AlarmID) {
        let queued = database.pending.contains { if case .occurrence(let other) = $0 { other == id } else { false } }
        if !queued { database.pending.append(.occurrence(id)) }
        flushWritesUnlessWaiting()
    }

    /// Writes now, unless writes already failed and wait for their retry: then the new one joins
    /// them, so that a fault costs one try per back-off step, however much happens meanwhile.
    func flushWritesUnlessWaiting() {
        if database.retryAt == nil, deferred.depth == 0 { flushWrites() }
    }

    /// Writes what waits, in order, up to the first failure; then backs off.
    func flushWrites() {
        while let write = database.pending.first {
            do {
                switch write {
                case .run(let run, let session): try world.store.save(run, session: session)
                case .alarm(let id):
                    if let entry = entries[id] { try world.store.save(entry.alarm, nextFire: entry.nextFire) }
                case .missed(let id, let at): try world.store.recordMissed(id, at: at)
                case .occurrence(let id):
                    if let occurrence = entries[id]?.lastOccurrence { try world.store.record(occurrence, of: id) }
                }
            } catch {
                writeFailed(error)
                return
            }
            database.pending.removeFirst()
        }
        database.unwritable = nil
        database.retryAt = nil
        database.retryDelay = 1
    }

    /// Retries the waiting writes once their back-off has passed; called from `wake`.
    func retryWritesIfDue() {
        guard let at = database.retryAt, at <= now else { return }
        database.retryAt = nil
        flushWrites()
    }

    private func writeFailed(_ error: any Error) {
        if database.unwritable == nil {
            world.notifier.notice(
                summary: "Reveille cannot save changes",
                body: "Writing to the alarm database failed (\(error)). Alarms still ring and stop; the changes are kept in memory and saved once the disk has room.")
        }
        database.unwritable = "\(error)"
        // Never in the past and never sooner than a second: a fault must not turn into a busy loop.
        database.retryAt = now.adding(seconds: database.retryDelay)
        database.retryDelay = min(database.retryDelay * 2, DatabaseState.maxRetryDelay)
    }
}
