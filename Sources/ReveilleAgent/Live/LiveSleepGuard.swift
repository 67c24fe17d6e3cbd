import DBus
import ReveilleCore
import Synchronization

/// Holds off *automatic idle* suspend while an alarm is close: logind's `idle` inhibitor on
/// the system bus, and the desktop's own (GNOME's session manager, the freedesktop
/// screensaver) where they run.
///
/// It never takes logind's `sleep` lock: a suspend the user asks for must still happen.
/// Every lock dies with the agent (logind's with its fd, the desktop's with its bus name).
final class LiveSleepGuard: SleepGuard {
    private let system: Connection?
    private let session: Connection
    /// What the core last asked for, so repeated calls queue no work.
    private let wanted = Mutex(false)
    /// What is held; touched only from `tasks`, one job at a time.
    private let held = Mutex(Locks())
    private let tasks = SerialTasks()

    private static let reason = "An alarm is due soon"

    private struct Locks: ~Copyable {
        /// logind's lock lasts until this fd is closed.
        var logind: ReceivedFileDescriptor?
        var gnomeCookie: UInt32?
        var screenSaverCookie: UInt32?
    }

    init(system: Connection?, session: Connection) {
        self.system = system
        self.session = session
    }

    func hold() {
        guard wanted.withLock({ wanted in defer { wanted = true }; return !wanted }) else { return }
        tasks.add { [self] in await take() }
    }

    func release() {
        guard wanted.withLock({ wanted in defer { wanted = false }; return wanted }) else { return }
        tasks.add { [self] in await drop() }
    }

    private func take() async {
        Log.shared.info("an alarm is due within keep_awake and cannot wake the machine: holding off idle suspend")
        let fd = await quietly("logind") { () async throws(DBusError) -> ReceivedFileDescriptor? in
            try await system?.callReturningFileDescriptor(
                destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                interface: "org.freedesktop.login1.Manager", method: "Inhibit",
                arguments: [.string("idle"), .string("Reveille"), .string(Self.reason), .string("block")],
                timeout: .seconds(5))
        }
        // Flags 8: inhibit the session being marked idle.
        let gnome = await cookie("org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager",
                                 "Inhibit", [.string("io.github.Reveille1"), .uint32(0), .string(Self.reason), .uint32(8)])
        let screenSaver = await cookie("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver",
                                       "org.freedesktop.ScreenSaver", "Inhibit", [.string("Reveille"), .string(Self.reason)])
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
