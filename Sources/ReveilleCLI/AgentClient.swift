import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// The CLI's connection to the agent: calls, with errors turned into exit statuses.
struct AgentClient {
    let connection: Connection

    /// Connects to the session bus; exit status 3 when there is none.
    static func connect() throws(CLIError) -> AgentClient {
        do { return AgentClient(connection: try Connection.session()) } catch {
            throw CLIError(.unreachable, Message("cannot reach the session bus: {error}", ["error": error.message]))
        }
    }

    /// Calls a method of the manager interface.
    func call(_ method: BusMethod, _ arguments: [Value] = []) async throws(CLIError) -> [Value] {
        do {
            return try await connection.call(destination: BusNames.service, path: BusNames.path,
                                             interface: BusNames.manager, method: method.name, arguments: arguments)
        } catch {
            throw Self.cliError(error)
        }
    }

    static func cliError(_ error: DBusError) -> CLIError {
        if let reveille = ReveilleError(error) { return CLIError(reveille) }
        switch error.name {
        case DBusError.Name.serviceUnknown, DBusError.Name.noReply, DBusError.Name.disconnected,
             "org.freedesktop.DBus.Error.NameHasNoOwner", "org.freedesktop.DBus.Error.Spawn.ChildExited",
             "org.freedesktop.DBus.Error.Spawn.ExecFailed", "org.freedesktop.DBus.Error.Spawn.Failed",
             "org.freedesktop.DBus.Error.TimedOut":
            return CLIError(.unreachable, Message("the Reveille agent is not reachable on the session bus ({error})", ["error": error.message]))
        default:
            return CLIError(.failed, error.description)
        }
    }

    /// The challenge `BeginChallenge` started or `GetChallenge` shows.
    func challenge(_ method: BusMethod, _ id: String) async throws(CLIError) -> ChallengeView {
        guard let dictionary = try await call(method, [.string(id)]).first?.vardictValue,
              let view = AlarmCodec.decodeChallenge(dictionary)
        else { throw unexpectedAnswer(method.name) }
        return view
    }

    /// `SubmitAnswer`: the outcome, and the challenge now up unless the stack is solved.
    func submit(_ id: String, answer: String) async throws(CLIError) -> (AnswerOutcome, ChallengeView?) {
        let reply = try await call(.submitAnswer, [.string(id), .string(answer)])
        guard let outcome = reply.first?.stringValue.flatMap(AnswerOutcome.init(rawValue:)),
              let next = reply.dropFirst().first?.vardictValue
        else { throw unexpectedAnswer("SubmitAnswer") }
        if next.isEmpty { return (outcome, nil) }
        guard let view = AlarmCodec.decodeChallenge(next) else {
            throw unexpectedAnswer("SubmitAnswer")
        }
        return (outcome, view)
    }

    /// `SkipNext`: the alarm's next occurrence will not ring.
    func skipNext(_ id: String) async throws(CLIError) {
        _ = try await call(.skipNext, [.string(id)])
    }

    /// `UnskipNext`: the skipped occurrence rings again.
    func unskipNext(_ id: String) async throws(CLIError) {
        _ = try await call(.unskipNext, [.string(id)])
    }

    /// `PauseUntil`: no ring before `date` (`YYYY-MM-DD`); nil resumes the alarm.
    func pauseUntil(_ id: String, _ date: CivilDate?) async throws(CLIError) {
        _ = try await call(.pauseUntil, [.string(id), .string(date?.description ?? "")])
    }

    /// Every alarm, as the agent lists them.
    func alarms() async throws(CLIError) -> [[String: Value]] {
        guard let list = try await call(.listAlarms).first?.vardictArrayValue else {
            throw unexpectedAnswer("ListAlarms")
        }
        return list
    }

    /// `GetHistory`: runs and misses due since `since`, newest first, at most `HistoryQuery.maxLimit`.
    func history(since: Int64, alarm: String?) async throws(CLIError) -> [HistoryEntry] {
        var filter: [String: Value] = ["since": .int64(since), "limit": .uint32(UInt32(HistoryQuery.maxLimit))]
        if let alarm { filter["alarm"] = .string(alarm) }
        guard let list = try await call(.getHistory, [.vardict(filter)]).first?.vardictArrayValue else {
            throw unexpectedAnswer("GetHistory")
        }
        let entries = list.compactMap(HistoryCodec.decode)
        guard entries.count == list.count else { throw unexpectedAnswer("GetHistory") }
        return entries
    }

    /// A reply of the agent that does not have the shape of `method`'s.
    func unexpectedAnswer(_ method: String) -> CLIError {
        .failed(Message("the agent sent an unexpected answer to {method}", ["method": method]))
    }

    /// The full id of the alarm that `reference` names: an id, or a prefix of exactly one id.
    func resolve(_ reference: String) async throws(CLIError) -> String {
        let wanted = reference.lowercased()
        if AlarmID(wanted) != nil { return wanted }
        guard !wanted.isEmpty else { throw .usage(Message("an alarm id is empty")) }
        let matches = try await alarms().compactMap { $0["id"]?.stringValue }.filter { $0.hasPrefix(wanted) }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw .failed(Message("no alarm has an id starting with '{id}'", ["id": reference]))
        default: throw .usage(Message(one: "'{id}' matches {count} alarm; give more of the id",
                                      other: "'{id}' matches {count} alarms; give more of the id", count: matches.count, ["id": reference]))
        }
    }
}
