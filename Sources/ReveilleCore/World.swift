import ReveilleDomain
import ReveilleText
import ReveilleTime

// The agent core talks to the world only through these protocols. Each has a live
// implementation in ReveilleAgent and a fake in ReveilleTestSupport.

/// The wall clock.
public protocol WallClock: Sendable {
    func now() -> Instant
    /// Seconds the machine has spent suspended since it booted: a suspend that nobody announced
    /// shows as a change in it. Only its changes mean anything.
    func secondsAsleep() -> Int64
}

extension WallClock {
    /// A clock that cannot tell says the machine never slept.
    public func secondsAsleep() -> Int64 { 0 }
}

/// The local time zone's rules, as they are now (they change when the user moves).
public protocol ZoneProvider: Sendable {
    func current() -> ZoneRules
}

/// Wakes the core once at an instant; re-arming replaces the previous instant. It tells the
/// core through `WorldEvents`: `timerExpired`, and `clockChanged` when the wall clock jumps.
/// Waking the machine from suspend is `MachineWaker`'s work, not this timer's.
public protocol WakeTimer: Sendable {
    /// Arms the timer at `instant`, or disarms it for nil.
    func arm(at instant: Instant?)
}

/// Where alarms and their runs live. Every call returns only once its change is durable, and so
/// may wait for the disk: the core calls it only on its `StoreThread` (and at start, before it runs).
public protocol AlarmStore: Sendable {
    func load() throws -> StoredState
    func save(_ alarm: Alarm, nextFire: Instant?) throws
    /// The agent is stopping: no write comes after this.
    func close()
    func delete(_ id: AlarmID) throws
    /// Records a run as it stands; a finished run leaves the open set and stays as history.
    func save(_ run: AlarmRun, session: ChallengeSession?) throws
    /// Records that an alarm's occurrence at `at` passed without it ringing.
    func recordMissed(_ id: AlarmID, at: Instant) throws
    /// Replaces the alarm's last occurrence that rang or was reported missed.
    func record(_ occurrence: LastOccurrence, of id: AlarmID) throws
    /// Runs and misses, newest first.
    func history(_ query: HistoryQuery) throws -> [HistoryEntry]
    /// Deletes finished runs and misses due before `cutoff`.
    func pruneHistory(before cutoff: Instant) throws
    /// Adds a code card; its label is new.
    func save(_ card: CodeCard) throws
    func deleteCard(_ label: String) throws
}

/// Where the store's work runs: away from the core's thread, one job at a time in the order given,
/// so that a locked or slow disk holds up only the work behind it, never a ring or a D-Bus call.
public protocol StoreThread: Sendable {
    func run(_ work: @escaping @Sendable () -> Void)
}

/// Runs each job at once on the caller's thread: for a store that never waits (the tests' fake).
public struct CallersThread: StoreThread {
    public init() {}
    public func run(_ work: @escaping @Sendable () -> Void) { work() }
}

/// Everything the store holds that the core needs at start.
public struct StoredState: Equatable, Sendable {
    public var alarms: [Alarm]
    public var nextFires: [AlarmID: Instant]
    public var openRuns: [AlarmRun]
    public var sessions: [AlarmID: ChallengeSession]
    /// Stored alarms whose values cannot be decoded: skipped, and reported.
    public var unreadable: [UnreadableAlarm]
    public var lastOccurrences: [AlarmID: LastOccurrence]
    public var cards: [CodeCard]

    public init(alarms: [Alarm] = [], nextFires: [AlarmID: Instant] = [:], openRuns: [AlarmRun] = [],
                sessions: [AlarmID: ChallengeSession] = [:], lastOccurrences: [AlarmID: LastOccurrence] = [:],
                unreadable: [UnreadableAlarm] = [], cards: [CodeCard] = []) {
        self.alarms = alarms
        self.nextFires = nextFires
        self.openRuns = openRuns
        self.sessions = sessions
        self.unreadable = unreadable
        self.lastOccurrences = lastOccurrences
        self.cards = cards
    }
}

/// What a ringing alarm's notification says and offers, as messages: the notifier renders them in
/// the session's language each time it posts the notification.
public struct RingNotification: Equatable, Sendable {
    public var summary: Message
    public var body: Message
    /// nil at the snooze limit: the notification then offers no snooze action.
    public var snoozeLabel: Message?
    /// The `dismiss` action's label: "I'm up" on a wake-up check.
    public var dismissLabel: Message

    public init(summary: Message, body: Message, snoozeLabel: Message?,
                dismissLabel: Message = Message(context: "button", "Dismiss")) {
        self.summary = summary
        self.body = body
        self.snoozeLabel = snoozeLabel
        self.dismissLabel = dismissLabel
    }
}

/// Shows ringing alarms on the desktop. Action keys come back through `onAction`:
/// `snooze`, `dismiss` or `default`.
public protocol AlarmNotifier: Sendable {
    /// Shows the notification of a ringing alarm, or updates it.
    func show(_ id: AlarmID, _ notification: RingNotification, onAction: @escaping @Sendable (String) -> Void)
    func close(_ id: AlarmID)
    /// Closes every alarm's notification; returns once the server was told.
    func withdrawAll() async
    /// A one-off notice (a missed alarm); no actions. The notifier renders its messages in the
    /// session's language.
    func notice(summary: Message, body: Message)
    /// A one-off notice with one button, such as the tray's Undo (NoticeAction).
    func notice(summary: Message, body: Message, action: NoticeAction)
}


/// The one button of a notice, and what a click on it does (NoticeAction): `run` is called on
/// whatever thread the notifier hears the click, and must return quickly.
public struct NoticeAction: Sendable {
    public var label: String
    public var run: @Sendable () -> Void

    public init(label: String, run: @escaping @Sendable () -> Void) {
        self.label = label
        self.run = run
    }
}

/// Plays alarm sounds.
public protocol SoundOutput: Sendable {
    /// Starts looping `sound` for `id`, fading in to `volume`; replaces any sound already playing for `id`.
    func start(_ id: AlarmID, sound: String, volume: Double)
    /// Raises a playing sound to `volume` at once, and makes the output audible again
    /// (`force_audible`): it may have been muted since the alarm started.
    func raise(_ id: AlarmID, volume: Double)
    func stop(_ id: AlarmID)
    /// Gets `sound` ready to start at once for `id` (decoded, its stream connected but silent):
    /// a later `start` of the same sound and volume uses it. Nothing is heard, and a preparation
    /// that fails changes nothing: `start` then does all the work itself.
    func prepare(_ id: AlarmID, sound: String, volume: Double)
    /// Drops what `prepare` made for `id` and has not started; a playing sound plays on.
    func release(_ id: AlarmID)
}

/// Opens a terminal running the challenge for an alarm.
public protocol TerminalLauncher: Sendable {
    func openChallenge(for id: AlarmID) throws
}

/// Looks at the desktop for what alarms need.
public protocol SystemHealth: Sendable {
    func snapshot() async -> HealthSnapshot
}

/// Holds off *automatic idle* suspend while an alarm is close, and keeps the machine up while an
/// alarm rings. Every call is idempotent: the core calls them on every re-plan.
public protocol SleepGuard: Sendable {
    func hold()
    func release()
    /// From the wake before an alarm until its run ends (`block_sleep_while_ringing`): logind's
    /// `handle-lid-switch` block, so that a closed lid does not put the woken machine back to sleep,
    /// and a `sleep` delay, so that a suspend that happens anyway first gets a wake set. False lets both go.
    func holdForAlarm(_ hold: Bool)
    /// The machine is going to sleep anyway (`PrepareForSleep(true)`) and its wake is set: lets the
    /// sleep delay go, until the next `holdForAlarm(true)` after the resume.
    func letSleep()
}

/// Wakes the machine from suspend at one instant (issue 20): the agent's own
/// `CLOCK_REALTIME_ALARM` timer where the session may set one, the system's wake helper where it
/// may not, or nothing. It says how through `status`; a change of it reaches the core as
/// `WorldEvent.wakeStatusChanged`.
public protocol MachineWaker: Sendable {
    /// Holds a wake at `instant` (`PlanWake`), nil for none. Idempotent: the core calls it on every
    /// re-plan, and only a change, or a wake already spent, is sent again.
    func hold(_ instant: Instant?)
    /// The machine is about to sleep: sets a wake at `instant` now, whatever was sent before, and
    /// calls `then` once it is set or cannot be.
    func holdBeforeSleep(_ instant: Instant, then: @escaping @Sendable () -> Void)
    var status: WakeStatus { get }
}

/// For a world without a waker: nothing wakes the machine, because the configuration says so.
public struct NoWaker: MachineWaker {
    public init() {}
    public func hold(_ instant: Instant?) {}
    public func holdBeforeSleep(_ instant: Instant, then: @escaping @Sendable () -> Void) { then() }
    public var status: WakeStatus { WakeStatus(waker: .nothing(.turnedOff)) }
}

/// The battery, for the run's cap (`RunCap`).
public protocol Battery: Sendable {
    /// The charge in percent while the machine runs on its battery; nil on mains power or without one.
    func dischargingLevel() -> Double?
}

/// For a world with no battery.
public struct NoBattery: Battery {
    public init() {}
    public func dischargingLevel() -> Double? { nil }
}

/// Runs the `[hooks]` commands. Never waits for one: `finished` comes later, once the hook has
/// ended, been killed for hanging, or could not start.
public protocol HookRunner: Sendable {
    /// Starts `argv` (never through a shell) with the agent's environment plus `environment`.
    func run(_ argv: [String], environment: [String: String],
             finished: @escaping @Sendable (HookOutcome) -> Void)
}

/// For a world with no hooks wired: nothing is configured to run.
public struct NoHooks: HookRunner {
    public init() {}
    public func run(_ argv: [String], environment: [String: String],
                    finished: @escaping @Sendable (HookOutcome) -> Void) {}
}

/// Makes and checks the salted hashes that code cards are kept as (crypt(3) on the live side).
public protocol CodeHasher: Sendable {
    /// A new salted hash of `code`.
    func hash(_ code: String) throws -> String
    /// Whether `code` hashes to `hash`, compared in constant time.
    func matches(_ code: String, hash: String) -> Bool
}

/// For a world with no hasher wired: no card can be made, and no answer matches one.
public struct NoCodeHasher: CodeHasher {
    public init() {}
    public func hash(_ code: String) throws -> String { throw NoCodeHasherError() }
    public func matches(_ code: String, hash: String) -> Bool { false }
}

struct NoCodeHasherError: Error, CustomStringConvertible {
    var description: String { "this agent cannot hash codes" }
}

/// The agent's connections to the world, gathered so `main` can wire them in one place.
public struct World: Sendable {
    public var clock: any WallClock
    public var zone: any ZoneProvider
    public var timer: any WakeTimer
    public var store: any AlarmStore
    public var storeThread: any StoreThread
    public var notifier: any AlarmNotifier
    public var sound: any SoundOutput
    public var terminal: any TerminalLauncher
    public var health: any SystemHealth
    public var sleepGuard: any SleepGuard
    public var hooks: any HookRunner
    public var codes: any CodeHasher
    public var waker: any MachineWaker
    public var battery: any Battery

    public init(clock: any WallClock, zone: any ZoneProvider, timer: any WakeTimer, store: any AlarmStore,
                notifier: any AlarmNotifier, sound: any SoundOutput, terminal: any TerminalLauncher,
                health: any SystemHealth, sleepGuard: any SleepGuard, hooks: any HookRunner = NoHooks(),
                codes: any CodeHasher = NoCodeHasher(), waker: any MachineWaker = NoWaker(),
                battery: any Battery = NoBattery(), storeThread: any StoreThread = CallersThread()) {
        self.storeThread = storeThread
        self.waker = waker
        self.battery = battery
        self.clock = clock
        self.zone = zone
        self.timer = timer
        self.store = store
        self.notifier = notifier
        self.sound = sound
        self.terminal = terminal
        self.health = health
        self.sleepGuard = sleepGuard
        self.hooks = hooks
        self.codes = codes
    }
}
