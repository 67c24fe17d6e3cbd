/// The wake helper: each connection's next wake, the one alarm timer armed at the earliest of
/// them, and who may ask. The bus harness decodes calls into these methods and maps the
/// `WakeRefusal` they throw to D-Bus errors; the world comes in through `WakeTimer`, `WakeBus`
/// and `WakeClock`.
public actor WakeHelper {
    private let timer: any WakeTimer
    private let bus: any WakeBus
    private let clock: any WakeClock
    private let log: @Sendable (String) -> Void

    private var table = WakeTable()
    /// The instant the timer is set for, nil while disarmed.
    public private(set) var armedAt: Int64?
    /// When the last call came or ended, on `clock.uptime`.
    private var lastCall: Duration
    private var callsInFlight = 0
    private let changes: AsyncStream<Void>.Continuation
    /// Yields whenever `idleExitDue` may have changed: for the daemon's idle watch.
    public nonisolated let idleChanges: AsyncStream<Void>

    public init(timer: any WakeTimer, bus: any WakeBus, clock: any WakeClock, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.timer = timer
        self.bus = bus
        self.clock = clock
        self.log = log
        lastCall = clock.uptime
        (idleChanges, changes) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: - Calls

    /// `SetWake(x when)`: `caller`'s next wake, replacing the one it held.
    public func setWake(_ when: Int64, caller: String) async throws(WakeRefusal) {
        try await authorized(caller)
        let uid: UInt32
        do { uid = try await bus.unixUser(of: caller) } catch { throw .callerUnknown("\(error)") }
        let at = try validateWake(when, now: clock.unixSeconds)
        let previous = table.wake(of: caller)
        let isNew = try table.set(at, for: caller, uid: uid)
        do { try rearm() } catch {
            if let previous { _ = try? table.set(previous, for: caller, uid: uid) } else { table.remove(caller) }
            throw error
        }
        log("uid \(uid) (\(caller)) set a wake at \(at); the timer is armed at \(armedAt.map(String.init) ?? "nothing")")
        guard isNew else { return }
        // Followed only now, after the awaits: a connection that left meanwhile is found here.
        if await bus.follow(caller) {
            if table.wake(of: caller) == nil { bus.unfollow(caller) }  // cancelled while it was being followed
        } else {
            connectionLeft(caller)
        }
    }

    /// `CancelWake()`: drops `caller`'s wake, if it held one.
    public func cancelWake(caller: String) async throws(WakeRefusal) {
        try await authorized(caller)
        guard table.remove(caller) != nil else { return }
        bus.unfollow(caller)
        try? rearm()
        log("\(caller) cancelled its wake; the timer is armed at \(armedAt.map(String.init) ?? "nothing")")
    }

    /// `GetWake() → x`: `caller`'s wake, or 0 when it holds none.
    public func getWake(caller: String) async throws(WakeRefusal) -> Int64 {
        try await authorized(caller)
        return table.wake(of: caller) ?? 0
    }

    /// Counts the call as activity, then asks polkit. Every call is asked afresh: an answer could
    /// change with the session's state.
    private func authorized(_ caller: String) async throws(WakeRefusal) {
        callsInFlight += 1
        lastCall = clock.uptime
        defer {
            callsInFlight -= 1
            lastCall = clock.uptime
            changes.yield()
        }
        if let refusal = WakeAuthorization.refusal(for: await bus.authorize(caller)) {
            log("refused \(caller): \(refusal)")
            throw refusal
        }
    }

    // MARK: - Events

    /// `connection` left the bus: its wake goes with it.
    public func connectionLeft(_ connection: String) {
        bus.unfollow(connection)
        guard table.remove(connection) != nil else { return }
        try? rearm()
        log("\(connection) left the bus; its wake is dropped, the timer is armed at \(armedAt.map(String.init) ?? "nothing")")
        changes.yield()
    }

    /// The timer fired, or the wall clock jumped. The wakes now due are spent: the machine is
    /// awake. The timer is set again for the next one either way.
    public func timerFired() {
        for connection in table.removeDue(now: clock.unixSeconds) {
            bus.unfollow(connection)
            log("the wake of \(connection) is due")
        }
        // Set whatever it held: a fired timer is disarmed already, one the clock jumped past fires anyway.
        do { try rearm(force: true) } catch { log("cannot set the alarm timer: \(error)") }
        changes.yield()
    }

    /// The wake `connection` holds, for tests and logs.
    public func wake(of connection: String) -> Int64? { table.wake(of: connection) }

    // MARK: - Idle exit

    /// When the helper should exit, on `clock.uptime`: `WakeLimits.idleExit` after the last call,
    /// while it holds no wake and answers no call. Nil otherwise.
    public var idleExitDue: Duration? {
        guard table.isEmpty, callsInFlight == 0 else { return nil }
        return lastCall + WakeLimits.idleExit
    }

    /// Whether the helper should exit now.
    public var shouldExit: Bool { idleExitDue.map { $0 <= clock.uptime } ?? false }

    // MARK: - The timer

    /// Sets the timer for the earliest wake held, or disarms it; only when that changed, unless forced.
    private func rearm(force: Bool = false) throws(WakeRefusal) {
        let earliest = table.earliest
        guard force || earliest != armedAt else { return }
        do {
            if let earliest { try timer.arm(atUnixSeconds: earliest) } else { try timer.disarm() }
        } catch {
            throw .failed("cannot set the alarm timer: \(error)")
        }
        armedAt = earliest
    }
}
