import Gettext
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// What the tray shows about the agent at one moment: read from the core when something happens,
/// never on a timer.
struct TrayFacts: Equatable, Sendable {
    var alarms: [AlarmSnapshot]
    var wake: WakeStatus
    /// The sentences of the blocking Preflight notes (alarms cannot ring); empty when they can.
    var blocking: [String]
    var now: Instant
    var zone: ZoneRules
}

/// The item's icon, status and tooltip for a `TrayFacts` (issue 23's table). Pure.
struct TrayLook: Equatable, Sendable {
    /// One row of the table, each with an icon of its own colour.
    enum State: String, Sendable, CaseIterable {
        case noAlarm = "no-alarm"
        case willWake = "will-wake"
        case cannotWake = "cannot-wake"
        case cannotRing = "warning"
        case held = "skipped"
        case ringing = "ringing"

        /// `io.github.Reveille1-will-wake` and so on: names of Reveille's own, so that the icons
        /// shipped under `IconThemePath` are the ones shown whatever the desktop's theme.
        var iconName: String { "\(LiveNotifier.desktopEntry)-\(rawValue)" }
    }

    var state: State
    var title: String
    var body: String

    /// `NeedsAttention` while an alarm rings, `Active` otherwise: the item never hides.
    var status: String { state == .ringing ? "NeedsAttention" : "Active" }
    var iconName: String { state.iconName }
    /// While an alarm rings a click opens the challenge (`Activate`); otherwise it opens the menu.
    var itemIsMenu: Bool { state != .ringing }
    static let attentionIconName = State.ringing.iconName

    init(state: State, title: String, body: String = "") {
        self.state = state
        self.title = title
        self.body = body
    }

    /// The look of `facts`, in `locale`'s language and time format (the session's).
    init(_ facts: TrayFacts, locale: UserLocale = .english) {
        let text = locale.translator
        let ringing = facts.alarms.filter(\.ringing)
        if let first = ringing.first {
            let title = ringing.count == 1 ? Message("{label} is ringing", messages: ["label": first.alarm.displayName])
                : Message(one: "{count} alarm is ringing", other: "{count} alarms are ringing", count: ringing.count)
            self.init(state: .ringing, title: text(title), body: text(Message("Dismiss opens the challenge.")))
            return
        }
        if !facts.blocking.isEmpty {
            self.init(state: .cannotRing, title: text(Message("Alarms cannot ring")), body: facts.blocking.joined(separator: "\n"))
            return
        }
        let held = Self.bounded(facts.alarms.compactMap { Self.heldText($0, facts: facts, locale: locale) }, locale: locale)
        guard let next = Self.next(facts.alarms) else {
            self.init(state: held.isEmpty ? .noAlarm : .held, title: text(TrayMenu.noAlarm), body: held.joined(separator: "\n"))
            return
        }
        let when = TimeUntil.wallText(of: next.at, now: facts.now, zone: facts.zone, style: locale.timeStyle)
        let cannotWake = Self.cannotWake(facts.wake, locale: locale)
        let title = cannotWake == nil ? Message("{time} · will wake this machine", ["time": when])
            : Message("{time} · cannot wake this machine", ["time": when])
        let lines = [text(next.label)] + held + [cannotWake].compactMap(\.self)
        let state: State = !held.isEmpty ? .held : cannotWake != nil ? .cannotWake : .willWake
        self.init(state: state, title: text(title), body: lines.joined(separator: "\n"))
    }

    /// The alarm that rings first (a snooze's end counts), with its label.
    private static func next(_ alarms: [AlarmSnapshot]) -> (at: Instant, label: Message)? {
        alarms.compactMap { snapshot -> (at: Instant, label: Message)? in
            guard let at = snapshot.nextFire, snapshot.alarm.isEnabled || snapshot.snoozed else { return nil }
            return (at, snapshot.alarm.displayName)
        }.min { $0.at < $1.at }
    }

    /// The first lines, as many as the menu lists alarms, and how many more there are: a tooltip
    /// stays a tooltip with a thousand paused alarms.
    static func bounded(_ lines: [String], locale: UserLocale) -> [String] {
        let shown = TrayMenu.maximumAlarms
        guard lines.count > shown else { return lines }
        let more = Message(one: "and {count} more", other: "and {count} more", count: lines.count - shown)
        return Array(lines.prefix(shown)) + [locale.translator(more)]
    }

    /// Why the machine will not be woken for the next alarm; nil when it will.
    static func cannotWake(_ wake: WakeStatus, locale: UserLocale) -> String? {
        if let sentence = PreflightNotes.unavailableMessage(wake) { return locale.translator(sentence) }
        if wake.wakeCapableClock == false {
            return locale.translator(Message("This machine has no real-time clock that can wake it (no /sys/class/rtc/rtc*/wakealarm): a suspended machine stays asleep."))
        }
        return nil
    }
}

extension TrayLook {
    /// "Wake up: skips Mon 07:00": one line per alarm a skip or a pause holds back.
    fileprivate static func heldText(_ snapshot: AlarmSnapshot, facts: TrayFacts, locale: UserLocale) -> String? {
        TrayMenu.heldNote(snapshot, now: facts.now, zone: facts.zone, style: locale.timeStyle).map { note in
            locale.translator(Message("{label}: {note}", messages: ["label": snapshot.alarm.displayName, "note": note]))
        }
    }
}
