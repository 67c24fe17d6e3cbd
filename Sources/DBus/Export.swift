import CDBus
import Synchronization

/// A method call as a handler sees it.
public struct MethodCall: Sendable {
    /// The caller's unique bus name.
    public var sender: String
    public var path: String
    /// Nil when the caller did not name one (allowed by D-Bus).
    public var interface: String?
    public var member: String
    public var signature: Signature
    public var arguments: [Value]

    /// For tests that drive handlers without a bus; the layer builds these from messages.
    public init(sender: String, path: String, interface: String?, member: String, arguments: [Value]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.signature = Signature(of: arguments)
        self.arguments = arguments
    }

    /// `signature` is that of `arguments`, already known from the message.
    init(sender: String, path: String, interface: String?, member: String, signature: Signature, arguments: [Value]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.signature = signature
        self.arguments = arguments
    }
}

/// Answers a method call with its out-arguments, or throws: a `DBusError`
/// becomes an error reply with that name, anything else `Error.Failed`.
public typealias MethodHandler = @Sendable (MethodCall) async throws -> [Value]

/// One method of an exported interface.
public struct ExportedMethod: Sendable {
    public var name: String
    /// Calls with any other signature are refused with `InvalidArgs` before the handler runs.
    public var inSignature: Signature
    /// The handler's result must have this signature, or the caller gets `Failed`.
    public var outSignature: Signature
    /// Names for introspection, one per complete type of the signatures.
    public var inArgs: [String]
    public var outArgs: [String]
    public var handler: MethodHandler

    public init(
        _ name: String, in inSignature: Signature = "", out outSignature: Signature = "",
        inArgs: [String] = [], outArgs: [String] = [], handler: @escaping MethodHandler
    ) {
        self.name = name
        self.inSignature = inSignature
        self.outSignature = outSignature
        self.inArgs = inArgs
        self.outArgs = outArgs
        self.handler = handler
    }
}

/// A read-only property, read through `org.freedesktop.DBus.Properties`.
public struct ExportedProperty: Sendable {
    public var name: String
    public var signature: Signature
    public var get: @Sendable () async throws -> Value

    public init(_ name: String, signature: Signature, get: @escaping @Sendable () async throws -> Value) {
        self.name = name
        self.signature = signature
        self.get = get
    }
}

/// A signal an interface declares, for introspection; send it with `Connection.emitSignal`.
public struct ExportedSignal: Sendable {
    public var name: String
    public var signature: Signature
    public var args: [String]

    public init(_ name: String, signature: Signature = "", args: [String] = []) {
        self.name = name
        self.signature = signature
        self.args = args
    }
}

/// An interface of an exported object: the table the layer dispatches on and introspects.
public struct ExportedInterface: Sendable {
    public var name: String
    public var methods: [ExportedMethod]
    public var properties: [ExportedProperty]
    public var signals: [ExportedSignal]

    public init(_ name: String, methods: [ExportedMethod] = [], properties: [ExportedProperty] = [], signals: [ExportedSignal] = []) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }
}

extension Connection {
    /// Serves `interfaces` at `path`, replacing what was there. The layer also
    /// answers Introspectable, Properties and (through libdbus) Peer there.
    public func export(_ interfaces: [ExportedInterface], at path: String) throws(DBusError) {
        try validatePath(path)
        for interface in interfaces { try validateTable(interface) }
        core.objects.withLock { $0[path] = interfaces }
    }

    /// Stops serving the object at `path`.
    public func unexport(path: String) {
        _ = core.objects.withLock { $0.removeValue(forKey: path) }
    }

    /// Sends a signal (`dbus_message_new_signal`, `dbus_connection_send`).
    public func emitSignal(path: String, interface: String, name: String, arguments: [Value] = []) throws(DBusError) {
        let message = try Message.signal(path: path, interface: interface, member: name)
        try message.append(arguments)
        core.send(message)
    }

    /// Sends `org.freedesktop.DBus.Properties.PropertiesChanged`.
    public func emitPropertiesChanged(path: String, interface: String, changed: [String: Value], invalidated: [String] = []) throws(DBusError) {
        try emitSignal(
            path: path, interface: StandardInterface.properties, name: "PropertiesChanged",
            arguments: [.string(interface), .vardict(changed), .array("s", invalidated.map(Value.string))])
    }
}

/// Refuses tables that would make libdbus abort or introspection lie.
private func validateTable(_ interface: ExportedInterface) throws(DBusError) {
    _ = try withCError { dbus_validate_interface(interface.name, $0) }
    if StandardInterface.names.contains(interface.name) {
        throw .invalidArgs("\(interface.name) is provided by the DBus layer itself")
    }
    for property in interface.properties where property.signature.completeTypes.count != 1 {
        throw .invalidArgs("property \(property.name) must have a single complete type, not \(property.signature)")
    }
    let members: [(name: String, signature: Signature, argNames: [String])] =
        interface.methods.flatMap { [($0.name, $0.inSignature, $0.inArgs), ($0.name, $0.outSignature, $0.outArgs)] }
        + interface.properties.map { ($0.name, $0.signature, [$0.name]) }
        + interface.signals.map { ($0.name, $0.signature, $0.args) }
    for member in members {
        _ = try withCError { dbus_validate_member(member.name, $0) }
        try validateSignature(member.signature)
        let types = member.signature.completeTypes.count
        guard member.argNames.isEmpty || member.argNames.count == types else {
            throw .invalidArgs("\(member.name) names \(member.argNames.count) arguments for signature \(member.signature)")
        }
    }
}

// MARK: - Limits

/// How much work callers may keep a connection's handlers busy with. A call beyond a limit is
/// answered at once with `org.freedesktop.DBus.Error.LimitsExceeded`, before its arguments are
/// read: what a caller sends, however much and however fast, costs the process at most that.
///
/// A real session bus lets one caller keep 50,000 calls waiting for replies; without these, each
/// of them would hold a handler, its arguments and its reply in this process, and every one of
/// them would run before anything queued after them on the event loop.
public struct CallLimits: Sendable, Equatable {
    /// Calls of one caller (a unique bus name) whose handlers run at once.
    public var perCaller: Int
    /// Calls of all callers together whose handlers run at once.
    public var total: Int
    /// Replies waiting in this connection to be written to the bus (`dbus_connection_get_outgoing_size`):
    /// while more wait, no new call is taken. A signal sent meanwhile waits behind them (the
    /// queue is in order): 1 MB is about a third of a second of what the bus takes from one
    /// connection here, and holds two replies of ListAlarms at 1,000 alarms.
    public var outgoingBytes: Int

    public init(perCaller: Int = 16, total: Int = 128, outgoingBytes: Int = 1 << 20) {
        self.perCaller = perCaller
        self.total = total
        self.outgoingBytes = outgoingBytes
    }
}

/// The calls whose handlers run, by caller; a caller with none has no entry, so the table holds
/// no more entries than calls.
struct CallsInFlight {
    var limits = CallLimits()
    var byCaller: [String: Int] = [:]
    var total = 0

    /// Counts a call of `sender` in, or says which limit refuses it.
    mutating func admit(_ sender: String, outgoingBytes: Int) -> DBusError? {
        let mine = byCaller[sender, default: 0]
        let refusal: String? =
            if mine >= limits.perCaller {
                "\(sender) already has \(mine) calls waiting for their replies, the most one caller may have; wait for them"
            } else if total >= limits.total {
                "\(total) calls already wait for their replies, the most all callers together may have; try again shortly"
            } else if outgoingBytes > limits.outgoingBytes {
                "\(outgoingBytes) bytes of replies wait to be sent; try again shortly"
            } else {
                nil
            }
        if let refusal { return DBusError(name: DBusError.Name.limitsExceeded, message: refusal) }
        byCaller[sender] = mine + 1
        total += 1
        return nil
    }

    /// A call of `sender` was answered.
    mutating func release(_ sender: String) {
        total -= 1
        let mine = byCaller[sender, default: 1] - 1
        byCaller[sender] = mine > 0 ? mine : nil
    }
}

extension Connection {
    /// The limits on calls this connection's handlers take at once; `CallLimits()` unless changed.
    public var callLimits: CallLimits {
        get { core.calls.withLock { $0.limits } }
        set { core.calls.withLock { $0.limits = newValue } }
    }
}

// MARK: - Dispatching calls

/// A call that passed every check, ready for its handler.
private struct Invocation {
    var call: MethodCall
    var method: ExportedMethod

    /// `values` if they have the declared out-signature; otherwise `Failed`.
    func checked(_ values: [Value]) -> Result<[Value], DBusError> {
        let signature = Signature(of: values)
        return signature == method.outSignature
            ? .success(values)
            : .failure(.failed("\(call.member) returned (\(signature)) but declares (\(method.outSignature))"))
    }
}

extension ConnectionCore {
    /// On the queue: answers what the layer can at once, and runs a handler in
    /// its own task otherwise, so that a slow handler blocks nothing else.
    /// A call beyond `CallLimits` is refused before its arguments are read.
    func handleMethodCall(_ message: Message) {
        let sender = message.sender ?? ""
        let outgoing = outgoingSize()
        if let refusal = calls.withLock({ $0.admit(sender, outgoingBytes: outgoing) }) {
            return reply(to: message, with: .failure(refusal))
        }
        let invocation: Invocation
        do {
            invocation = try route(message)
        } catch {
            calls.withLock { $0.release(sender) }
            return reply(to: message, with: .failure(error))
        }
        Task {
            let result: Result<[Value], DBusError>
            do {
                result = invocation.checked(try await invocation.method.handler(invocation.call))
            } catch {
                result = .failure(DBusError(replyingTo: error))
            }
            queue.async {
                self.calls.withLock { $0.release(sender) }
                self.reply(to: message, with: result)
            }
        }
    }

    /// Finds the method a call names on the object at its path and checks its signature.
    private func route(_ message: Message) throws(DBusError) -> Invocation {
        let path = message.path ?? "/"
        let member = message.member ?? ""
        // Most calls name an exported interface, which never has a standard interface's name:
        // found without building the standard ones, it is the method the whole search below finds.
        if let name = message.interface, let method = objects.withLock({ objects in
            objects[path]?.first { $0.name == name }?.methods.first { $0.name == member }
        }) {
            return try invocation(of: method, by: message, path: path)
        }
        let (exported, children) = objects.withLock { objects in
            (objects[path], childNodes(of: path, among: objects.keys))
        }
        guard exported != nil || !children.isEmpty else { throw DBusError(name: DBusError.Name.unknownObject, message: "no object at \(path)") }
        let object = ObjectDescription(path: path, interfaces: exported ?? [], children: children)
        let interfaces = object.allInterfaces
        let candidates: [ExportedInterface]
        if let name = message.interface {
            guard let interface = interfaces.first(where: { $0.name == name }) else {
                throw DBusError(name: DBusError.Name.unknownInterface, message: "\(path) has no interface \(name)")
            }
            candidates = [interface]
        } else {
            candidates = interfaces
        }
        guard let method = candidates.lazy.flatMap(\.methods).first(where: { $0.name == member }) else {
            throw DBusError(name: DBusError.Name.unknownMethod, message: "\(path) has no method \(member) in \(message.interface ?? "any interface")")
        }
        return try invocation(of: method, by: message, path: path)
    }

    /// Checks the call's signature against the method's.
    private func invocation(of method: ExportedMethod, by message: Message, path: String) throws(DBusError) -> Invocation {
        guard message.signature == method.inSignature else {
            throw .invalidArgs("\(method.name) takes (\(method.inSignature)), not (\(message.signature))")
        }
        let call = MethodCall(
            sender: message.sender ?? "", path: path, interface: message.interface, member: method.name,
            signature: method.inSignature, arguments: try message.arguments())
        return Invocation(call: call, method: method)
    }

    /// On the queue: sends the method return or error reply, unless the caller asked for none.
    private func reply(to call: Message, with result: Result<[Value], DBusError>) {
        guard !call.noReply else { return }
        do {
            let reply: Message
            switch result {
            case .success(let values):
                reply = try call.methodReturn()
                do { try reply.append(values) } catch { return self.reply(to: call, with: .failure(error)) }
            case .failure(let error):
                reply = try call.errorReply(error)
            }
            send(reply)
        } catch {
            // Only an allocation failure gets here; the caller will time out.
        }
    }
}

/// The names of the nodes directly below `path`, for introspection.
private func childNodes(of path: String, among paths: Dictionary<String, [ExportedInterface]>.Keys) -> [String] {
    let prefix = path == "/" ? "/" : path + "/"
    let names = paths.compactMap { other -> String? in
        guard other.hasPrefix(prefix), other.count > prefix.count else { return nil }
        return other.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
    }
    return Array(Set(names)).sorted()
}
