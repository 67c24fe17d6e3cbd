import DBus
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// Alarms as `a{sv}`: what AddAlarm/UpdateAlarm take and what GetAlarm/ListAlarms give.
public enum AlarmCodec {
    public static let writableKeys: Set<String> = [
        "label", "time", "date", "repeat", "enabled", "sound", "volume", "snooze_minutes", "max_snoozes", "challenges",
        "wake_check",
    ]
    /// Keys AddAlarm takes that no alarm holds: `in_seconds` becomes its `time` and `date`.
    public static let addOnlyKeys: Set<String> = ["in_seconds"]
    public static let readOnlyKeys: Set<String> = [
        "id", "next_fire", "snooze_count", "ringing", "snoozed", "skipped_occurrence", "paused_until",
    ]

    // MARK: Agent side

    /// Reads the changes of an AddAlarm/UpdateAlarm call. Every problem names the key.
    public static func decodeChanges(_ dictionary: [String: Value]) throws(AgentError) -> AlarmChanges {
        var changes = AlarmChanges()
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            if readOnlyKeys.contains(key) { throw .invalidArgument(Message("key '{key}' is read-only", ["key": key])) }
            guard writableKeys.contains(key) || addOnlyKeys.contains(key) else {
                throw .invalidArgument(Message("unknown key '{key}'; known keys: {known}",
                                               ["key": AlarmText.quoted(key), "known": writableKeys.union(addOnlyKeys).sorted().joined(separator: ", ")]))
            }
            switch key {
            case "label": changes.label = try string(value, key)
            case "time":
                let text = try string(value, key)
                changes.time = try field { () throws(AlarmFieldError) in try AlarmText.parseTime(text) }
            case "date":
                let text = try string(value, key)
                changes.date = try field { () throws(AlarmFieldError) in try AlarmText.parseDate(text) }
            case "repeat":
                let tokens = try strings(value, key)
                changes.repeatDays = try field { () throws(AlarmFieldError) in try AlarmText.parseRepeat(tokens) }
            case "enabled":
                guard let flag = value.boolValue else { throw typeError(key, Message("a boolean (b)"), value) }
                changes.enabled = flag
            case "sound": changes.sound = try string(value, key)
            case "volume":
                guard let volume = value.doubleValue ?? value.asInt64.map(Double.init) else { throw typeError(key, Message("a number (d)"), value) }
                changes.volume = volume
            case "snooze_minutes": changes.snoozeMinutes = try integer(value, key)
            case "max_snoozes": changes.maxSnoozes = try integer(value, key)
            case "wake_check": changes.wakeCheck = try integer(value, key)
            case "challenges":
                var entries: [AlarmChanges.ChallengeEntry] = []
                for text in try strings(value, key) {
                    entries.append(text == "qr:*"
                        ? .keepStoredCode
                        : .new(try field { () throws(AlarmFieldError) in try AlarmText.parseChallenge(text) }))
                }
                changes.challenges = entries
            case "in_seconds":
                let seconds = try integer(value, key)
                guard WhenText.relativeRange.contains(Int64(seconds)) else {
                    throw .invalidArgument(Message("in_seconds {seconds} is not between 1 and {limit} (366 days)",
                                                   ["seconds": String(seconds), "limit": String(WhenText.relativeRange.upperBound)]))
                }
                changes.inSeconds = Int64(seconds)
            default: break
            }
        }
        return changes
    }

    public static func encode(_ snapshot: AlarmSnapshot) -> [String: Value] {
        let alarm = snapshot.alarm
        let maxSnoozes: Int32 = switch alarm.snooze.maxSnoozes {
        case .unlimited: -1
        case .limited(let n): Int32(n)
        }
        var result: [String: Value] = [
            "id": .string(alarm.id.rawValue),
            "label": .string(alarm.label),
            "time": .string(alarm.time.description),
            "repeat": .array("s", AlarmText.formatRepeat(alarm.repeatDays).map(Value.string)),
            "enabled": .bool(alarm.isEnabled),
            "sound": .string(alarm.sound),
            "volume": .double(alarm.volume),
            "snooze_minutes": .uint32(UInt32(alarm.snooze.minutes)),
            "max_snoozes": .int32(maxSnoozes),
            "challenges": .array("s", alarm.challenges.sorted { $0.orderIndex < $1.orderIndex }
                .map { .string(AlarmText.formatChallenge($0.params)) }),
            "next_fire": .int64(snapshot.nextFire?.secondsSinceEpoch ?? 0),
            "snooze_count": .uint32(UInt32(snapshot.snoozeCount)),
            "ringing": .bool(snapshot.ringing),
            "snoozed": .bool(snapshot.snoozed),
            "wake_check": .uint32(UInt32(alarm.wakeCheckMinutes)),
            "skipped_occurrence": .int64(snapshot.skippedOccurrence?.secondsSinceEpoch ?? 0),
            "paused_until": .string(alarm.pausedUntil?.description ?? ""),
        ]
        if let date = alarm.date { result["date"] = .string(date.description) }
        return result
    }

    public static func encode(_ view: ChallengeView) -> [String: Value] {
        [
            "index": .uint32(UInt32(view.index)),
            "total": .uint32(UInt32(view.total)),
            "kind": .string(view.kind.rawValue),
            "prompt": .string(view.prompt),
            "deadline": .int64(view.deadline?.secondsSinceEpoch ?? 0),
            "attempts": .uint32(UInt32(view.attempts)),
            "locked_until": .int64(view.lockedUntil?.secondsSinceEpoch ?? 0),
        ]
    }

    // MARK: Client side

    /// The a{sv} form of changes, for AddAlarm/UpdateAlarm.
    public static func encode(_ changes: AlarmChanges, revealingSecrets: Bool = true) -> [String: Value] {
        var result: [String: Value] = [:]
        if let label = changes.label { result["label"] = .string(label) }
        if let time = changes.time { result["time"] = .string(time.description) }
        if let date = changes.date { result["date"] = .string(date.description) }
        if let days = changes.repeatDays { result["repeat"] = .array("s", AlarmText.formatRepeat(days).map(Value.string)) }
        if let enabled = changes.enabled { result["enabled"] = .bool(enabled) }
        if let sound = changes.sound { result["sound"] = .string(sound) }
        if let volume = changes.volume { result["volume"] = .double(volume) }
        if let minutes = changes.snoozeMinutes { result["snooze_minutes"] = .uint32(UInt32(clamping: minutes)) }
        if let max = changes.maxSnoozes { result["max_snoozes"] = .int32(Int32(clamping: max)) }
        if let minutes = changes.wakeCheck { result["wake_check"] = .uint32(UInt32(clamping: minutes)) }
        if let seconds = changes.inSeconds { result["in_seconds"] = .uint32(UInt32(clamping: seconds)) }
        if let entries = changes.challenges {
            result["challenges"] = .array("s", entries.map { entry in
                switch entry {
                case .keepStoredCode: .string("qr:*")
                case .new(let params): .string(AlarmText.formatChallenge(params, revealingSecrets: revealingSecrets))
                }
            })
        }
        return result
    }

    /// A challenge as `BeginChallenge`, `GetChallenge` and `SubmitAnswer` send it; nil when a key is
    /// missing or of another type. 0 for `deadline` or `locked_until` means none.
    public static func decodeChallenge(_ dictionary: [String: Value]) -> ChallengeView? {
        guard let index = dictionary["index"]?.asInt64, let total = dictionary["total"]?.asInt64,
              let kind = dictionary["kind"]?.stringValue.flatMap(Challenge.Kind.init(rawValue:)),
              let prompt = dictionary["prompt"]?.stringValue, let deadline = dictionary["deadline"]?.asInt64,
              let attempts = dictionary["attempts"]?.asInt64, let lockedUntil = dictionary["locked_until"]?.asInt64,
              let index = Int(exactly: index), let total = Int(exactly: total), let attempts = Int(exactly: attempts)
        else { return nil }
        let instant = { (seconds: Int64) in seconds == 0 ? nil : Instant(secondsSinceEpoch: seconds) }
        return ChallengeView(index: index, total: total, kind: kind, prompt: prompt, deadline: instant(deadline),
                             attempts: attempts, lockedUntil: instant(lockedUntil))
    }

    // MARK: Reading values

    private static func string(_ value: Value, _ key: String) throws(AgentError) -> String {
        guard let text = value.stringValue else { throw typeError(key, Message("a string (s)"), value) }
        try checkInterchangeable(text, key)
        return text
    }

    private static func strings(_ value: Value, _ key: String) throws(AgentError) -> [String] {
        guard let items = value.arrayValue, case .array("s", _) = value.unwrapped else {
            throw typeError(key, Message("an array of strings (as)"), value)
        }
        let texts = items.compactMap(\.stringValue)
        for text in texts { try checkInterchangeable(text, key) }
        return texts
    }

    /// libdbus passes noncharacters (U+FFFF, U+FDD0…) but sd-bus refuses a message holding one: stored in a
    /// label, one would make ListAlarms unreadable to busctl and every other sd-bus client.
    private static func checkInterchangeable(_ text: String, _ key: String) throws(AgentError) {
        guard let bad = text.unicodeScalars.first(where: \.properties.isNoncharacterCodePoint) else { return }
        let code = String(bad.value, radix: 16, uppercase: true)
        throw .invalidArgument(Message("key '{key}' holds U+{code}, a noncharacter", ["key": key, "code": code.zeroPadded(to: 4)]))
    }

    private static func integer(_ value: Value, _ key: String) throws(AgentError) -> Int {
        if case .uint64(let big) = value.unwrapped, big > UInt64(Int64.max) {
            throw .invalidArgument(Message("{key} {value} is out of range", ["key": key, "value": String(big)]))
        }
        guard let number = value.asInt64 else { throw typeError(key, Message("an integer"), value) }
        guard let small = Int(exactly: number), (-1_000_000...1_000_000).contains(small) else {
            throw .invalidArgument(Message("{key} {value} is out of range", ["key": key, "value": String(number)]))
        }
        return small
    }

    private static func field<T>(_ parse: () throws(AlarmFieldError) -> T) throws(AgentError) -> T {
        do { return try parse() } catch { throw .invalidArgument(error.message) }
    }

    private static func typeError(_ key: String, _ expected: Message, _ value: Value) -> AgentError {
        .invalidArgument(Message("key '{key}' must be {expected}, not a value of type '{type}'",
                                 ["key": key, "type": "\(value.unwrapped.typeSignature)"], messages: ["expected": expected]))
    }
}
