import Gettext
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// What a click on a menu item asks for.
enum TrayAction: Hashable, Sendable {
    case snooze(AlarmID)
    case dismiss(AlarmID)
    case skip(AlarmID)
    case unskip(AlarmID)
    case pause(AlarmID)
    case resume(AlarmID)
    case checkMachine
}

/// One entry of the tray's menu, before it has its number. Pure.
struct TrayMenuItem: Equatable, Sendable {
    /// What the entry stands for: its number stays the same for as long as it does.
    enum Key: Hashable, Sendable {
        case alarm(AlarmID)
        case ringing(AlarmID)
        case action(TrayAction)
        /// The first, second … separator.
        case separator(Int)
        case noAlarm
    }

    var key: Key
    /// Plain text; `TrayMenuLayout` escapes it for dbusmenu.
    var label: String = ""
    var enabled = true
    var children: [TrayMenuItem] = []

    var action: TrayAction? {
        if case .action(let action) = key { return action }
        return nil
    }
}

/// The menu for the alarms as they are when the host asks for it: the "in …" is computed then, in
/// the reader's language (the session's locale).
enum TrayMenu {
    /// Upcoming alarms shown at most.
    static let maximumAlarms = 5
    /// Days a "Pause for a week" holds an alarm, today among them: it rings again from the same day next week.
    static let pauseDays = 7

    static func items(alarms: [AlarmSnapshot], now: Instant, zone: ZoneRules, locale: UserLocale = .english) -> [TrayMenuItem] {
        let text = locale.translator
        var items: [TrayMenuItem] = []
        for snapshot in alarms where snapshot.ringing {
            let id = snapshot.alarm.id
            items.append(TrayMenuItem(key: .ringing(id), label: text(Message("{label} is ringing", messages: ["label": snapshot.alarm.displayName])),
                                      enabled: false))
            if snapshot.alarm.snooze.snoozesLeft(after: snapshot.snoozeCount) != 0 {
                items.append(TrayMenuItem(key: .action(.snooze(id)),
                                          label: text(Message("Snooze {minutes} min", ["minutes": String(snapshot.alarm.snooze.minutes)]))))
            }
            items.append(TrayMenuItem(key: .action(.dismiss(id)), label: text(dismissLabel)))
        }
        let upcoming = alarms
            .filter { !$0.ringing && $0.nextFire != nil && ($0.alarm.isEnabled || $0.snoozed) }
            .sorted { ($0.nextFire!, $0.alarm.id) < ($1.nextFire!, $1.alarm.id) }
            .prefix(maximumAlarms)
        if !items.isEmpty && !upcoming.isEmpty { items.append(TrayMenuItem(key: .separator(0))) }
        for snapshot in upcoming { items.append(alarmItem(snapshot, now: now, zone: zone, locale: locale)) }
        if items.isEmpty { items.append(TrayMenuItem(key: .noAlarm, label: text(noAlarm), enabled: false)) }
        items.append(TrayMenuItem(key: .separator(1)))
        items.append(TrayMenuItem(key: .action(.checkMachine), label: text(Message("Check this machine…"))))
        return items
    }

    /// The menu's and the tooltip's title when nothing is set.
    static let noAlarm = Message("No alarm set")
    /// The menu item that opens the challenge: a verb on a menu, as the notification's button is.
    static let dismissLabel = Message(context: "menu", "Dismiss…")

    /// "Mon 07:00 · Wake up · in 8 h 12 min", with what can be done to it in a submenu.
    private static func alarmItem(_ snapshot: AlarmSnapshot, now: Instant, zone: ZoneRules, locale: UserLocale) -> TrayMenuItem {
        let text = locale.translator
        let alarm = snapshot.alarm
        let fire = snapshot.nextFire ?? now
        let when = TimeUntil.wallText(of: fire, now: now, zone: zone, style: locale.timeStyle)
        var parts = [snapshot.snoozed ? text(Message("Snoozed until {time}", ["time": when])) : when, text(alarm.displayName),
                     text(TimeUntil.message(from: now, to: fire))]
        if let note = heldNote(snapshot, now: now, zone: zone, style: locale.timeStyle) { parts.append(text(note)) }
        var item = TrayMenuItem(key: .alarm(alarm.id), label: parts.joined(separator: " · "))
        if snapshot.snoozed {
            item.children = [TrayMenuItem(key: .action(.dismiss(alarm.id)), label: text(dismissLabel))]
        } else if alarm.isRepeating {
            item.children = [
                alarm.skippedOccurrence == nil
                    ? TrayMenuItem(key: .action(.skip(alarm.id)), label: text(Message(context: "menu", "Skip next")))
                    : TrayMenuItem(key: .action(.unskip(alarm.id)), label: text(Message(context: "menu", "Unskip"))),
                alarm.pausedUntil == nil
                    ? TrayMenuItem(key: .action(.pause(alarm.id)), label: text(Message(context: "menu", "Pause for a week")))
                    : TrayMenuItem(key: .action(.resume(alarm.id)), label: text(Message(context: "menu", "Resume"))),
            ]
        }
        return item
    }

    /// "paused, rings again from Mon 11 Jan; skips Mon 07:00": what holds the alarm back, in the
    /// CLI's words (`SkipPauseNote`); nil when nothing does.
    static func heldNote(_ snapshot: AlarmSnapshot, now: Instant, zone: ZoneRules, style: TimeStyle) -> Message? {
        SkipPauseNote.message(pausedUntil: snapshot.alarm.pausedUntil, skipped: snapshot.skippedOccurrence,
                              nextFire: snapshot.nextFire, snoozed: snapshot.snoozed, now: now, zone: zone, style: style)
    }

    /// `Mon 2027-01-11` (`Mo 2027-01-11`): the weekday as the reader writes it, the date in ISO.
    static func dayText(_ date: CivilDate, style: TimeStyle) -> String {
        "\(style.weekday(date.weekday)) \(date)"
    }
}
