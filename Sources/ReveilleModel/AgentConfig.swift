import ReveilleDomain
import ReveilleText
import ReveilleTime

/// The agent's settings from `reveille.conf`: defaults for new alarms and how the agent behaves.
public struct AgentConfig: Equatable, Sendable {
    /// `[defaults]`: what a new alarm gets for the keys its creator leaves out.
    public var defaults = AlarmChanges()
    /// `[agent] terminal`: the argv prefix that runs a command in a terminal; nil to search for one.
    public var terminal: [String]?
    /// Seconds the sound takes to fade in.
    public var fadeIn: Int64 = 20
    /// A missed alarm at most this many seconds late still rings.
    public var lateGrace: Int64 = 30 * 60
    /// Seconds of ringing with nobody starting to dismiss before the nudge.
    public var nudgeAfter: Int64 = 3 * 60
    /// Hold off idle suspend while an alarm is due within this many seconds (0: never).
    public var keepAwake: Int64 = 10 * 3600
    /// Arm the wake timer so it may wake a suspended machine (where the session may).
    public var wakeFromSuspend = true
    /// Seconds before an alarm that the machine is woken: time to resume and for the sound server to return.
    public var wakeLead: Int64 = PlanWake.defaultLead
    /// Keep the machine up from the wake before an alarm until its run ends (logind inhibitors).
    public var blockSleepWhileRinging = true
    /// `[agent] tray`: show the tray icon (a StatusNotifierItem) where the desktop has a tray.
    public var tray = true
    public var lockout = LockoutPolicy()
    /// Seconds per math problem.
    public var mathTimeLimit: Int64 = Challenge.defaultMathTimeLimit
    /// Unmute and raise a muted or nearly silent output while ringing.
    public var forceAudible = true
    /// `[hooks]`: the command each event runs, already split into words; never run by a shell.
    public var hooks: [HookEvent: [String]] = [:]
    /// `[hooks] before_ring`: seconds ahead of an occurrence that `on_before_ring` runs.
    public var beforeRing: Int64 = BeforeRing.defaultLead
    /// `[agent] history_days`: runs and misses older than this many days are deleted.
    public var historyDays = 400

    public init() {
        defaults.challenges = [.new(.math(difficulty: .medium, timeLimit: Challenge.defaultMathTimeLimit))]
    }

    /// Reads an INI-style file: `[section]` headers, `key = value` lines, `#` or `;` comments.
    /// Errors name the file and line.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> AgentConfig {
        var config = AgentConfig()
        var section: String?
        // Split on the byte, not the Character: "\r\n" is one Character, and a file written on Windows would be one line.
        for (number, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let at = ConfigError.Location(file: file, line: number + 1)
            let line = String(String.UnicodeScalarView(rawLine)).trimmingBlanks()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]") else { throw ConfigError(at, Message("a section header must end with ']'")) }
                let name = String(line.dropFirst().dropLast()).trimmingBlanks()
                guard name == "defaults" || name == "agent" || name == "hooks" else {
                    throw ConfigError(at, Message("unknown section [{name}]; expected [defaults], [agent] or [hooks]", ["name": String(name)]))
                }
                section = name
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw ConfigError(at, Message("expected 'key = value'")) }
            let key = String(line[..<equals]).trimmingBlanks()
            let value = String(line[line.index(after: equals)...]).trimmingBlanks()
            switch section {
            case "defaults": try config.setDefault(key, value, at)
            case "agent": try config.setAgent(key, value, at)
            case "hooks": try config.setHook(key, value, at)
            default: throw ConfigError(at, Message("'{key}' is outside a section; put it under [defaults], [agent] or [hooks]", ["key": key]))
            }
        }
        return config
    }

    private mutating func setDefault(_ key: String, _ value: String, _ at: ConfigError.Location) throws(ConfigError) {
        var changes = AlarmChanges()
        switch key {
        case "label": changes.label = value
        case "sound": changes.sound = value
        case "volume": changes.volume = try number(value, key, at)
        case "snooze_minutes": changes.snoozeMinutes = try integer(value, key, at)
        case "max_snoozes": changes.maxSnoozes = value == "unlimited" ? -1 : try integer(value, key, at)
        case "challenges":
            var entries: [AlarmChanges.ChallengeEntry] = []
            for item in value.split(separator: ",") {
                do { entries.append(.new(try AlarmText.parseChallenge(String(item).trimmingBlanks()))) } catch {
                    throw ConfigError(at, Message("{key}: {problem}", ["key": "challenges"], messages: ["problem": error.message]))
                }
            }
            changes.challenges = entries
        default:
            throw ConfigError(at, Message("unknown key '{key}' in [{section}]; known: {known}",
                                          ["key": key, "section": "defaults", "known": "label, sound, volume, snooze_minutes, max_snoozes, challenges"]))
        }
        // Check ranges the same way an alarm's own values are checked.
        var generator = SystemRandomNumberGenerator()
        if let seven = WallTime(hour: 7, minute: 0) {
            do { _ = try changes.apply(to: Alarm(id: .probe, time: seven), using: &generator) } catch {
                throw ConfigError(at, Message("{key}: {problem}", ["key": key], messages: ["problem": error.message]))
            }
        }
        defaults.merge(changes)
    }

    private mutating func setAgent(_ key: String, _ value: String, _ at: ConfigError.Location) throws(ConfigError) {
        switch key {
        case "terminal": terminal = value.isEmpty ? nil : [value]  // split into words by the launcher
        case "fade_in": fadeIn = try duration(value, key, at)
        case "late_grace": lateGrace = try duration(value, key, at)
        case "nudge_after": nudgeAfter = try duration(value, key, at)
        case "keep_awake": keepAwake = try duration(value, key, at)
        case "lockout_failures": lockout.maxFailures = try integer(value, key, at, in: 0...100)
        case "lockout_cooldown": lockout.cooldown = try duration(value, key, at)
        case "math_time_limit":
            mathTimeLimit = try duration(value, key, at)
            guard mathTimeLimit >= 1 else { throw ConfigError(at, Message("{key} must be at least {minimum}", ["key": "math_time_limit", "minimum": "1s"])) }
        case "force_audible": forceAudible = try boolean(value, key, at)
        case "wake_from_suspend": wakeFromSuspend = try boolean(value, key, at)
        case "wake_lead":
            wakeLead = try duration(value, key, at)
            guard wakeLead <= PlanWake.maximumLead else { throw ConfigError(at, Message("{key} is at most {maximum}", ["key": "wake_lead", "maximum": "30min"])) }
        case "block_sleep_while_ringing": blockSleepWhileRinging = try boolean(value, key, at)
        case "history_days": historyDays = try integer(value, key, at, in: 1...100_000)
        case "tray": tray = try boolean(value, key, at)
        default:
            throw ConfigError(at, Message("unknown key '{key}' in [{section}]; known: {known}",
                                          ["key": key, "section": "agent",
                                           "known": "terminal, fade_in, late_grace, nudge_after, keep_awake, lockout_failures, lockout_cooldown, math_time_limit, force_audible, wake_from_suspend, wake_lead, block_sleep_while_ringing, history_days, tray"]))
        }
    }
}

extension AgentConfig {
    /// `before_ring`, or a hook's command, split the way `terminal` is split, so a quoting mistake
    /// is found here, not at 7 am.
    fileprivate mutating func setHook(_ key: String, _ value: String, _ at: ConfigError.Location) throws(ConfigError) {
        if key == "before_ring" {
            beforeRing = try duration(value, key, at)
            guard (BeforeRing.minimumLead...BeforeRing.maximumLead).contains(beforeRing) else {
                throw ConfigError(at, Message("{key} is at least {minimum} and at most {maximum}", ["key": "before_ring", "minimum": "1s", "maximum": "2h"]))
            }
            return
        }
        guard let event = HookEvent.allCases.first(where: { $0.configKey == key }) else {
            let known = (HookEvent.allCases.map(\.configKey) + ["before_ring"]).joined(separator: ", ")
            throw ConfigError(at, Message("unknown key '{key}' in [{section}]; known: {known}", ["key": key, "section": "hooks", "known": known]))
        }
        let words: [String]
        do { words = try ShellWords.split(value) } catch { throw ConfigError(at, Message("{key}: {problem}", ["key": key], messages: ["problem": error.message])) }
        hooks[event] = words.isEmpty ? nil : words
    }
}

/// A problem in the configuration file, with where it is.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Location: Equatable, Sendable {
        public var file: String
        public var line: Int
    }

    public var location: Location
    /// What is wrong, for a reader; the keys and values it names stay as written in the file.
    public var message: Message

    init(_ location: Location, _ message: Message) {
        self.location = location
        self.message = message
    }

    /// `FILE:LINE: ` and the message, as one message: what Preflight's config-invalid sentence holds,
    /// rendered with it in the session's language.
    public var located: Message {
        Message("{location}: {problem}", ["location": "\(location.file):\(location.line)"], messages: ["problem": message])
    }

    /// `FILE:LINE: ` and the message, rendered by `render` (the reader's translator).
    public func text(rendering render: (Message) -> String = { $0.english }) -> String {
        "\(location.file):\(location.line): \(render(message))"
    }

    /// The problem in English (the C locale's text), as the log and `reveille doctor` under C show it.
    public var description: String { text() }
}

extension AlarmChanges {
    /// Takes every field `other` sets.
    public mutating func merge(_ other: AlarmChanges) {
        label = other.label ?? label
        time = other.time ?? time
        date = other.date ?? date
        repeatDays = other.repeatDays ?? repeatDays
        enabled = other.enabled ?? enabled
        sound = other.sound ?? sound
        volume = other.volume ?? volume
        snoozeMinutes = other.snoozeMinutes ?? snoozeMinutes
        maxSnoozes = other.maxSnoozes ?? maxSnoozes
        challenges = other.challenges ?? challenges
        wakeCheck = other.wakeCheck ?? wakeCheck
    }
}

/// `30s`, `5min`, `1h`, `1h 30min`, `2d`, `1w`, `0`: seconds.
public func parseDuration(_ text: String) -> Int64? { WhenText.parseDuration(text) }

private func duration(_ value: String, _ key: String, _ at: ConfigError.Location) throws(ConfigError) -> Int64 {
    guard let seconds = parseDuration(value) else {
        throw ConfigError(at, Message("{key}: '{value}' is not a duration such as 30s, 5min or 1h", ["key": key, "value": value]))
    }
    return seconds
}

private func integer(_ value: String, _ key: String, _ at: ConfigError.Location, in range: ClosedRange<Int> = Int.min...Int.max) throws(ConfigError) -> Int {
    guard let number = Int(value), range.contains(number) else {
        throw ConfigError(at, Message("{key}: '{value}' is not a whole number in {lowest}…{highest}",
                                      ["key": key, "value": value, "lowest": String(range.lowerBound), "highest": String(range.upperBound)]))
    }
    return number
}

private func number(_ value: String, _ key: String, _ at: ConfigError.Location) throws(ConfigError) -> Double {
    guard let number = Double(value), number.isFinite else { throw ConfigError(at, Message("{key}: '{value}' is not a number", ["key": key, "value": value])) }
    return number
}

private func boolean(_ value: String, _ key: String, _ at: ConfigError.Location) throws(ConfigError) -> Bool {
    switch value.lowercased() {
    case "true", "yes", "on", "1": return true
    case "false", "no", "off", "0": return false
    default: throw ConfigError(at, Message("{key}: '{value}' is not true or false", ["key": key, "value": value]))
    }
}
