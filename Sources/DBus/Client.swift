import CDBus
import Synchronization
import ReveilleTime

// MARK: - Method calls

extension Connection {
    /// Calls a method and waits for its reply (`dbus_connection_send_with_reply`
    /// with a `DBusPendingCall` notify). An error reply throws a `DBusError`
    /// with its name and message; no reply within `timeout` (default: libdbus's
    /// 25 s) throws `org.freedesktop.DBus.Error.NoReply`.
    public func call(
        destination: String?, path: String, interface: String?, method: String,
        arguments: [Value] = [], timeout: Duration? = nil
    ) async throws(DBusError) -> [Value] {
        let reply = try await callForMessage(destination: destination, path: path, interface: interface, method: method,
                                             arguments: arguments, timeout: timeout)
        return try reply.arguments()
    }

    /// `call` up to the reply message, for readers of what `Value` cannot hold.
    func callForMessage(
        destination: String?, path: String, interface: String?, method: String, arguments: [Value], timeout: Duration?
    ) async throws(DBusError) -> Message {
        let message = try Message.methodCall(destination: destination, path: path, interface: interface, member: method)
        try message.append(arguments)
        let reply = try await core.sendWithReply(message, timeoutMilliseconds: timeout.map(milliseconds) ?? DBUS_TIMEOUT_USE_DEFAULT)
        if reply.isError { throw reply.asError() }
        return reply
    }
}

private func milliseconds(_ duration: Duration) -> Int32 {
    Int32(clamping: max(duration.wholeMilliseconds, 0))
}

extension ConnectionCore {
    func sendWithReply(_ message: Message, timeoutMilliseconds: Int32) async throws(DBusError) -> Message {
        let result = await withCheckedContinuation { continuation in
            let box = PendingReply(continuation)
            withConnection({ raw in
                var pending: OpaquePointer?
                guard dbus_connection_send_with_reply(raw, message.raw, &pending, timeoutMilliseconds) != 0 else {
                    return box.finish(.failure(DBusError(name: DBusError.Name.noMemory, message: "libdbus could not send the call")))
                }
                guard let pending else { return box.finish(.failure(.disconnected)) }
                // The pending call keeps the box; libdbus releases it with the call.
                let notifySet = dbus_pending_call_set_notify(
                    pending, replyArrived, Unmanaged.passRetained(box).toOpaque(), releasePendingReply)
                if notifySet == 0 {
                    dbus_pending_call_cancel(pending)
                    box.finish(.failure(DBusError(name: DBusError.Name.noMemory, message: "libdbus could not wait for the reply")))
                }
                dbus_pending_call_unref(pending)
            }, orElse: { box.finish(.failure(.disconnected)) })
        }
        return try result.get()
    }
}

/// Resumes the caller exactly once: with the reply, or with `Disconnected`
/// if libdbus frees the pending call without one. Used only on the queue.
private final class PendingReply: @unchecked Sendable {
    private var continuation: CheckedContinuation<Result<Message, DBusError>, Never>?

    init(_ continuation: CheckedContinuation<Result<Message, DBusError>, Never>) {
        self.continuation = continuation
    }

    func finish(_ result: Result<Message, DBusError>) {
        continuation?.resume(returning: result)
        continuation = nil
    }
}

/// `DBusPendingCallNotifyFunction`: takes the reply with `dbus_pending_call_steal_reply`.
private let replyArrived: DBusPendingCallNotifyFunction = { pending, data in
    let box = Unmanaged<PendingReply>.fromOpaque(data!).takeUnretainedValue()
    if let reply = dbus_pending_call_steal_reply(pending) {
        box.finish(.success(Message(owning: reply)))
    } else {
        box.finish(.failure(.disconnected))
    }
}

private let releasePendingReply: DBusFreeFunction = { data in
    let box = Unmanaged<PendingReply>.fromOpaque(data!).takeRetainedValue()
    box.finish(.failure(.disconnected))
}

// MARK: - Signals

/// A signal as received.
public struct Signal: Sendable {
    public var sender: String
    public var path: String
    public var interface: String
    public var member: String
    public var signature: Signature
    public var arguments: [Value]

    /// For tests that feed signals to their consumers without a bus.
    public init(sender: String, path: String, interface: String, member: String, arguments: [Value]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.signature = Signature(of: arguments)
        self.arguments = arguments
    }
}

/// Which signals to receive. Fields left nil match anything.
public struct MatchRule: Sendable, Hashable {
    public var sender: String?
    public var path: String?
    public var interface: String?
    public var member: String?
    /// Matches signals whose first argument is this string.
    public var arg0: String?

    public init(sender: String? = nil, path: String? = nil, interface: String? = nil, member: String? = nil, arg0: String? = nil) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arg0 = arg0
    }

    /// `NameOwnerChanged(name, old_owner, new_owner)` from the bus, for one name or all.
    public static func nameOwnerChanged(_ name: String? = nil) -> MatchRule {
        MatchRule(
            sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "NameOwnerChanged", arg0: name)
    }

    /// The rule as the bus reads it, values quoted as the specification says.
    public var text: String {
        let fields = [("sender", sender), ("path", path), ("interface", interface), ("member", member), ("arg0", arg0)]
        let parts = fields.compactMap { key, value in value.map { "\(key)='\(Self.quote($0))'" } }
        return (["type='signal'"] + parts).joined(separator: ",")
    }

    /// Inside single quotes nothing is special, so a quote closes, escapes and reopens.
    private static func quote(_ value: String) -> String {
        value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
    }

    /// The bus routes every signal matching any rule of this connection, so
    /// each subscription filters again. A well-known sender name cannot be
    /// compared with the unique name a signal carries; it is left to the bus.
    func matches(_ signal: Signal) -> Bool {
        if let sender, sender.hasPrefix(":") || sender == "org.freedesktop.DBus", sender != signal.sender { return false }
        if let path, path != signal.path { return false }
        if let interface, interface != signal.interface { return false }
        if let member, member != signal.member { return false }
        if let arg0, signal.arguments.first?.stringValue != arg0 { return false }
        return true
    }
}

/// A live match rule. Dropping it or calling `cancel()` removes the rule
/// (`org.freedesktop.DBus.RemoveMatch`) and stops delivery.
public final class Subscription: Sendable {
    let id: Int
    let rule: MatchRule
    let core: ConnectionCore

    init(id: Int, rule: MatchRule, core: ConnectionCore) {
        self.id = id
        self.rule = rule
        self.core = core
    }

    public func cancel() { core.unsubscribe(id: id, rule: rule) }

    deinit { cancel() }
}

struct SubscriptionTable {
    struct Entry {
        let rule: MatchRule
        let deliver: @Sendable (Signal) -> Void
        let finish: @Sendable () -> Void
    }

    var entries: [Int: Entry] = [:]
    var nextID = 0
}

extension Connection {
    /// Receives the signals matching `rule` (`org.freedesktop.DBus.AddMatch`).
    /// `handler` runs on the connection's queue, in arrival order, and must return quickly.
    public func subscribe(_ rule: MatchRule, handler: @escaping @Sendable (Signal) -> Void) async throws(DBusError) -> Subscription {
        try await subscribe(rule, deliver: handler, finish: {})
    }

    /// The signals matching `rule` as a stream. It ends when the connection
    /// closes; dropping it, or cancelling the task iterating it, removes the rule.
    public func signals(matching rule: MatchRule) async throws(DBusError) -> AsyncStream<Signal> {
        let (stream, continuation) = AsyncStream.makeStream(of: Signal.self)
        let subscription = try await subscribe(
            rule, deliver: { continuation.yield($0) }, finish: { continuation.finish() })
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    private func subscribe(
        _ rule: MatchRule, deliver: @escaping @Sendable (Signal) -> Void, finish: @escaping @Sendable () -> Void
    ) async throws(DBusError) -> Subscription {
        // Registered before AddMatch so that no signal between its effect and its reply is lost.
        let id = core.subscriptions.withLock { table in
            defer { table.nextID += 1 }
            table.entries[table.nextID] = .init(rule: rule, deliver: deliver, finish: finish)
            return table.nextID
        }
        do {
            _ = try await callBus("AddMatch", [.string(rule.text)])
        } catch {
            _ = core.subscriptions.withLock { $0.entries.removeValue(forKey: id) }
            throw error
        }
        return Subscription(id: id, rule: rule, core: core)
    }
}

extension ConnectionCore {
    func unsubscribe(id: Int, rule: MatchRule) {
        guard let entry = subscriptions.withLock({ $0.entries.removeValue(forKey: id) }) else { return }
        entry.finish()
        guard let message = try? Message.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "RemoveMatch"),
            (try? message.append([.string(rule.text)])) != nil
        else { return }
        dbus_message_set_no_reply(message.raw, 1)
        send(message)
    }

    func finishAllSubscriptions() {
        let entries = subscriptions.withLock { table in
            defer { table.entries = [:] }
            return Array(table.entries.values)
        }
        for entry in entries { entry.finish() }
    }

    /// On the queue: hands a signal to every subscription whose rule matches.
    func deliverSignal(_ message: Message) {
        guard let arguments = try? message.arguments() else { return }  // e.g. unix fds: nobody asked for those
        let signal = Signal(
            sender: message.sender ?? "", path: message.path ?? "", interface: message.interface ?? "",
            member: message.member ?? "", arguments: arguments)
        let receivers = subscriptions.withLock { table in
            table.entries.sorted { $0.key < $1.key }.map(\.value).filter { $0.rule.matches(signal) }
        }
        for receiver in receivers { receiver.deliver(signal) }
    }
}
