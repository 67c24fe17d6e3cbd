import DBus
import Gettext
import Glibc
import ReveilleCore
import ReveilleText
import Synchronization

/// Holds off *automatic idle* suspend while an alarm is close: logind's `idle` inhibitor on
/// the system bus, and the desktop's own (GNOME's session manager, the freedesktop
/// screensaver) where they run.
///
/// While no alarm is near it takes nothing else: a suspend the user asks for happens. From the
/// wake before an alarm until its run ends (`block_sleep_while_ringing`), it holds logind's
/// `handle-lid-switch` block, so that a closed lid does not suspend the woken machine again after
/// logind's 30 s hold-off, and a `sleep` delay, so that a suspend that happens anyway (the user's
/// own, which logind lets through a block of the same user, or a dying battery) waits until the
/// agent has set a wake 30 s ahead. Every lock dies with the agent (logind's with its fd, the
/// desktop's with its bus name).
final class LiveSleepGuard: SleepGuard {
    private let system: Connection?
    private let session: Connection
    /// What the core last asked for, so repeated calls queue no work.
    private let wanted = Mutex(false)
    /// What is held; touched only from `tasks`, one job at a time.
    private let held = Mutex(Locks())
    private let tasks = SerialTasks()
    /// What the core last asked of `holdForAlarm`, and whether the delay was let go for a sleep since.
    private let alarmWanted = Mutex<(hold: Bool, delayLetGo: Bool)>((false, false))
    /// The alarm's logind locks; touched only from `tasks`.
    private let alarmLocks = Mutex(AlarmLocks())

    /// The `why` of the inhibitors, which the desktop shows (GNOME's "busy" dialog, `systemd-inhibit --list`).
    private static let reason = Message("An alarm is due soon")
    private static let ringingReason = Message("An alarm rings until it is dismissed")
    /// The session's locale as last read: each `why` is rendered in it when the lock is taken.
    private let locale: @Sendable () -> UserLocale
    /// The `who` of this agent's inhibitors: logind's list tells two agents' apart by it.
    private static let who = "Reveille[\(getpid())]"

    private struct AlarmLocks: ~Copyable {
        var lid: ReceivedFileDescriptor?
        var delay: ReceivedFileDescriptor?
    }

    private struct Locks: ~Copyable {
        /// logind's lock lasts until this fd is closed.
        var logind: ReceivedFileDescriptor?
        var gnomeCookie: UInt32?
        var screenSaverCookie: UInt32?
    }

    init(system: Connection?, session: Connection, locale: @escaping @Sendable () -> UserLocale = { .english }) {
        self.system = system
        self.session = session
        self.locale = locale
    }

    func hold() {
        guard wanted.withLock({ wanted in defer { wanted = true }; return !wanted }) else { return }
        tasks.add { [self] in await take() }
    }

    func release() {
        guard wanted.withLock({ wanted in defer { wanted = false }; return wanted }) else { return }
        tasks.add { [self] in await drop() }
    }

    func holdForAlarm(_ hold: Bool) {
        let queue = alarmWanted.withLock { wanted -> Bool in
            defer { wanted = (hold, hold && wanted.delayLetGo) }
            return wanted.hold != hold || (hold && wanted.delayLetGo)
        }
        if queue { tasks.add { [self] in await settleAlarmLocks(hold) } }
    }

    func letSleep() {
        alarmWanted.withLock { $0.delayLetGo = $0.hold }
        tasks.add { [self] in
            let held = alarmLocks.withLock { locks in
                defer { locks.delay = nil }  // closes the fd: logind goes on with the suspend
                return locks.delay != nil
            }
            if held { Log.shared.info("the wake is set: letting the machine sleep") }
        }
    }

    /// Takes the alarm's locks that are missing, or lets both go.
    private func settleAlarmLocks(_ hold: Bool) async {
        guard hold else {
            let held = alarmLocks.withLock { locks in
                defer { locks.lid = nil; locks.delay = nil }
                return locks.lid != nil || locks.delay != nil
            }
            if held { Log.shared.info("no alarm is near: the lid and suspend work as usual again") }
            return
        }
        let (lid, delay) = alarmLocks.withLock { ($0.lid == nil, $0.delay == nil) }
        let why = locale().translator(Self.ringingReason)
        if lid, let fd = await inhibit("handle-lid-switch", why, "block") {
            alarmLocks.withLock { $0.lid = fd }
            Log.shared.info("an alarm is near: a closed lid does not suspend the machine until its run ends")
        }
        if delay, let fd = await inhibit("sleep", why, "delay") { alarmLocks.withLock { $0.delay = fd } }
    }

    /// logind's `Inhibit`: the lock lasts while the returned fd is open.
    private func inhibit(_ what: String, _ why: String, _ mode: String) async -> ReceivedFileDescriptor? {
        let fd = await quietly("logind") { () async throws(DBusError) -> ReceivedFileDescriptor? in
            try await system?.callReturningFileDescriptor(
                destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                interface: "org.freedesktop.login1.Manager", method: "Inhibit",
                arguments: [.string(what), .string(Self.who), .string(why), .string(mode)], timeout: .seconds(5))
        }
        return fd ?? nil
    }

    private func take() async {
        Log.shared.info("an alarm is due within keep_awake and cannot wake the machine: holding off idle suspend")
        let why = locale().translator(Self.reason)
        let fd = await quietly("logind") { () async throws(DBusError) -> ReceivedFileDescriptor? in
            try await system?.callReturningFileDescriptor(
                destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                interface: "org.freedesktop.login1.Manager", method: "Inhibit",
                arguments: [.string("idle"), .string("Reveille"), .string(why), .string("block")],
                timeout: .seconds(5))
        }
        // Flags 8: inhibit the session being marked idle.
        let gnome = await cookie("org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager",
                                 "Inhibit", [.string("io.github.Reveille1"), .uint32(0), .string(why), .uint32(8)])
        let screenSaver = await cookie("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver",
                                       "org.freedesktop.ScreenSaver", "Inhibit", [.string("Reveille"), .string(why)])
        held.withLock { locks in
            locks.logind = fd ?? nil
            locks.gnomeCookie = gnome
            locks.screenSaverCookie = screenSaver
        }
    }

    private func drop() async {
        Log.shared.info("no alarm is due within keep_awake: idle suspend may happen again")
        let (gnome, screenSaver) = held.withLock { locks in
            locks.logind = nil  // closes the fd: logind drops the lock
            defer { locks.gnomeCookie = nil; locks.screenSaverCookie = nil }
            return (locks.gnomeCookie, locks.screenSaverCookie)
        }
        if let gnome {
            await call(on: session, "org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager",
                       "Uninhibit", [.uint32(gnome)])
        }
        if let screenSaver {
            await call(on: session, "org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver",
                       "org.freedesktop.ScreenSaver", "UnInhibit", [.uint32(screenSaver)])
        }
    }

    /// A desktop inhibitor's cookie, nil where that service does not run.
    private func cookie(_ service: String, _ path: String, _ interface: String, _ method: String, _ arguments: [Value]) async -> UInt32? {
        let reply = await call(on: session, service, path, interface, method, arguments)
        return reply?.first?.integer(as: UInt32.self)
    }

    @discardableResult
    private func call(on connection: Connection, _ service: String, _ path: String, _ interface: String, _ method: String,
                      _ arguments: [Value]) async -> [Value]? {
        await quietly(service) { () async throws(DBusError) -> [Value] in
            try await connection.call(destination: service, path: path, interface: interface, method: method,
                                      arguments: arguments, timeout: .seconds(5))
        }
    }

    /// Runs a call; a service that is not there is normal and goes unsaid, other failures are logged.
    private func quietly<T>(_ service: String, _ body: () async throws(DBusError) -> T) async -> T? {
        do { return try await body() } catch {
            if error.name != DBusError.Name.serviceUnknown {
                Log.shared.warning("cannot hold off idle suspend through \(service): \(error)")
            }
            return nil
        }
    }
}
