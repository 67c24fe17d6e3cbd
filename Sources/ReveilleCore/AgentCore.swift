import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// The agent's state: alarms, their open runs and challenge sessions, and what rings.
///
/// All changes go through this actor. Each request computes the new state, stores it,
/// and only then adopts it, so a request that fails changes nothing.
public actor AgentCore {
    let world: World
    let config: AgentConfig
    /// The typing challenge's words, by language.
    let words: WordLists
    /// The session's languages, most wanted first, as the agent last read them: asked each time a
    /// problem is drawn, so a typing challenge started after a change of language is in the new one.
    let languages: @Sendable () -> [String]
    /// How the session writes times, as the agent last read it: asked each time a text with a time
    /// is made (a notification, a notice), so a notice speaks the locale of its moment.
    let timeStyle: @Sendable () -> TimeStyle
    var random: AgentRandom

    /// Every alarm, with its plan and its open run.
    var entries: [AlarmID: AlarmEntry] = [:]
    var database = DatabaseState()
    /// The last hook that failed, until that event's hook runs fine again.
    var hookFailure: (event: HookEvent, reason: Message)?
    /// Writes and hooks held back while a ring's signal, notification and sound go out.
    var deferred = DeferredWork()
    /// Code cards by label, with their hashes.
    var cards: [String: CodeCard] = [:]

    var published = Published()
    /// logind announced a suspend and the sleep delay was let go: it is not taken again until the resume.
    var goingToSleep = false
    /// Since when the agent has watched the clock without a break: what came due within it rings
    /// however late, what came due before it only within `late_grace`.
    var vigil = Vigil()
    /// What happened, for the D-Bus harness to turn into signals.
    public nonisolated let events = EventRelay()
    /// What the world tells the core, handled in order by `CoreService`.
    public nonisolated let inbox: WorldEvents

    /// `languages` gives the session's languages (`["de_DE", "en"]`); without it the words are English.
    /// `timeStyle` gives the session's way of writing times (`TimeStyle.posix` without it).
    public init(world: World, config: AgentConfig, words: WordLists, languages: @escaping @Sendable () -> [String] = { [] },
                timeStyle: @escaping @Sendable () -> TimeStyle = { .posix },
                random: AgentRandom = .system, inbox: WorldEvents = WorldEvents()) {
        self.inbox = inbox
        self.world = world
        self.config = config
        self.words = words
        self.languages = languages
        self.timeStyle = timeStyle
        self.random = random
    }

    /// The challenge rules, with the words of the session's language as it is now.
    var flow: ChallengeFlow {
        ChallengeFlow(rules: ChallengeRules(lockout: config.lockout, wordList: words.words(for: languages())))
    }

    struct Published: Equatable {
        var ringing: [AlarmID] = []
        var next: NextFire?
        var wake: WakeStatus?
    }

    public struct NextFire: Equatable, Sendable {
        public var id: AlarmID
        public var at: Instant

        public init(id: AlarmID, at: Instant) {
            self.id = id
            self.at = at
        }
    }

    /// Reads alarms, open runs and challenge sessions from the store. Requests can be served after this.
    /// The read runs on the store's thread: a database that waits for a lock holds up nothing else.
    public func load() async throws(AgentError) {
        let store = world.store
        let read: Result<StoredState, AgentError> = await withCheckedContinuation { answer in
            world.storeThread.run {
                do { answer.resume(returning: .success(try store.load())) } catch {
                    answer.resume(returning: .failure(.failed(Message("cannot read the alarm database: {error}", ["error": "\(error)"]))))
                }
            }
        }
        let stored = try read.get()
        database.unavailable = nil
        reportUnreadable(stored.unreadable)
        entries.reserveCapacity(stored.alarms.count)
        for alarm in stored.alarms {
            entries[alarm.id] = AlarmEntry(alarm: alarm, nextFire: stored.nextFires[alarm.id],
                                           lastOccurrence: stored.lastOccurrences[alarm.id])
        }
        for run in stored.openRuns where entries[run.alarmId] != nil {
            entries[run.alarmId]?.run = RunState(record: run, session: stored.sessions[run.alarmId])
        }
        cards = Dictionary(stored.cards.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        replaceMissingCards()
        pruneHistory()
    }

    /// Arms the timer and rings again what was ringing when the agent stopped, with its
    /// `Ringing` signal. Call it once the agent can be heard: after it owns its bus name.
    public func resume() {
        for entry in entries.values {
            guard let run = entry.run?.record, run.isRinging else { continue }
            startRingingEffects(run.alarmId)
            emit(.ringing(run.alarmId, label: entry.alarm.displayLabel, snoozeCount: run.snoozeCount))
        }
        // The stored plan was made under the clock of the last session, which may have been wrong.
        planAgain()
        beginVigil()
    }

    // MARK: Reading

    /// Runs and misses, newest first; `query.limit` is already within `HistoryQuery.maxLimit`.
    /// Read on the store's thread: the caller waits for the disk, nothing else does.
    public func history(_ query: HistoryQuery) async throws(AgentError) -> [HistoryEntry] {
        try requireDatabase()
        let store = world.store
        let read: Result<[HistoryEntry], AgentError> = await withCheckedContinuation { answer in
            world.storeThread.run {
                do { answer.resume(returning: .success(try store.history(query))) } catch {
                    answer.resume(returning: .failure(.failed(Message("cannot read the history: {error}", ["error": "\(error)"]))))
                }
            }
        }
        return try read.get()
    }

    /// Forgets runs and misses older than `history_days`, on the store's thread. Not retried on
    /// failure: the next end of a run or the next start tries again, and an old row left a while
    /// longer harms nothing.
    func pruneHistory() {
        let store = world.store
        let cutoff = now.adding(seconds: -Int64(config.historyDays) * 86_400)
        world.storeThread.run { try? store.pruneHistory(before: cutoff) }
    }

    public func list() -> [AlarmSnapshot] {
        // Sorting positions, not snapshots: a snapshot is large, and a sort moves what it sorts.
        let snapshots = entries.values.map(snapshot)
        return snapshots.indices.sorted { Self.listsBefore(snapshots[$0], snapshots[$1]) }.map { snapshots[$0] }
    }

    private static func listsBefore(_ a: AlarmSnapshot, _ b: AlarmSnapshot) -> Bool {
        switch (a.alarm.isEnabled, b.alarm.isEnabled) {
        case (true, false): return true
        case (false, true): return false
        default: break
        }
        switch (a.nextFire, b.nextFire) {
        case let (x?, y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.alarm.id < b.alarm.id
        }
    }

    public func get(_ id: AlarmID) throws(AgentError) -> AlarmSnapshot {
        guard let entry = entries[id] else { throw .notFound(id.rawValue) }
        return snapshot(entry)
    }

    public var ringingAlarms: [AlarmID] {
        entries.values.compactMap { $0.run?.record.isRinging == true ? $0.alarm.id : nil }.sorted()
    }

    public var nextFire: NextFire? {
        entries.values.compactMap { entry in
            (entry.run?.record.snoozedUntil ?? entry.nextFire).map { NextFire(id: entry.alarm.id, at: $0) }
        }.min { ($0.at, $0.id) < ($1.at, $1.id) }
    }

    public func preflight() async -> EvaluatePreflight.Result {
        EvaluatePreflight().execute(rules: PreflightRules(), snapshot: await healthSnapshot())
    }

    func snapshot(_ entry: AlarmEntry) -> AlarmSnapshot {
        let run = entry.run?.record
        return AlarmSnapshot(
            alarm: entry.alarm,
            nextFire: run.map { $0.snoozedUntil } ?? entry.nextFire,
            snoozeCount: run?.snoozeCount ?? 0,
            ringing: run?.isRinging ?? false,
            snoozed: run?.snoozedUntil != nil,
            skippedOccurrence: entry.alarm.skippedOccurrence.map { zone.instant(for: $0) }
        )
    }

    func alarm(_ id: AlarmID) throws(AgentError) -> Alarm {
        guard let entry = entries[id] else { throw .notFound(id.rawValue) }
        return entry.alarm
    }

    // MARK: Publishing

    func emit(_ event: AgentEvent) { events.send(event) }

    /// Emits property changes for what differs from what was last published.
    func publish() {
        let now = Published(ringing: ringingAlarms, next: nextFire, wake: wakeStatus)
        if now.ringing != published.ringing { emit(.ringingAlarmsChanged(now.ringing)) }
        if now.next != published.next { emit(.nextFireChanged(now.next?.id, now.next?.at)) }
        if let wake = now.wake, wake.stateName != published.wake?.stateName || wake.at != published.wake?.at {
            emit(.wakeStateChanged(wake.stateName, wake.at))
        }
        published = now
    }
}
