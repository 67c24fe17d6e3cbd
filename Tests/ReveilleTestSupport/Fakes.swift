import ReveilleCore
import ReveilleDomain
import ReveilleTime
import Synchronization

/// A wall clock the test sets and advances.
public final class ManualClock: WallClock {
    private let instant: Mutex<Instant>
    public init(_ start: Instant) { instant = Mutex(start) }
    public func now() -> Instant { instant.withLock { $0 } }
    public func set(_ value: Instant) { instant.withLock { $0 = value } }
    public func advance(by seconds: Int64) { instant.withLock { $0 = $0.adding(seconds: seconds) } }
}

/// A fixed zone the test may swap.
public final class FixedZone: ZoneProvider {
    private let rules: Mutex<ZoneRules>
    public init(_ rules: ZoneRules = .utc) { self.rules = Mutex(rules) }
    public func current() -> ZoneRules { rules.withLock { $0 } }
    public func set(_ value: ZoneRules) { rules.withLock { $0 = value } }
}

/// Remembers where it is armed; the test fires it.
public final class FakeWakeTimer: WakeTimer {
    private let state = Mutex<(armed: Instant?, handler: (@Sendable (WakeTimerEvent) async -> Void)?)>((nil, nil))
    public let wakesFromSuspend: Bool
    public init(wakesFromSuspend: Bool = true) { self.wakesFromSuspend = wakesFromSuspend }
    public func start(handler: @escaping @Sendable (WakeTimerEvent) async -> Void) { state.withLock { $0.handler = handler } }
    public func arm(at instant: Instant?) { state.withLock { $0.armed = instant } }
    public var armedAt: Instant? { state.withLock { $0.armed } }
    /// What the live timer does when its instant comes; returns once the core has handled it.
    public func fire() async { await state.withLock { $0.handler }?(.expired) }
    /// What the live timer does when the wall clock is set (the timerfd's cancel-on-set,
    /// `ECANCELED`); returns once the core has handled it.
    public func clockSet() async { await state.withLock { $0.handler }?(.clockChanged) }
}

/// An in-memory store that can be told to fail.
public final class FakeStore: AlarmStore {
    private let state = Mutex(StoredState())
    private let missedLog = Mutex<[(AlarmID, Instant)]>([])
    private let failing = Mutex(false)
    private let failingReads = Mutex(false)
    public init(_ initial: StoredState = StoredState()) { state.withLock { $0 = initial } }

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
        state.withLock { $0.lastOccurrences[id] = occurrence }
    }
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
    private let state = Mutex<(shown: [AlarmID: Shown], posts: Int, notices: [String])>(([:], 0, []))
    public init() {}

    public func show(_ id: AlarmID, _ notification: RingNotification, onAction: @escaping @Sendable (String) -> Void) {
        state.withLock {
            $0.shown[id] = Shown(notification: notification, onAction: onAction)
            $0.posts += 1
        }
    }
    public func close(_ id: AlarmID) { state.withLock { _ = $0.shown.removeValue(forKey: id) } }
    public func notice(summary: String, body: String) { state.withLock { $0.notices.append(summary) } }

    public func shown(_ id: AlarmID) -> RingNotification? { state.withLock { $0.shown[id]?.notification } }
    public var posts: Int { state.withLock { $0.posts } }
    public var notices: [String] { state.withLock { $0.notices } }
    public func click(_ id: AlarmID, _ key: String) { state.withLock { $0.shown[id] }?.onAction(key) }
}

/// Records which alarms are sounding and how loud.
public final class FakeSound: SoundOutput {
    private let playing = Mutex<[AlarmID: Double]>([:])
    private let raises = Mutex<[AlarmID]>([])
    public init() {}
    public func start(_ id: AlarmID, sound: String, volume: Double) {
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
    public func stop(_ id: AlarmID) { playing.withLock { _ = $0.removeValue(forKey: id) } }
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
}

/// A world made of fakes, kept at hand for the test to drive and inspect.
public struct FakeWorld: Sendable {
    public let clock: ManualClock
    public let zone = FixedZone()
    public let timer: FakeWakeTimer
    public let store: FakeStore
    public let notifier = FakeNotifier()
    public let sound = FakeSound()
    public let terminal: FakeTerminal
    public let health = FakeHealth()
    public let sleepGuard = FakeSleepGuard()

    public init(now: Instant, store: FakeStore = FakeStore(), terminalMissing: Bool = false, timerWakesMachine: Bool = true) {
        timer = FakeWakeTimer(wakesFromSuspend: timerWakesMachine)
        clock = ManualClock(now)
        self.store = store
        terminal = FakeTerminal(missing: terminalMissing)
    }

    public var world: World {
        World(clock: clock, zone: zone, timer: timer, store: store, notifier: notifier, sound: sound,
              terminal: terminal, health: health, sleepGuard: sleepGuard)
    }
}
