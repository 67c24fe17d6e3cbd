import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import ReveilleTime

/// The D-Bus harness of `io.github.Reveille1.Manager`: decode, call the core, encode.
///
/// All methods are in one table; errors map to D-Bus names in `ReveilleErrorKind`.
public struct ManagerService: Sendable {
    let core: AgentCore
    let version: String
    let encodings = AlarmEncodings()

    public init(core: AgentCore, version: String) {
        self.core = core
        self.version = version
    }

    public var interface: ExportedInterface {
        // While the database cannot be opened these fail with why, rather than answer from no alarms.
        let alarmMethods = [
                method("AddAlarm", in: "a{sv}", out: "s", ["spec"], ["id"]) { args in
                    let id = try await core.add(try AlarmCodec.decodeChanges(vardict(args[0])))
                    return [.string(id.rawValue)]
                },
                method("UpdateAlarm", in: "sa{sv}", ["id", "changes"]) { args in
                    let changes = try AlarmCodec.decodeChanges(vardict(args[1]))
                    try await core.update(try alarmID(args[0]), changes)
                    return []
                },
                method("RemoveAlarm", in: "s", ["id"]) { args in
                    try await core.remove(try alarmID(args[0]))
                    return []
                },
                method("SetEnabled", in: "sb", ["id", "enabled"]) { args in
                    try await core.setEnabled(try alarmID(args[0]), args[1].boolValue ?? false)
                    return []
                },
                method("GetAlarm", in: "s", out: "a{sv}", ["id"], ["alarm"]) { args in
                    [.vardict(AlarmCodec.encode(try await core.get(try alarmID(args[0]))))]
                },
                ExportedMethod("ListAlarms", out: "aa{sv}", outArgs: ["alarms"]) { [encodings] _ in
                    try encodings.list(await core.list())
                },
                method("Trigger", in: "s", ["id"]) { args in
                    try await core.trigger(try alarmID(args[0]))
                    return []
                },
                method("Snooze", in: "s", out: "x", ["id"], ["until"]) { args in
                    [.int64(try await core.snooze(try alarmID(args[0])).secondsSinceEpoch)]
                },
                method("Dismiss", in: "s", ["id"]) { args in
                    try await core.dismiss(try alarmID(args[0]))
                    return []
                },
                method("GetChallenge", in: "s", out: "a{sv}", ["id"], ["challenge"]) { args in
                    [.vardict(AlarmCodec.encode(try await core.challenge(try alarmID(args[0]))))]
                },
                method("SubmitAnswer", in: "ss", out: "sa{sv}", ["id", "answer"], ["outcome", "next"]) { args in
                    let (outcome, next) = try await core.submit(try alarmID(args[0]), answer: args[1].stringValue ?? "")
                    return [.string(outcome.rawValue), .vardict(next.map(AlarmCodec.encode) ?? [:])]
                },
        ].map { $0.gated(core) }
        return ExportedInterface(
            BusNames.manager,
            methods: alarmMethods + [
                method("Preflight", out: "bas", [], ["ok", "reasons"]) { _ in
                    let result = await core.preflight()
                    return [.bool(result.ok), .array("s", result.reasons.map(Value.string))]
                },
                method("PreflightDetails", out: "a{ss}", [], ["details"]) { _ in
                    let details = await core.preflightDetails().sorted { $0.key < $1.key }
                    return [.dictionary(key: "s", value: "s", details.map { DictEntry(.string($0.key), .string($0.value)) })]
                },
            ],
            properties: [
                ExportedProperty("Version", signature: "s") { .string(version) },
                ExportedProperty("RingingAlarms", signature: "as") { Self.ringing(await core.ringingAlarms) },
                ExportedProperty("NextFire", signature: "(sx)") { Self.nextFire(await core.nextFire) },
            ],
            signals: [
                ExportedSignal("Ringing", signature: "ssu", args: ["id", "label", "snooze_count"]),
                ExportedSignal("Snoozed", signature: "sux", args: ["id", "snooze_count", "until"]),
                ExportedSignal("Dismissed", signature: "s", args: ["id"]),
                ExportedSignal("ChallengeChanged", signature: "s", args: ["id"]),
                ExportedSignal("AlarmsChanged"),
            ]
        )
    }

    /// Turns the core's events into signals and property changes on `connection`.
    public func forwardEvents(to connection: Connection) {
        core.events.listen { event in
            let (name, arguments) = Self.signal(for: event)
            do {
                if let name {
                    try connection.emitSignal(path: BusNames.path, interface: BusNames.manager, name: name, arguments: arguments)
                } else if case .ringingAlarmsChanged(let ids) = event {
                    try connection.emitPropertiesChanged(path: BusNames.path, interface: BusNames.manager,
                                                         changed: ["RingingAlarms": Self.ringing(ids)])
                } else if case .nextFireChanged(let id, let at) = event {
                    let next = id.flatMap { id in at.map { AgentCore.NextFire(id: id, at: $0) } }
                    try connection.emitPropertiesChanged(path: BusNames.path, interface: BusNames.manager,
                                                         changed: ["NextFire": Self.nextFire(next)])
                }
            } catch {
                Log.shared.error("cannot send a signal: \(error)")
            }
        }
    }

    static func signal(for event: AgentEvent) -> (String?, [Value]) {
        switch event {
        case .ringing(let id, let label, let count): ("Ringing", [.string(id.rawValue), .string(label), .uint32(UInt32(count))])
        case .snoozed(let id, let count, let until):
            ("Snoozed", [.string(id.rawValue), .uint32(UInt32(count)), .int64(until.secondsSinceEpoch)])
        case .dismissed(let id): ("Dismissed", [.string(id.rawValue)])
        case .challengeChanged(let id): ("ChallengeChanged", [.string(id.rawValue)])
        case .alarmsChanged: ("AlarmsChanged", [])
        case .ringingAlarmsChanged, .nextFireChanged: (nil, [])
        }
    }

    static func ringing(_ ids: [AlarmID]) -> Value { .array("s", ids.map { .string($0.rawValue) }) }

    static func nextFire(_ next: AgentCore.NextFire?) -> Value {
        .structure([.string(next?.id.rawValue ?? ""), .int64(next?.at.secondsSinceEpoch ?? 0)])
    }
}

/// One table row: a method whose handler's `AgentError`s become Reveille's D-Bus errors.
private func method(
    _ name: String, in inSignature: Signature = "", out outSignature: Signature = "",
    _ inArgs: [String], _ outArgs: [String] = [], _ body: @escaping @Sendable ([Value]) async throws -> [Value]
) -> ExportedMethod {
    ExportedMethod(name, in: inSignature, out: outSignature, inArgs: inArgs, outArgs: outArgs) { call in
        do { return try await body(call.arguments) } catch let error as AgentError { throw error.dbusError }
    }
}

private func alarmID(_ value: Value) throws(AgentError) -> AlarmID {
    let text = value.stringValue ?? ""
    guard let id = AlarmID(text) else { throw .notFound(AlarmText.quoted(text)) }
    return id
}

private func vardict(_ value: Value) throws(AgentError) -> [String: Value] {
    guard let dictionary = value.vardictValue else { throw .invalidArgument("expected an a{sv} dictionary") }
    return dictionary
}

private extension ExportedMethod {
    /// The same method, failing with the reason while `core` has no database to answer from.
    func gated(_ core: AgentCore) -> ExportedMethod {
        var gated = self
        let handler = self.handler
        gated.handler = { call in
            do throws(AgentError) { try await core.requireDatabase() } catch { throw error.dbusError }
            return try await handler(call)
        }
        if let encoded = encodedHandler {
            gated.encodedHandler = { call in
                do throws(AgentError) { try await core.requireDatabase() } catch { throw error.dbusError }
                return try await encoded(call)
            }
        }
        return gated
    }
}
