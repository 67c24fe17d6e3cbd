import DBus
import Gettext
import ReveilleDomain
import ReveilleText
import ReveilleTime
import SystemTimeZone
import LinuxEvents

/// Text and JSON renderings of what the agent returns.
enum Output {
    /// JSON for any D-Bus value: a{sv} becomes an object, structures and arrays become arrays.
    static func json(_ value: Value) -> String {
        switch value.unwrapped {
        case .bool(let flag): return flag ? "true" : "false"
        case .double(let number): return number.isFinite ? "\(number)" : "null"
        case .string(let text), .objectPath(let text): return quote(text)
        case .signature(let signature): return quote(signature.text)
        case .array(_, let items), .structure(let items): return "[" + items.map(json).joined(separator: ",") + "]"
        case .dictionary(_, _, let entries):
            let fields = entries.map { entry in
                let key = entry.key.stringValue ?? String(entry.key.asInt64 ?? 0)
                return quote(key) + ":" + json(entry.value)
            }
            return "{" + fields.joined(separator: ",") + "}"
        case let other: return other.asInt64.map(String.init) ?? "null"
        }
    }

    static func json(_ dictionary: [String: Value]) -> String { json(.vardict(dictionary)) }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + hex.zeroPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The local zone for display; UTC when it cannot be read.
    static let zone: ZoneRules = (try? SystemTimeZone.current(environment: Spawner.currentEnvironment())) ?? .utc

    /// `07:30` (`7:30 AM`), in local time.
    static func localClock(_ seconds: Int64, style: TimeStyle = CLILocale.current.timeStyle) -> String {
        style.time(zone.localDateTime(at: Instant(secondsSinceEpoch: seconds)).time)
    }

    /// `Mon 2027-01-04 07:30` (`Mo 2027-01-04 07:30`), in local time.
    static func localTime(_ seconds: Int64, zone: ZoneRules = zone, style: TimeStyle = CLILocale.current.timeStyle) -> String {
        let local = zone.localDateTime(at: Instant(secondsSinceEpoch: seconds))
        return "\(style.weekday(local.date.weekday)) \(local.date) \(style.time(local.time))"
    }

    /// One line per alarm for `list`. A paused alarm says when it rings again instead of "next …",
    /// and a skip follows the next ring: "next Tue 2027-01-05 07:00, skips Mon 07:00".
    static func alarmLine(_ alarm: [String: Value], now: Instant, zone: ZoneRules = zone,
                          locale: UserLocale = CLILocale.current) -> String {
        let clock = LocalNow(now: now, zone: zone, locale: locale)
        let text = locale.translator, style = locale.timeStyle
        let id = String((alarm["id"]?.stringValue ?? "").prefix(8))
        let storedTime = alarm["time"]?.stringValue ?? "?"
        let time = (try? AlarmText.parseTime(storedTime)).map(style.time) ?? storedTime
        let days = alarm["repeat"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let repeatText = days.isEmpty ? text(Message(context: "repeat", "once"))
            : days.count == 7 ? text(Message(context: "repeat", "daily")) : days.joined(separator: ",")
        let next = alarm["next_fire"]?.asInt64 ?? 0
        let enabled = alarm["enabled"]?.boolValue == true
        // A snoozed alarm rings again at the end of its snooze, whether or not it is enabled.
        let snoozed = alarm["snoozed"]?.boolValue == true && next > 0
        let nextText = localTime(next, zone: zone, style: style)
        var state = snoozed ? text(Message("snoozed until {time}", ["time": nextText]))
            : enabled ? pauseText(alarm, at: clock) ?? (next > 0 ? text(Message("next {time}", ["time": nextText])) : "")
            : text(Message("disabled"))
        let fire = Instant(secondsSinceEpoch: next)
        if next > 0, enabled || snoozed, TimeUntil.isSoon(fire, now: now) {
            state += " (" + text(TimeUntil.message(from: now, to: fire)) + ")"
        }
        if enabled, !snoozed, let skip = skipText(alarm, at: clock) { state += (state.isEmpty ? "" : ", ") + skip }
        if alarm["ringing"]?.boolValue == true { state = text(Message("RINGING")) }
        let label = sanitizeForTerminal(alarm["label"]?.stringValue ?? "")
        return [id, pad(time, 8), pad(repeatText, 27), pad(state, 26), label.isEmpty ? text(Message("Alarm")) : label]
            .joined(separator: "  ")
    }

    /// Every field of one alarm for `show`, one per line: the D-Bus keys, their values for a reader.
    static func alarmDetails(_ alarm: [String: Value], at clock: LocalNow = .live()) -> String {
        let none = clock.locale.translator(Message(context: "no value", "none"))
        return alarm.sorted { $0.key < $1.key }.map { key, value in
            var text: String
            switch value.unwrapped {
            case .string(let s): text = sanitizeForTerminal(s)
            case .array(_, let items): text = items.compactMap(\.stringValue).map(sanitizeForTerminal).joined(separator: ", ")
            default: text = json(value)
            }
            if key == "next_fire", let seconds = value.asInt64 {
                text = seconds == 0 ? none : localTime(seconds, zone: clock.zone, style: clock.locale.timeStyle)
            }
            if key == "skipped_occurrence" { text = skipText(alarm, at: clock) ?? none }
            if key == "paused_until" { text = pauseText(alarm, at: clock).map { "\(text) (\($0))" } ?? none }
            return pad(key + ":", 16) + (key.count + 1 < 16 ? "" : " ") + text
        }.joined(separator: "\n")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
