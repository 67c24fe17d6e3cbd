import ReveilleDomain
import ReveilleText
import ReveilleTime

/// A set of field changes to an alarm, as `AddAlarm`/`UpdateAlarm` and the CLI carry them.
///
/// Values are already parsed; `apply` checks ranges and the rules between fields.
public struct AlarmChanges: Equatable, Sendable {
    /// One entry of a new challenge stack.
    public enum ChallengeEntry: Equatable, Sendable {
        case new(Challenge.Params)
        /// `qr:*`: keep the stored code of the alarm's n-th QR challenge (the code is a secret nobody reads back).
        case keepStoredCode
    }

    public var label: String?
    public var time: WallTime?
    public var date: CivilDate?
    public var repeatDays: Set<Weekday>?
    public var enabled: Bool?
    public var sound: String?
    public var volume: Double?
    public var snoozeMinutes: Int?
    /// −1 for unlimited.
    public var maxSnoozes: Int?
    public var challenges: [ChallengeEntry]?
    /// Minutes after a dismissal to ask "Still up?"; 0 turns the wake-up check off.
    public var wakeCheck: Int?
    /// AddAlarm only: due exactly this many seconds from the agent's now; excludes `time` and `date`.
    public var inSeconds: Int64?

    public init() {}

    public var isEmpty: Bool { self == AlarmChanges() }

    /// The alarm with these changes, or an error naming the first bad value.
    public func apply<G: RandomNumberGenerator>(to alarm: Alarm, using generator: inout G) throws(AgentError) -> Alarm {
        var out = alarm
        if let label {
            if let problem = Alarm.labelProblem(label) { throw .invalidArgument(problem) }
            out.label = label
        }
        if let time { out.time = time }
        if let repeatDays {
            out.repeatDays = repeatDays
            if !repeatDays.isEmpty { out.date = nil }
        }
        if let date {
            guard out.repeatDays.isEmpty else { throw .invalidArgument(Message("a repeating alarm takes no date")) }
            out.date = date
        }
        if let enabled { out.isEnabled = enabled }
        if let sound {
            try Self.checkSound(sound)
            out.sound = sound
        }
        if let volume {
            guard volume.isFinite, (0...1).contains(volume) else {
                throw .invalidArgument(Message("volume {volume} is not between 0 and 1", ["volume": "\(volume)"]))
            }
            out.volume = volume
        }
        if let snoozeMinutes {
            guard SnoozePolicy.minuteRange.contains(snoozeMinutes) else {
                throw .invalidArgument(Message("snooze length {minutes} min is not between 1 and 60 minutes", ["minutes": String(snoozeMinutes)]))
            }
            out.snooze.minutes = snoozeMinutes
        }
        if let maxSnoozes {
            guard maxSnoozes == -1 || SnoozePolicy.maxSnoozeRange.contains(maxSnoozes) else {
                throw .invalidArgument(Message("max snoozes {count} is not between 0 and 10, or -1 for unlimited", ["count": String(maxSnoozes)]))
            }
            out.snooze.maxSnoozes = maxSnoozes == -1 ? .unlimited : .limited(maxSnoozes)
        }
        if let wakeCheck {
            guard WakeCheck.minuteRange.contains(wakeCheck) else {
                throw .invalidArgument(Message("wake-up check {minutes} min is not between 0 and 60 minutes (0 turns it off)",
                                                ["minutes": String(wakeCheck)]))
            }
            out.wakeCheckMinutes = wakeCheck
        }
        if let challenges {
            out.challenges = try Self.stack(challenges, replacing: alarm.challenges, using: &generator)
        }
        return out
    }

    private static func stack<G: RandomNumberGenerator>(
        _ entries: [ChallengeEntry], replacing old: [Challenge], using generator: inout G
    ) throws(AgentError) -> [Challenge] {
        var storedCodes = old.sorted { $0.orderIndex < $1.orderIndex }.compactMap { challenge -> String? in
            if case .qr(let code) = challenge.params { return code }
            return nil
        }[...]
        var stack: [Challenge] = []
        for (index, entry) in entries.enumerated() {
            let params: Challenge.Params
            switch entry {
            case .new(let new):
                if case .qr(let code) = new {
                    do { try AlarmText.checkNewQRCode(code) } catch { throw .invalidArgument(error.message) }
                }
                params = new
            case .keepStoredCode:
                guard let code = storedCodes.popFirst() else {
                    throw .invalidArgument(Message("'qr:*' keeps a stored code, but the alarm has no stored qr code left to keep"))
                }
                params = .qr(expected: code)
            }
            stack.append(Challenge(id: .random(using: &generator), params: params, orderIndex: index))
        }
        if case .invalid(let reason) = ValidateChallengeStack().execute(stack) { throw .invalidArgument(reason) }
        return stack
    }

    private static func checkSound(_ sound: String) throws(AgentError) {
        if sound.hasPrefix("/") {
            guard sound.utf8.count <= Alarm.maximumSoundPathBytes, !sound.contains("\0") else {
                throw .invalidArgument(Message("sound path is too long"))
            }
            return
        }
        let allowed: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard !sound.isEmpty, sound.count <= 255, sound.allSatisfy(allowed) else {
            throw .invalidArgument(Message("sound '{sound}' is neither a sound-theme name (letters, digits, '.', '_', '-') nor an absolute path",
                                           ["sound": String(sound.prefix(40))]))
        }
    }
}
