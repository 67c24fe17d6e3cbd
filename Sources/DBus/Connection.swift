import CDBus
import LinuxEvents
import Synchronization

/// A private connection to a message bus, serving exported objects and
/// calling others. Safe to use from any thread or task.
///
/// The connection closes when it is dropped or when `close()` is called.
/// Handlers capturing the connection keep it alive until `close()`.
public final class Connection: Sendable {
    let core: ConnectionCore

    /// This connection's unique bus name, e.g. `:1.42` (`dbus_bus_get_unique_name`).
    public var uniqueName: String { core.uniqueName }

    /// Connects to the session bus (`dbus_bus_get_private(DBUS_BUS_SESSION)`):
    /// `$DBUS_SESSION_BUS_ADDRESS`, or libdbus's fallbacks when unset.
    public static func session() throws(DBusError) -> Connection {
        try Connection { error in dbus_bus_get_private(DBUS_BUS_SESSION, error) }
    }

    /// Connects to the system bus (`dbus_bus_get_private(DBUS_BUS_SYSTEM)`),
    /// honouring `$DBUS_SYSTEM_BUS_ADDRESS`.
    public static func system() throws(DBusError) -> Connection {
        try Connection { error in dbus_bus_get_private(DBUS_BUS_SYSTEM, error) }
    }

    /// Connects to the bus at `address`, such as `unix:path=/run/user/1000/bus`
    /// (`dbus_connection_open_private`, then `dbus_bus_register`).
    public convenience init(address: String) throws(DBusError) {
        try self.init { error in
            guard let raw = dbus_connection_open_private(address, error) else { return nil }
            if dbus_bus_register(raw, error) == 0 {
                dbus_connection_close(raw)
                dbus_connection_unref(raw)
                return nil
            }
            return raw
        }
    }

    private init(opening open: (UnsafeMutablePointer<CDBus.DBusError>) -> OpaquePointer?) throws(DBusError) {
        core = try ConnectionCore(opening: open)
    }

    deinit {
        let core = self.core
        core.queue.async { core.close() }
    }

    /// Closes the connection (`dbus_connection_close`): pending calls fail,
    /// subscriptions' streams finish, exported objects go away.
    public func close() {
        let core = self.core
        core.queue.async { core.close() }
    }

    /// Whether the bus is still there, after reading whatever waits on the socket without
    /// blocking (`dbus_connection_read_write` with no timeout, then `dbus_connection_get_is_connected`),
    /// so that a bus that has just gone away says so at once.
    public func checkConnected() -> Bool {
        let core = self.core
        return core.queue.sync { core.checkConnected() }
    }

    /// Returns once the connection is closed or the bus has gone away.
    public func waitUntilDisconnected() async {
        await core.waitUntilDisconnected()
    }
}

// MARK: - Bus names

/// Options of `Connection.requestName` (`DBUS_NAME_FLAG_*`).
public struct NameRequestOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let allowReplacement = NameRequestOptions(rawValue: UInt32(DBUS_NAME_FLAG_ALLOW_REPLACEMENT))
    public static let replaceExisting = NameRequestOptions(rawValue: UInt32(DBUS_NAME_FLAG_REPLACE_EXISTING))
    /// Fail instead of waiting in the queue when the name is owned already.
    public static let doNotQueue = NameRequestOptions(rawValue: UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE))
}

/// What the bus answered to `Connection.requestName` (`DBUS_REQUEST_NAME_REPLY_*`).
public enum NameRequestReply: UInt32, Sendable {
    case primaryOwner = 1
    case inQueue = 2
    /// Someone else owns the name and `doNotQueue` was given.
    case exists = 3
    case alreadyOwner = 4

    /// Whether this connection now owns the name.
    public var isOwner: Bool { self == .primaryOwner || self == .alreadyOwner }
}

extension Connection {
    /// Asks the bus for a well-known name (`org.freedesktop.DBus.RequestName`).
    /// With the default `doNotQueue`, `.exists` tells that another process has it.
    public func requestName(_ name: String, options: NameRequestOptions = .doNotQueue) async throws(DBusError) -> NameRequestReply {
        let reply = try await callBus("RequestName", [.string(name), .uint32(options.rawValue)])
        guard let code = reply.first?.integer(as: UInt32.self), let result = NameRequestReply(rawValue: code) else {
            throw .failed("unexpected reply to RequestName: \(reply)")
        }
        return result
    }

    /// Gives a well-known name back (`org.freedesktop.DBus.ReleaseName`).
    public func releaseName(_ name: String) async throws(DBusError) {
        _ = try await callBus("ReleaseName", [.string(name)])
    }

    /// Whether some connection owns `name` (`org.freedesktop.DBus.NameHasOwner`).
    public func nameHasOwner(_ name: String) async throws(DBusError) -> Bool {
        let reply = try await callBus("NameHasOwner", [.string(name)])
        guard let owned = reply.first?.boolValue else { throw .failed("unexpected reply to NameHasOwner: \(reply)") }
        return owned
    }

    func callBus(_ method: String, _ arguments: [Value]) async throws(DBusError) -> [Value] {
        try await call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: method, arguments: arguments)
    }
}

// MARK: - The owner of the C connection

private let threadsReady: Void = { _ = dbus_threads_init_default() }()

/// Owns the `DBusConnection*`. It is touched only on `queue`; the tables that
/// callers change from other threads sit behind mutexes.
final class ConnectionCore: @unchecked Sendable {
    let queue = Reactor.shared
    let uniqueName: String
    private let raw: OpaquePointer
    private let state = Mutex(LinkState())

    private struct LinkState {
        /// False once the bus is gone or the connection closed.
        var isConnected = true
        /// True once `raw` has been closed and released.
        var isReleased = false
        var disconnectWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let objects = Mutex<[String: [ExportedInterface]]>([:])
    /// The calls whose handlers run, within `CallLimits`.
    let calls = Mutex(CallsInFlight())
    let subscriptions = Mutex(SubscriptionTable())

    init(opening open: (UnsafeMutablePointer<CDBus.DBusError>) -> OpaquePointer?) throws(DBusError) {
        _ = threadsReady
        let opened = queue.sync { Result { () throws(DBusError) in try withCError(open) } }
        guard let raw = try opened.get() else { throw .failed("libdbus returned no connection") }
        self.raw = raw
        uniqueName = dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? ""
        let installed = queue.sync {
            Result { () throws(DBusError) in
                // A lost bus must end this connection, not the whole process.
                dbus_connection_set_exit_on_disconnect(raw, 0)
                try EventLoop.install(on: raw, queue: queue)
                // Last, so that a failure above leaves no filter to remove;
                // the first dispatch is queued behind this block.
                try checkMemory(
                    dbus_connection_add_filter(raw, messageFilter, Unmanaged.passUnretained(self).toOpaque(), nil),
                    "dbus_connection_add_filter")
            }
        }
        do { try installed.get() } catch {
            queue.sync { release() }
            throw error
        }
    }

    /// Closes once; on `queue`. The filter goes first: it holds `self` unretained.
    func close() {
        precondition(queue.isCurrent, "a connection closes on the event loop's thread")
        guard !state.withLock({ $0.isReleased }) else { return }
        dbus_connection_remove_filter(raw, messageFilter, Unmanaged.passUnretained(self).toOpaque())
        release()
    }

    /// `dbus_connection_close` and `dbus_connection_unref`: a private
    /// connection must be closed before its last reference goes.
    private func release() {
        state.withLock { $0.isReleased = true }
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
        objects.withLock { $0 = [:] }
        markDisconnected()
    }

    /// Ends subscriptions and wakes `waitUntilDisconnected`, once.
    private func markDisconnected() {
        let waiters = state.withLock { state in
            defer { state.isConnected = false; state.disconnectWaiters = [] }
            return state.isConnected ? state.disconnectWaiters : []
        }
        for waiter in waiters { waiter.resume() }
        finishAllSubscriptions()
    }

    /// On `queue`.
    func checkConnected() -> Bool {
        guard !state.withLock({ $0.isReleased }) else { return false }
        _ = dbus_connection_read_write(raw, 0)
        return dbus_connection_get_is_connected(raw) != 0
    }

    func waitUntilDisconnected() async {
        await withCheckedContinuation { continuation in
            let isConnected = state.withLock { state in
                if state.isConnected { state.disconnectWaiters.append(continuation) }
                return state.isConnected
            }
            if !isConnected { continuation.resume() }
        }
    }

    /// Runs `body` with the C connection on `queue`, unless it is closed: at once when already
    /// there, so that a signal sent from the loop's thread goes out before the rest of its job.
    func withConnection(_ body: @escaping @Sendable (OpaquePointer) -> Void, orElse closed: @escaping @Sendable () -> Void = {}) {
        let run: @Sendable () -> Void = { [self] in
            if state.withLock({ $0.isReleased }) { closed() } else { body(raw) }
        }
        if queue.isCurrent { run() } else { queue.async(run) }
    }

    /// Bytes of messages waiting to be written to the bus (`dbus_connection_get_outgoing_size`); on `queue`.
    func outgoingSize() -> Int {
        state.withLock { $0.isReleased } ? 0 : dbus_connection_get_outgoing_size(raw)
    }

    /// Queues a message for sending (`dbus_connection_send`). It fails only
    /// when libdbus runs out of memory, and then there is no one to tell.
    func send(_ message: Message) {
        withConnection { raw in _ = dbus_connection_send(raw, message.raw, nil) }
    }

    /// Everything that arrives, on `queue`, during `dbus_connection_dispatch`.
    fileprivate func handle(_ message: Message) -> Bool {
        if message.isMethodCall {
            handleMethodCall(message)
            return true
        }
        if message.isSignal {
            // libdbus makes this one itself: it has no sender, which no bus message lacks.
            if message.sender == nil, message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                markDisconnected()
            } else {
                deliverSignal(message)
            }
        }
        return false
    }
}

/// The connection's only filter (`dbus_connection_add_filter`). libdbus has
/// already completed pending calls and answered `org.freedesktop.DBus.Peer`.
private let messageFilter: DBusHandleMessageFunction = { _, message, data in
    let core = Unmanaged<ConnectionCore>.fromOpaque(data!).takeUnretainedValue()
    let handled = core.handle(Message(borrowing: message!))
    return handled ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}
