import ReveilleCore
import ReveilleDomain
import ReveilleText
import ReveilleTime
import Synchronization

/// A wall clock the test sets and advances.
public final class ManualClock: WallClock {
    private let instant: Mutex<Instant>
    private let asleep = Mutex<Int64>(0)
    public init(_ start: Instant) { instant = Mutex(start) }
    public func now() -> Instant { instant.withLock { $0 } }
    public func set(_ value: Instant) { instant.withLock { $0 = value } }
    /// Time passes with the machine awake.
    public func advance(by seconds: Int64) { instant.withLock { $0 = $0.adding(seconds: seconds) } }
    /// The machine sleeps for `seconds`, and nobody says so: only `secondsAsleep` tells.
    public func suspend(for seconds: Int64) {
        asleep.withLock { $0 += seconds }
        advance(by: seconds)
    }
    public func secondsAsleep() -> Int64 { asleep.withLock { $0 } }
}

/// A fixed zone the test may swap.
public final class FixedZone: ZoneProvider {
    private let rules: Mutex<ZoneRules>
    public init(_ rules: ZoneRules = .utc) { self.rules = Mutex(rules) }
    public func current() -> ZoneRules { rules.withLock { $0 } }
    public func set(_ value: ZoneRules) { rules.withLock { $0 = value } }
}

/// The world's effects in the order they happened, across fakes: for rules about order.
public final class EffectJournal: Sendable {
    private let entries = Mutex<[String]>([])
    public init() {}
    public func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    public var all: [String] { entries.withLock { $0 } }
}

/// Remembers where it is armed; the test fires it.
public final class FakeWakeTimer: WakeTimer {
    private let armed = Mutex<Instant?>(nil)
    private let inbox: WorldEvents
    public init(inbox: WorldEvents) {
        self.inbox = inbox
    }
    public func arm(at instant: Instant?) { armed.withLock { $0 = instant } }
    public var armedAt: Instant? { armed.withLock { $0 } }
    /// What the live timer does when its instant comes; returns once the core has handled it.
    public func fire() async {
        inbox.yield(.timerExpired)
        await inbox.settled()
    }
    /// What the live timer does when the wall clock is set (the timerfd's cancel-on-set,
    /// `ECANCELED`); returns once the core has handled it.
    public func clockSet() async {
        inbox.yield(.clockChanged)
        await inbox.settled()
    }
}

/// An in-memory store that can be told to fail.
public final class FakeStore: AlarmStore {
    private let state = Mutex(StoredState())
    private let missedLog = Mutex<[(AlarmID, Instant)]>([])
    private let failing = Mutex(false)
    private let failingReads = Mutex(false)
    private let journal = Mutex<EffectJournal?>(nil)
    public init(_ initial: StoredState = StoredState()) { state.withLock { $0 = initial } }

    /// Records this store's writes and its closing in `journal` from now on.
    public func keep(_ journal: EffectJournal) { self.journal.withLock { $0 = journal } }
    private func note(_ entry: String) { journal.withLock { $0 }?.record(entry) }
    public func close() { note("store closes") }

    public func failWrites(_ fail: Bool) { failing.withLock { $0 = fail } }
    public var contents: StoredState { state.withLock { $0 } }
    public var missed: [(AlarmID, Instant)] { missedLog.withLock { $0 } }

    private func checkWritable() throws {
        if failing.withLock({ $0 }) { throw FakeFailure() }
    }

    /// Makes `load` fail, as a database that cannot be opened does.
    public func failReads(_ fail: Bool) { failingReads.withLock { $0 = fail } }

    public func load() throws -> StoredState {
        if failingReads.withLock({ $0 }) { throw FakeFailure() }
        return state.withLock { $0 }
    }

    public func save(_ alarm: Alarm, nextFire: Instant?) throws {
        try checkWritable()
        note("store saves the alarm \(alarm.id)")
        state.withLock { s in
            s.alarms.removeAll { $0.id == alarm.id }
            s.alarms.append(alarm)
            s.nextFires[alarm.id] = nextFire
        }
    }

    public func delete(_ id: AlarmID) throws {
        try checkWritable()
        state.withLock { s in
            s.alarms.removeAll { $0.id == id }
            s.nextFires[id] = nil
            s.openRuns.removeAll { $0.alarmId == id }
            s.sessions[id] = nil
            s.lastOccurrences[id] = nil
        }
    }

    public func save(_ run: AlarmRun, session: ChallengeSession?) throws {
        try checkWritable()
        note("store saves the run of \(run.alarmId)")
        state.withLock { s in
            s.openRuns.removeAll { $0.alarmId == run.alarmId }
            if run.isOpen { s.openRuns.append(run) }
            s.sessions[run.alarmId] = run.isOpen ? session : nil
        }
    }

    public func recordMissed(_ id: AlarmID, at: Instant) throws {
        try checkWritable()
        missedLog.withLock { $0.append((id, at)) }
    }

    public func record(_ occurrence: LastOccurrence, of id: AlarmID) throws {
        try checkWritable()
        note("store saves the last occurrence of \(id)")
        state.withLock { $0.lastOccurrences[id] = occurrence }
    }

    private let historyLog = Mutex<(entries: [HistoryEntry], queries: [HistoryQuery], prunes: [Instant])>(([], [], []))
    /// What `history` answers from (filtered by alarm and since, newest first, up to the limit).
    public func setHistory(_ entries: [HistoryEntry]) { historyLog.withLock { $0.entries = entries } }
    public var historyQueries: [HistoryQuery] { historyLog.withLock { $0.queries } }
    /// The cutoffs `pruneHistory` was called with, in order.
    public var prunes: [Instant] { historyLog.withLock { $0.prunes } }

    public func history(_ query: HistoryQuery) throws -> [HistoryEntry] {
        if failingReads.withLock({ $0 }) { throw FakeFailure() }
        return historyLog.withLock { log in
            log.queries.append(query)
            return Array(log.entries
                .filter { entry in query.since.map { entry.due >= $0 } ?? true && query.alarm.map { entry.alarmID == $0 } ?? true }
                .sorted { $0.due > $1.due }
                .prefix(query.limit))
        }
    }

    public func pruneHistory(before cutoff: Instant) throws {
        try checkWritable()
        historyLog.withLock { $0.prunes.append(cutoff) }
    }

    public func save(_ card: CodeCard) throws {
        try checkWritable()
        state.withLock { $0.cards.append(card) }
    }

    public func deleteCard(_ label: String) throws {
        try checkWritable()
        state.withLock { $0.cards.removeAll { $0.label == label } }
    }
}

/// Hashes a code as `fake$` and its reversed letters: easy to read in a test, and never the code itself.
public struct FakeCodeHasher: CodeHasher {
    public init() {}
    public func hash(_ code: String) throws -> String { "fake$" + String(code.reversed()) }
    public func matches(_ code: String, hash: String) -> Bool { (try? self.hash(code)) == hash }
}

public struct FakeFailure: Error, CustomStringConvertible {
    public var description: String { "disk on fire" }
}

/// Records what the notifier was asked to show, and lets the test click actions.
public final class FakeNotifier: AlarmNotifier {
    public struct Shown: Sendable {
        public var notification: RingNotification
        public var onAction: @Sendable (String) -> Void
    }
    private let state = Mutex<(shown: [AlarmID: Shown], posts: Int, notices: [(summary: Message, body: Message)])>(([:], 0, []))
    private let journal: EffectJournal
    public init(journal: EffectJournal = EffectJournal()) { self.journal = journal }

    public func show(_ id: AlarmID, _ notification: RingNotification, onAction: @escaping @Sendable (String) -> Void) {
        journal.record("notification of \(id) shown")
        state.withLock {
            $0.shown[id] = Shown(notification: notification, onAction: onAction)
            $0.posts += 1
        }
    }
    public func close(_ id: AlarmID) { state.withLock { _ = $0.shown.removeValue(forKey: id) } }
    public func withdrawAll() async {
        let ids = state.withLock { state in
            defer { state.shown = [:] }
            return state.shown.keys.sorted()
        }
        for id in ids { journal.record("notification of \(id) withdrawn") }
    }

    public func notice(summary: Message, body: Message) { state.withLock { $0.notices.append((summary, body)) } }

    // NoticeAction: notices with a button, which the test may click.
    private let actionNotices = Mutex<[(summary: String, body: String, action: NoticeAction)]>([])
    public func notice(summary: Message, body: Message, action: NoticeAction) {
        state.withLock { $0.notices.append((summary, body)) }
        actionNotices.withLock { $0.append((summary.english, body.english, action)) }
    }
    /// The bodies of every notice posted with a button, by summary, oldest first (NoticeAction).
    public var noticesWithActions: [(summary: String, body: String, label: String)] {
        actionNotices.withLock { $0.map { ($0.summary, $0.body, $0.action.label) } }
    }
    /// Clicks the button of the newest notice with this summary (NoticeAction); false when there is none.
    @discardableResult
    public func clickNoticeAction(_ summary: String) -> Bool {
        guard let action = actionNotices.withLock({ $0.last { $0.summary == summary }?.action }) else { return false }
        action.run()
        return true
    }

    public func shown(_ id: AlarmID) -> RingNotification? { state.withLock { $0.shown[id]?.notification } }
    public var posts: Int { state.withLock { $0.posts } }
    /// The summaries of every notice, in English (the C locale's text), oldest first.
    public var notices: [String] { state.withLock { $0.notices.map(\.summary.english) } }
    /// Every notice as the core made it, untranslated, oldest first.
    public var noticeMessages: [(summary: Message, body: Message)] { state.withLock { $0.notices } }
    public func click(_ id: AlarmID, _ key: String) { state.withLock { $0.shown[id] }?.onAction(key) }
}

/// Records which alarms are sounding and how loud.
public final class FakeSound: SoundOutput {
    private let playing = Mutex<[AlarmID: Double]>([:])
    private let raises = Mutex<[AlarmID]>([])
    private let journal: EffectJournal
    public init(journal: EffectJournal = EffectJournal()) { self.journal = journal }
    public func start(_ id: AlarmID, sound: String, volume: Double) {
        journal.record("sound of \(id) starts")
        let prepared = preparations.withLock { $0.removeValue(forKey: id) }
        if prepared == Preparation(sound: sound, volume: volume) { startsFromPreparation.withLock { $0.append(id) } }
        playing.withLock { $0[id] = volume }
    }
    public func raise(_ id: AlarmID, volume: Double) {
        raises.withLock { $0.append(id) }
        playing.withLock { if $0[id] != nil { $0[id] = volume } }
    }
    /// The alarms raised at once, in order.
    public var raised: [AlarmID] { raises.withLock { $0 } }
    public func stop(_ id: AlarmID) {
        if playing.withLock({ $0.removeValue(forKey: id) }) != nil { journal.record("sound of \(id) stops") }
    }
    public func isPlaying(_ id: AlarmID) -> Bool { playing.withLock { $0[id] != nil } }

    /// A preparation the sound holds: what it would play.
    public struct Preparation: Equatable, Sendable {
        public var sound: String
        public var volume: Double

        public init(sound: String, volume: Double) {
            self.sound = sound
            self.volume = volume
        }
    }
    private let preparations = Mutex<[AlarmID: Preparation]>([:])
    private let startsFromPreparation = Mutex<[AlarmID]>([])
    private let released = Mutex<[AlarmID]>([])
    /// When set, preparations fail as a missing sound server makes them: nothing is kept.
    public let failingPreparations = Mutex(false)

    public func prepare(_ id: AlarmID, sound: String, volume: Double) {
        guard !failingPreparations.withLock({ $0 }) else { return }
        preparations.withLock { $0[id] = Preparation(sound: sound, volume: volume) }
    }
    public func release(_ id: AlarmID) {
        released.withLock { $0.append(id) }
        preparations.withLock { _ = $0.removeValue(forKey: id) }
    }
    /// What is prepared for `id` and not yet started or released.
    public func preparation(of id: AlarmID) -> Preparation? { preparations.withLock { $0[id] } }
    public var hasPreparations: Bool { preparations.withLock { !$0.isEmpty } }
    /// Alarms whose sound started from what was prepared, in order.
    public var startedPrepared: [AlarmID] { startsFromPreparation.withLock { $0 } }
    /// Alarms whose preparation was released, in order.
    public var releases: [AlarmID] { released.withLock { $0 } }
    /// How loud the sound of `id` plays now; nil when it does not.
    public func volume(of id: AlarmID) -> Double? { playing.withLock { $0[id] } }
}

/// Counts terminals opened.
public final class FakeTerminal: TerminalLauncher {
    private let opened = Mutex<[AlarmID]>([])
    private let missing: Bool
    public init(missing: Bool = false) { self.missing = missing }
    public func openChallenge(for id: AlarmID) throws {
        if missing { throw FakeFailure() }
        opened.withLock { $0.append(id) }
    }
    public var openedFor: [AlarmID] { opened.withLock { $0 } }
}

/// A desktop whose health the test decides.
public final class FakeHealth: SystemHealth {
    private let state: Mutex<HealthSnapshot>
    public init(_ snapshot: HealthSnapshot = FakeHealth.healthy) { state = Mutex(snapshot) }
    public func snapshot() async -> HealthSnapshot { state.withLock { $0 } }
    public func set(_ snapshot: HealthSnapshot) { state.withLock { $0 = snapshot } }
    public static let healthy = HealthSnapshot(
        permissions: [.notifications: true, .sound: true, .terminal: true, .database: true])
}

/// Remembers whether the idle-suspend inhibitor is held, and how often it was taken.
public final class FakeSleepGuard: SleepGuard {
    private let state = Mutex<(held: Bool, holds: Int)>((false, 0))
    public init() {}
    public func hold() {
        state.withLock {
            if !$0.held { $0.holds += 1 }
            $0.held = true
        }
    }
    public func release() { state.withLock { $0.held = false } }
    public var isHeld: Bool { state.withLock { $0.held } }
    /// Times it went from released to held.
    public var holds: Int { state.withLock { $0.holds } }

    private let alarm = Mutex<(held: Bool, sleepDelay: Bool, letSleeps: Int)>((false, false, 0))
    public func holdForAlarm(_ hold: Bool) {
        alarm.withLock {
            // As logind's: the delay let go for a sleep is taken again by the next hold.
            if hold && !$0.sleepDelay { $0.sleepDelay = true }
            if !hold { $0.sleepDelay = false }
            $0.held = hold
        }
    }
    public func letSleep() {
        alarm.withLock {
            $0.sleepDelay = false
            $0.letSleeps += 1
        }
    }
    /// Whether the `handle-lid-switch` block of an alarm is held.
    public var lidHeld: Bool { alarm.withLock { $0.held } }
    /// Whether the `sleep` delay of an alarm is held.
    public var sleepDelayHeld: Bool { alarm.withLock { $0.held && $0.sleepDelay } }
    /// How often the sleep delay was let go for a suspend.
    public var letSleeps: Int { alarm.withLock { $0.letSleeps } }
}

/// Records the wakes the core asks for; the test says how the machine is woken.
public final class FakeWaker: MachineWaker {
    private let state: Mutex<(status: WakeStatus, holds: [Instant?], beforeSleep: [Instant])>
    public init(_ status: WakeStatus = WakeStatus(waker: .agent)) { state = Mutex((status, [], [])) }

    public func hold(_ instant: Instant?) {
        state.withLock {
            // Only changes are recorded: the live one sends only those.
            if $0.holds.last ?? nil != instant || $0.holds.isEmpty { $0.holds.append(instant) }
            $0.status.at = instant
        }
    }
    public func holdBeforeSleep(_ instant: Instant, then: @escaping @Sendable () -> Void) {
        state.withLock {
            $0.beforeSleep.append(instant)
            $0.status.at = instant
        }
        then()
    }
    public var status: WakeStatus { state.withLock { $0.status } }
    /// Changes how the machine is woken, as the helper's answer would; the core hears it through `inbox`.
    public func set(_ waker: WakeStatus.Waker, inbox: WorldEvents) async {
        state.withLock { $0.status.waker = waker }
        inbox.yield(.wakeStatusChanged)
        await inbox.settled()
    }
    /// Every change of the wake held, in order (nil: none).
    public var holds: [Instant?] { state.withLock { $0.holds } }
    /// The wake held now.
    public var held: Instant? { state.withLock { $0.holds.last ?? nil } }
    /// The wakes set as the machine went to sleep, in order.
    public var beforeSleep: [Instant] { state.withLock { $0.beforeSleep } }
}

/// A battery whose charge the test sets; nil is mains power.
public final class FakeBattery: Battery {
    private let level = Mutex<Double?>(nil)
    public init() {}
    public func dischargingLevel() -> Double? { level.withLock { $0 } }
    public func set(_ value: Double?) { level.withLock { $0 = value } }
}

/// Records each hook it is asked to run; the test decides when and how each one finishes.
public final class FakeHooks: HookRunner {
    public struct Run: Sendable {
        public var argv: [String]
        public var environment: [String: String]
        public var finished: @Sendable (HookOutcome) -> Void
    }

    private let state = Mutex<[Run]>([])
    private let journal: EffectJournal
    public init(journal: EffectJournal = EffectJournal()) { self.journal = journal }
    public func run(_ argv: [String], environment: [String: String],
                    finished: @escaping @Sendable (HookOutcome) -> Void) {
        journal.record("hook \(argv.first ?? "") runs")
        state.withLock { $0.append(Run(argv: argv, environment: environment, finished: finished)) }
    }
    public var runs: [Run] { state.withLock { $0 } }
    /// The environments of the runs so far, in order.
    public var environments: [[String: String]] { runs.map(\.environment) }
}

/// A world made of fakes, kept at hand for the test to drive and inspect.
public struct FakeWorld: Sendable {
    public let clock: ManualClock
    public let zone = FixedZone()
    /// The core's events, for a core made with `inbox: fakes.inbox`.
    public let inbox = WorldEvents()
    public let journal = EffectJournal()
    public let timer: FakeWakeTimer
    public let store: FakeStore
    public let notifier: FakeNotifier
    public let sound: FakeSound
    public let terminal: FakeTerminal
    public let health = FakeHealth()
    public let sleepGuard = FakeSleepGuard()
    public let hooks: FakeHooks
    public let waker: FakeWaker
    public let battery = FakeBattery()

    public init(now: Instant, store: FakeStore = FakeStore(), terminalMissing: Bool = false, timerWakesMachine: Bool = true) {
        timer = FakeWakeTimer(inbox: inbox)
        waker = FakeWaker(WakeStatus(waker: timerWakesMachine ? .agent : .nothing(.noHelper)))
        clock = ManualClock(now)
        self.store = store
        store.keep(journal)
        notifier = FakeNotifier(journal: journal)
        sound = FakeSound(journal: journal)
        terminal = FakeTerminal(missing: terminalMissing)
        hooks = FakeHooks(journal: journal)
    }

    public var world: World {
        World(clock: clock, zone: zone, timer: timer, store: store, notifier: notifier, sound: sound,
              terminal: terminal, health: health, sleepGuard: sleepGuard, hooks: hooks, codes: FakeCodeHasher(),
              waker: waker, battery: battery)
    }
}
