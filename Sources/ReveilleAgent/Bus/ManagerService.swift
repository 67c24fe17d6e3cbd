import DBus
import Gettext
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// The D-Bus harness of `io.github.Reveille1.Manager`: decode, call the core, encode.
///
/// All methods are in one table; errors map to D-Bus names in `ReveilleErrorKind`, and their
/// messages are rendered in the session's language (the names never change).
public struct ManagerService: Sendable {
    let core: AgentCore
    let version: String
    /// The session's locale as last read (`SessionLocale.current`): an error's message is rendered in it.
    let locale: @Sendable () -> UserLocale

    public init(core: AgentCore, version: String, locale: @escaping @Sendable () -> UserLocale = { .english }) {
        self.core = core
        self.version = version
        self.locale = locale
    }

    public var interface: ExportedInterface {
        // While the database cannot be opened these fail with why, rather than answer from no alarms.
        let alarmMethods = [
                method(.addAlarm) { args in
                    let id = try await core.add(try AlarmCodec.decodeChanges(vardict(args[0])))
                    return [.string(id.rawValue)]
                },
                method(.updateAlarm) { args in
                    let changes = try AlarmCodec.decodeChanges(vardict(args[1]))
                    try await core.update(try alarmID(args[0]), changes)
                    return []
                },
                method(.removeAlarm) { args in
                    try await core.remove(try alarmID(args[0]))
                    return []
                },
                method(.setEnabled) { args in
                    try await core.setEnabled(try alarmID(args[0]), args[1].boolValue ?? false)
                    return []
                },
                method(.skipNext) { args in
                    try await core.skipNext(try alarmID(args[0]))
                    return []
                },
                method(.unskipNext) { args in
                    try await core.unskipNext(try alarmID(args[0]))
                    return []
                },
                method(.pauseUntil) { args in
                    try await core.pauseUntil(try alarmID(args[0]), try pauseDate(args[1]))
                    return []
                },
                method(.getAlarm) { args in
                    [.vardict(AlarmCodec.encode(try await core.get(try alarmID(args[0]))))]
                },
                method(.listAlarms) { _ in
                    [.array("a{sv}", await core.list().map { .vardict(AlarmCodec.encode($0)) })]
                },
                method(.trigger) { args in
                    try await core.trigger(try alarmID(args[0]))
                    return []
                },
                method(.snooze) { args in
                    [.int64(try await core.snooze(try alarmID(args[0])).secondsSinceEpoch)]
                },
                method(.dismiss) { args in
                    try await core.dismiss(try alarmID(args[0]))
                    return []
                },
                method(.confirmAwake) { args in
                    try await core.confirmAwake(try alarmID(args[0]))
                    return []
                },
                // A challenge's prompt is rendered in the session's language when it is sent.
                method(.beginChallenge) { args in
                    let text = locale().translator
                    return [.vardict(AlarmCodec.encode(try await core.beginChallenge(try alarmID(args[0]), rendering: { text($0) })))]
                },
                method(.getChallenge) { args in
                    let text = locale().translator
                    return [.vardict(AlarmCodec.encode(try await core.challenge(try alarmID(args[0]), rendering: { text($0) })))]
                },
                method(.submitAnswer) { args in
                    let text = locale().translator
                    let (outcome, next) = try await core.submit(try alarmID(args[0]), answer: args[1].stringValue ?? "",
                                                                rendering: { text($0) })
                    return [.string(outcome.rawValue), .vardict(next.map(AlarmCodec.encode) ?? [:])]
                },
                method(.getHistory) { args in
                    let entries = try await core.history(try HistoryCodec.decodeQuery(vardict(args[0])))
                    return [.array("a{sv}", entries.map { .vardict(HistoryCodec.encode($0)) })]
                },
                method(.addCard) { args in
                    [.string(try await core.addCard(args[0].stringValue ?? ""))]
                },
                method(.listCards) { _ in
                    [.array("s", await core.listCards().map(Value.string))]
                },
                method(.removeCard) { args in
                    try await core.removeCard(args[0].stringValue ?? "")
                    return []
                },
        ].map { $0.gated(core) }
        return ExportedInterface(
            BusNames.manager,
            methods: (alarmMethods + [
                method(.preflight) { _ in
                    let result = await core.preflight()
                    return [.bool(result.ok), .array("s", result.reasons.map(Value.string))]
                },
                method(.preflightDetails) { _ in
                    let text = locale().translator
                    let details = await core.preflightDetails(rendering: { text($0) }).sorted { $0.key < $1.key }
                    return [.dictionary(key: "s", value: "s", details.map { DictEntry(.string($0.key), .string($0.value)) })]
                },
            ]).map { $0.renderingErrors(in: locale) },
            properties: [
                ExportedProperty("Version", signature: "s") { .string(version) },
                ExportedProperty("RingingAlarms", signature: "as") { Self.ringing(await core.ringingAlarms) },
                ExportedProperty("NextFire", signature: "(sx)") { Self.nextFire(await core.nextFire) },
                ExportedProperty("WakeState", signature: "(sx)") {
                    let status = await core.wakeStatus
                    return Self.wakeState(status.stateName, status.at)
                },
            ],
            signals: BusSignal.allCases.map { ExportedSignal($0.name, signature: $0.shape.signature, args: $0.shape.args) }
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
                } else if case .wakeStateChanged(let state, let at) = event {
                    try connection.emitPropertiesChanged(path: BusNames.path, interface: BusNames.manager,
                                                         changed: ["WakeState": Self.wakeState(state, at)])
                }
            } catch {
                Log.shared.error("cannot send a signal: \(error)")
            }
        }
    }

    static func signal(for event: AgentEvent) -> (String?, [Value]) {
        switch event {
        case .ringing(let id, let label, let count):
            (BusSignal.ringing.name, [.string(id.rawValue), .string(label), .uint32(UInt32(count))])
        case .snoozed(let id, let count, let until):
            (BusSignal.snoozed.name, [.string(id.rawValue), .uint32(UInt32(count)), .int64(until.secondsSinceEpoch)])
        case .dismissed(let id): (BusSignal.dismissed.name, [.string(id.rawValue)])
        case .challengeChanged(let id): (BusSignal.challengeChanged.name, [.string(id.rawValue)])
        case .alarmsChanged: (BusSignal.alarmsChanged.name, [])
        case .ringingAlarmsChanged, .nextFireChanged, .wakeStateChanged: (nil, [])
        }
    }

    static func ringing(_ ids: [AlarmID]) -> Value { .array("s", ids.map { .string($0.rawValue) }) }

    /// `WakeState (sx)`: none, self, helper or unavailable, and the wake held (0 for none).
    static func wakeState(_ state: String, _ at: Instant?) -> Value {
        .structure([.string(state), .int64(at?.secondsSinceEpoch ?? 0)])
    }

    static func nextFire(_ next: AgentCore.NextFire?) -> Value {
        .structure([.string(next?.id.rawValue ?? ""), .int64(next?.at.secondsSinceEpoch ?? 0)])
    }
}

/// One row of `BusMethod`'s table, exported; `renderingErrors` makes its `AgentError`s Reveille's D-Bus errors.
private func method(_ method: BusMethod, _ body: @escaping @Sendable ([Value]) async throws -> [Value]) -> ExportedMethod {
    let shape = method.shape
    return ExportedMethod(method.name, in: shape.in, out: shape.out, inArgs: shape.inArgs, outArgs: shape.outArgs) { call in
        try await body(call.arguments)
    }
}

private func alarmID(_ value: Value) throws(AgentError) -> AlarmID {
    let text = value.stringValue ?? ""
    guard let id = AlarmID(text) else { throw .notFound(AlarmText.quoted(text)) }
    return id
}

/// `PauseUntil`'s date: `YYYY-MM-DD`, or empty to resume.
private func pauseDate(_ value: Value) throws(AgentError) -> CivilDate? {
    let text = value.stringValue ?? ""
    guard !text.isEmpty else { return nil }
    do { return try AlarmText.parseDate(text) } catch { throw .invalidArgument(error.message) }
}

private func vardict(_ value: Value) throws(AgentError) -> [String: Value] {
    guard let dictionary = value.vardictValue else { throw .invalidArgument(Message("expected an {signature} dictionary", ["signature": "a{sv}"])) }
    return dictionary
}

private extension ExportedMethod {
    /// The same method, failing with the reason while `core` has no database to answer from.
    func gated(_ core: AgentCore) -> ExportedMethod {
        var gated = self
        let handler = self.handler
        gated.handler = { call in
            try await core.requireDatabase()
            return try await handler(call)
        }
        return gated
    }

    /// The same method, its `AgentError`s sent as Reveille's D-Bus errors with their message in
    /// `locale`'s language, read when the error is sent.
    func renderingErrors(in locale: @escaping @Sendable () -> UserLocale) -> ExportedMethod {
        var rendering = self
        let handler = self.handler
        rendering.handler = { call in
            do { return try await handler(call) } catch let error as AgentError {
                throw error.dbusError(rendering: locale().translator.callAsFunction)
            }
        }
        return rendering
    }
}
