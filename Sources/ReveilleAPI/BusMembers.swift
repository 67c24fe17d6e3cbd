import DBus

/// The methods of `io.github.Reveille1.Manager`: the one table the agent exports and the client calls,
/// so neither side spells a method name. A contract: add rows, never rename or reshape one.
public enum BusMethod: String, CaseIterable, Sendable {
    case addAlarm = "AddAlarm"
    case updateAlarm = "UpdateAlarm"
    case removeAlarm = "RemoveAlarm"
    case setEnabled = "SetEnabled"
    case getAlarm = "GetAlarm"
    case listAlarms = "ListAlarms"
    case trigger = "Trigger"
    case snooze = "Snooze"
    case dismiss = "Dismiss"
    case beginChallenge = "BeginChallenge"
    case getChallenge = "GetChallenge"
    case submitAnswer = "SubmitAnswer"
    case preflight = "Preflight"
    case preflightDetails = "PreflightDetails"
    case getHistory = "GetHistory"
    case confirmAwake = "ConfirmAwake"
    case addCard = "AddCard"
    case listCards = "ListCards"
    case removeCard = "RemoveCard"
    case skipNext = "SkipNext"
    case unskipNext = "UnskipNext"
    case pauseUntil = "PauseUntil"

    public var name: String { rawValue }

    /// Argument types and names in, then out, as `data/io.github.Reveille1.xml` declares them.
    public var shape: (in: Signature, out: Signature, inArgs: [String], outArgs: [String]) {
        switch self {
        case .addAlarm: ("a{sv}", "s", ["spec"], ["id"])
        case .updateAlarm: ("sa{sv}", "", ["id", "changes"], [])
        case .removeAlarm, .trigger, .dismiss, .confirmAwake, .skipNext, .unskipNext: ("s", "", ["id"], [])
        case .setEnabled: ("sb", "", ["id", "enabled"], [])
        case .pauseUntil: ("ss", "", ["id", "date"], [])
        case .getAlarm: ("s", "a{sv}", ["id"], ["alarm"])
        case .listAlarms: ("", "aa{sv}", [], ["alarms"])
        case .snooze: ("s", "x", ["id"], ["until"])
        case .beginChallenge, .getChallenge: ("s", "a{sv}", ["id"], ["challenge"])
        case .submitAnswer: ("ss", "sa{sv}", ["id", "answer"], ["outcome", "next"])
        case .preflight: ("", "bas", [], ["ok", "reasons"])
        case .preflightDetails: ("", "a{ss}", [], ["details"])
        case .getHistory: ("a{sv}", "aa{sv}", ["filter"], ["entries"])
        case .addCard: ("s", "s", ["label"], ["code"])
        case .listCards: ("", "as", [], ["labels"])
        case .removeCard: ("s", "", ["label"], [])
        }
    }
}

/// The signals of `io.github.Reveille1.Manager`, named once for the agent that emits them and the
/// clients that follow them.
public enum BusSignal: String, CaseIterable, Sendable {
    case ringing = "Ringing"
    case snoozed = "Snoozed"
    case dismissed = "Dismissed"
    case challengeChanged = "ChallengeChanged"
    case alarmsChanged = "AlarmsChanged"

    public var name: String { rawValue }

    public var shape: (signature: Signature, args: [String]) {
        switch self {
        case .ringing: ("ssu", ["id", "label", "snooze_count"])
        case .snoozed: ("sux", ["id", "snooze_count", "until"])
        case .dismissed, .challengeChanged: ("s", ["id"])
        case .alarmsChanged: ("", [])
        }
    }
}
