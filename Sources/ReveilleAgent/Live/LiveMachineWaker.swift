import DBus
import Glibc
import LinuxEvents
import ReveilleCore
import ReveilleDomain
import ReveilleText
import ReveilleTime
import Synchronization
import SystemSupport

/// Which of the two wakers this agent uses, chosen once at start: its own alarm timer where the
/// session may create one (`CAP_WAKE_ALARM`), the system's wake helper where it may not, and
/// neither with `wake_from_suspend = no`.
enum MachineWakers {
    static func choose(wakeFromSuspend: Bool, system: Connection?, inbox: WorldEvents) -> any MachineWaker {
        guard wakeFromSuspend else {
            Log.shared.info("wake_from_suspend = no: alarms do not wake the machine from suspend")
            return NoWaker()
        }
        do {
            let waker = try AgentTimerWaker()
            Log.shared.info("alarms wake the machine from suspend with the agent's own CLOCK_REALTIME_ALARM timer")
            return waker
        } catch {
            Log.shared.info("the session may not set wake alarms (\(error)); asking the wake helper \(HelperWaker.busName)")
            return HelperWaker(bus: system.map(LiveWakeHelperBus.init), inbox: inbox)
        }
    }
}

/// What a waker sent last, so that a re-plan sends only a change or a spent wake.
struct SentWake: Equatable {
    /// The wake the core wanted (`PlanWake`), for which `instant` was sent; nil for a cancel.
    var wanted: Instant?
    /// What was sent: `PlanWake.instant(toSend:now:)` of `wanted`; nil for a cancel.
    var instant: Instant?

    /// Whether holding `wanted` at `now` needs no call: the same wake was sent, and is not spent.
    func covers(_ wanted: Instant?, now: Instant) -> Bool {
        guard wanted == self.wanted else { return false }
        return instant.map { $0 > now } ?? true
    }
}

/// The agent wakes the machine itself: a `CLOCK_REALTIME_ALARM` timer of its own, armed at the
/// wake. Its firing needs no handling: waking the kernel is the point, and the resume that
/// follows reaches the core through logind's `PrepareForSleep(false)`.
final class AgentTimerWaker: MachineWaker {
    private let timer: TimerFD
    private let sent = Mutex<SentWake?>(nil)
    private let wakeCapableClock = hasWakeCapableClock()

    init() throws {
        timer = try TimerFD(clock: .realtimeAlarm) { _ in }
    }

    func hold(_ instant: Instant?) {
        let now = Instant(secondsSinceEpoch: realtimeNow().seconds)
        let wake = instant.map { PlanWake().instant(toSend: $0, now: now) }
        let changed = sent.withLock { sent -> Bool in
            if sent?.covers(instant, now: now) == true { return false }
            sent = SentWake(wanted: instant, instant: wake)
            return true
        }
        if changed { arm(wake) }
    }

    func holdBeforeSleep(_ instant: Instant, then: @escaping @Sendable () -> Void) {
        // It stands for what the core wants until it is spent: a re-plan before the suspend keeps it.
        sent.withLock { $0 = SentWake(wanted: $0?.wanted, instant: instant) }
        arm(instant)
        then()
    }

    var status: WakeStatus {
        WakeStatus(waker: .agent, at: sent.withLock { $0?.instant }, wakeCapableClock: wakeCapableClock)
    }

    private func arm(_ wake: Instant?) {
        do {
            if let wake { try timer.arm(atUnixSeconds: wake.secondsSinceEpoch) } else { try timer.disarm() }
        } catch {
            Log.shared.error("cannot set the wake-from-suspend timer: \(error)")
        }
    }
}

/// Whether some `/sys/class/rtc/rtcN` has a `wakealarm` attribute: the kernel makes one only for a
/// real-time clock that can wake the machine.
func hasWakeCapableClock() -> Bool {
    (0..<32).contains { isReadableFile("/sys/class/rtc/rtc\($0)/wakealarm") }
}

/// The machine's wake, set through the system's wake helper `reveille-waked` (issue 20) on this
/// agent's one system-bus connection: the helper keeps a wake per calling connection and drops it
/// when the connection leaves, so the connection lives as long as the agent.
///
/// A wake is sent again whenever it changes, once it has been spent (the helper fired it, or the
/// machine resumed past it), and as soon as the helper's name changes owner (a helper that died
/// lost it; the call starts a new one). A reply counts only when the name's owner runs as the
/// helper's user: anyone else could swallow the call, and an alarm nobody wakes for is a silent one.
/// Every failure is only a state (`status`): the agent's own timer still rings whenever the machine is awake.
final class HelperWaker: MachineWaker {
    static let busName = LiveWakeHelperBus.busName
    /// The helper's system user (its sysusers.d entry): the only one the bus policy lets own the name.
    static let user = "reveille-wake"

    /// Nil without a system bus.
    private let bus: (any WakeHelperBus)?
    private let inbox: WorldEvents
    /// The helper's user's uid, looked up at each check: nil when there is no such user.
    private let helperUID: @Sendable () -> UInt32?
    private let now: @Sendable () -> Instant
    /// The calls, one at a time and in order (internal: a test awaits them).
    let tasks = SerialTasks()
    private let state = Mutex(State())

    private struct State {
        /// What the core asks for now.
        var wanted: Instant?
        /// What the helper holds for this agent, as far as the agent knows; nil when unknown.
        var sent: SentWake?
        /// A send is queued and has not read `wanted` yet.
        var queued = false
        var status = WakeStatus(waker: .helper)
    }

    init(bus: (any WakeHelperBus)?, inbox: WorldEvents, helperUID: @escaping @Sendable () -> UInt32? = helperUserID,
         now: @escaping @Sendable () -> Instant = wallNow) {
        self.bus = bus
        self.inbox = inbox
        self.helperUID = helperUID
        self.now = now
        tasks.add { [self] in await followOwner() }
    }

    func hold(_ instant: Instant?) {
        let now = self.now()
        let queue = state.withLock { state -> Bool in
            state.wanted = instant
            if state.sent?.covers(instant, now: now) == true || state.queued { return false }
            state.queued = true
            return true
        }
        if queue { tasks.add { [self] in await send() } }
    }

    func holdBeforeSleep(_ instant: Instant, then: @escaping @Sendable () -> Void) {
        tasks.add { [self] in
            // It stands for what the core wants until it is spent (the machine slept past it): a
            // re-plan before the suspend keeps it, and the first one after the resume sends the plan.
            if await call(.set(instant), timeout: .seconds(3)) {
                state.withLock { $0.sent = SentWake(wanted: $0.wanted, instant: instant) }
            }
            then()
        }
    }

    var status: WakeStatus { state.withLock { $0.status } }

    /// Sends what the core wants now, unless the helper holds it already.
    private func send() async {
        let now = self.now()
        let wanted = state.withLock { state -> Instant?? in
            state.queued = false
            return state.sent?.covers(state.wanted, now: now) == true ? nil : .some(state.wanted)
        }
        guard let wanted else { return }
        let instant = wanted.map { PlanWake().instant(toSend: $0, now: now) }
        if await call(instant.map(Request.set) ?? .cancel, timeout: .seconds(10)) {
            state.withLock { $0.sent = SentWake(wanted: wanted, instant: instant) }
        }
    }

    private enum Request {
        case set(Instant)
        case cancel
    }

    /// Makes the call and checks who answered; true when the helper took it. Updates `status`.
    @discardableResult
    private func call(_ request: Request, timeout: Duration) async -> Bool {
        guard let bus else { return update(.nothing(.unreachable(Message("there is no system bus"))), at: nil) }
        let method: String
        let arguments: [Value]
        switch request {
        case .set(let instant): (method, arguments) = ("SetWake", [.int64(instant.secondsSinceEpoch)])
        case .cancel: (method, arguments) = ("CancelWake", [])
        }
        do {
            try await bus.callHelper(method, arguments, timeout: timeout)
            if let distrust = await untrustedOwner(on: bus) {
                Log.shared.error("the wake helper's reply does not count: \(distrust.english)")
                return update(.nothing(.unreachable(distrust)), at: nil)
            }
        } catch {
            Log.shared.warning("the wake helper did not take \(method): \(error)")
            return update(.nothing(Self.whyNot(error)), at: nil)
        }
        let clock = await bus.canWakeSystem()
        if case .set(let instant) = request {
            Log.shared.info("the wake helper holds a wake at \(instant.secondsSinceEpoch) for this agent")
            return update(.helper, at: instant, clock: clock)
        }
        return update(.helper, at: nil, clock: clock)
    }

    /// Why the helper cannot be used, from the error of a call to it: the bus cannot start it
    /// (`ServiceUnknown`, a `Spawn.*` failure, a unit systemd does not have), polkit refused, or
    /// anything else.
    static func whyNot(_ error: DBusError) -> WakeStatus.WhyNot {
        switch error.name {
        case DBusError.Name.serviceUnknown, "org.freedesktop.DBus.Error.NameHasNoOwner", "org.freedesktop.systemd1.NoSuchUnit":
            .noHelper
        case _ where error.name.hasPrefix("org.freedesktop.DBus.Error.Spawn."):
            .noHelper
        case "org.freedesktop.DBus.Error.AccessDenied":
            .refused(error.message)
        default:
            // The bus's own error name and words, as they come.
            .unreachable(.verbatim(error.description))
        }
    }

    /// Nil when the name's owner runs as the helper's user; otherwise why it is not trusted.
    private func untrustedOwner(on bus: any WakeHelperBus) async -> Message? {
        guard let expected = helperUID() else {
            return Message("the helper's user {user} does not exist on this system", ["user": Self.user])
        }
        do {
            let uid = try await bus.ownerUID()
            return uid == expected ? nil
                : Message("not trusting {name}: it is owned by uid {uid}, not by the helper's user {user} (uid {expected})",
                          ["name": Self.busName, "uid": String(uid), "user": Self.user, "expected": String(expected)])
        } catch {
            return Message("cannot tell who owns {name}: {error}", ["name": Self.busName, "error": "\(error)"])
        }
    }

    /// Records the new status; tells the core when it changed. Returns whether the helper took the call.
    @discardableResult
    private func update(_ waker: WakeStatus.Waker, at: Instant?, clock: Bool? = nil) -> Bool {
        let changed = state.withLock { state -> Bool in
            var status = WakeStatus(waker: waker, at: at, wakeCapableClock: clock ?? state.status.wakeCapableClock)
            if case .nothing = waker { state.sent = nil; status.wakeCapableClock = state.status.wakeCapableClock }
            defer { state.status = status }
            return status != state.status
        }
        if changed { inbox.yield(.wakeStatusChanged) }
        if case .nothing = waker { return false }
        return true
    }

    /// Sends the wake again whenever the helper's name changes owner: a helper that left took this
    /// agent's wake with it, and a new one holds none.
    private func followOwner() async {
        guard let bus else { return }
        do {
            try await bus.followOwner { [weak self] gone in
                guard let self else { return }
                Log.shared.info("\(Self.busName) \(gone ? "lost its owner" : "has a new owner"); sending the wake again")
                let queue = state.withLock { state -> Bool in
                    // With no wake wanted a new helper holds none already: no call needs to start it.
                    guard state.wanted != nil else {
                        state.sent = SentWake(wanted: nil, instant: nil)
                        return false
                    }
                    state.sent = nil
                    defer { state.queued = true }
                    return !state.queued
                }
                if queue { tasks.add { [self] in await send() } }
            }
        } catch {
            Log.shared.warning("cannot follow the wake helper's name: \(error)")
        }
    }
}

/// The wall clock in whole seconds, as the helper compares wakes.
func wallNow() -> Instant { Instant(secondsSinceEpoch: realtimeNow().seconds) }
