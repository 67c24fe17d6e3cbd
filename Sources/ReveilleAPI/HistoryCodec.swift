import DBus
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// GetHistory's filter and entries as `a{sv}`.
public enum HistoryCodec {
    public static let filterKeys: Set<String> = ["since", "alarm", "limit"]

    /// Reads a filter; a key it does not know, or a value of the wrong type, is refused whole.
    public static func decodeQuery(_ filter: [String: Value]) throws(AgentError) -> HistoryQuery {
        var query = HistoryQuery()
        for (key, value) in filter.sorted(by: { $0.key < $1.key }) {
            // Numbers of any D-Bus integer type, as the alarm keys take them: gdbus sends int32 unless told.
            switch (key, value.unwrapped) {
            case ("since", _):
                let seconds = try integer(value, key)
                guard (0...253_402_300_799).contains(seconds) else { throw .invalidArgument(Message("{key} {value} is out of range", ["key": "since", "value": String(seconds)])) }
                query.since = Instant(secondsSinceEpoch: seconds)
            case ("alarm", .string(let text)):
                guard AlarmID(text) != nil else { throw .invalidArgument(Message("alarm {id} is not an alarm ID", ["id": AlarmText.quoted(text)])) }
                query.alarm = text
            case ("limit", _):
                let limit = try integer(value, key)
                guard (1...Int64(HistoryQuery.maxLimit)).contains(limit) else {
                    throw .invalidArgument(Message("limit {value} is out of range; it is 1…{limit}",
                                                   ["value": String(limit), "limit": String(HistoryQuery.maxLimit)]))
                }
                query.limit = Int(limit)
            case ("alarm", _):
                throw .invalidArgument(Message("key '{key}' must be of type 's', not '{type}'", ["key": "alarm", "type": "\(value.unwrapped.typeSignature)"]))
            default:
                throw .invalidArgument(Message("unknown filter key '{key}'; known: alarm, limit, since", ["key": key]))
            }
        }
        return query
    }

    /// Any integer type; a uint64 beyond Int64 is out of range, whatever its key's range.
    private static func integer(_ value: Value, _ key: String) throws(AgentError) -> Int64 {
        if case .uint64(let big) = value.unwrapped, big > UInt64(Int64.max) {
            throw .invalidArgument(Message("{key} {value} is out of range", ["key": key, "value": String(big)]))
        }
        guard let number = value.asInt64 else {
            throw .invalidArgument(Message("key '{key}' must be {expected}, not a value of type '{type}'",
                                           ["key": key, "type": "\(value.unwrapped.typeSignature)"], messages: ["expected": Message("an integer")]))
        }
        return number
    }

    public static func encode(_ entry: HistoryEntry) -> [String: Value] {
        [
            "alarm_id": .string(entry.alarmID),
            "label": .string(entry.label),
            "due": .int64(entry.due.secondsSinceEpoch),
            "rang_at": .int64(entry.rangAt?.secondsSinceEpoch ?? 0),
            "dismissed_at": .int64(entry.dismissedAt?.secondsSinceEpoch ?? 0),
            "snoozes": .uint32(UInt32(clamping: entry.snoozes)),
            "wrong_answers": .uint32(UInt32(clamping: entry.wrongAnswers)),
            "outcome": .string(entry.outcome.rawValue),
        ]
    }

    /// An entry from the agent; nil when a key is missing or of another type.
    public static func decode(_ entry: [String: Value]) -> HistoryEntry? {
        func int64(_ key: String) -> Int64? {
            if case .int64(let value) = entry[key]?.unwrapped { return value }
            return nil
        }
        func uint32(_ key: String) -> Int? {
            if case .uint32(let value) = entry[key]?.unwrapped { return Int(value) }
            return nil
        }
        guard let id = entry["alarm_id"]?.stringValue, let label = entry["label"]?.stringValue,
              let due = int64("due"), let rang = int64("rang_at"), let dismissed = int64("dismissed_at"),
              let snoozes = uint32("snoozes"), let wrong = uint32("wrong_answers"),
              let outcome = entry["outcome"]?.stringValue.flatMap(HistoryEntry.Outcome.init(rawValue:))
        else { return nil }
        return HistoryEntry(alarmID: id, label: label, due: Instant(secondsSinceEpoch: due),
                            rangAt: rang == 0 ? nil : Instant(secondsSinceEpoch: rang),
                            dismissedAt: dismissed == 0 ? nil : Instant(secondsSinceEpoch: dismissed),
                            snoozes: snoozes, wrongAnswers: wrong, outcome: outcome)
    }
}
