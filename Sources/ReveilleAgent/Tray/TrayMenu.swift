import ReveilleDomain
import ReveilleModel
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

/// The menu for the alarms as they are when the host asks for it: the "in …" is computed then.
enum TrayMenu {
    /// Upcoming alarms shown at most.
    static let maximumAlarms = 5
    /// Days a "Pause for a week" holds an alarm, today among them: it rings again from the same day next week.
    static let pauseDays = 7

    static func items(alarms: [AlarmSnapshot], now: Instant, zone: ZoneRules) -> [TrayMenuItem] {
        var items: [TrayMenuItem] = []
        for snapshot in alarms where snapshot.ringing {
            let id = snapshot.alarm.id
            items.append(TrayMenuItem(key: .ringing(id), label: "\(snapshot.alarm.displayLabel) is ringing", enabled: false))
            if snapshot.alarm.snooze.snoozesLeft(after: snapshot.snoozeCount) != 0 {
                items.append(TrayMenuItem(key: .action(.snooze(id)), label: "Snooze \(snapshot.alarm.snooze.minutes) min"))
            }
            items.append(TrayMenuItem(key: .action(.dismiss(id)), label: "Dismiss…"))
        }
        let upcoming = alarms
            .filter { !$0.ringing && $0.nextFire != nil && ($0.alarm.isEnabled || $0.snoozed) }
            .sorted { ($0.nextFire!, $0.alarm.id) < ($1.nextFire!, $1.alarm.id) }
            .prefix(maximumAlarms)
        if !items.isEmpty && !upcoming.isEmpty { items.append(TrayMenuItem(key: .separator(0))) }
        for snapshot in upcoming { items.append(alarmItem(snapshot, now: now, zone: zone)) }
        if items.isEmpty { items.append(TrayMenuItem(key: .noAlarm, label: "No alarm set", enabled: false)) }
        items.append(TrayMenuItem(key: .separator(1)))
        items.append(TrayMenuItem(key: .action(.checkMachine), label: "Check this machine…"))
        return items
    }

    /// "Mon 07:00 · Wake up · in 8 h 12 min", with what can be done to it in a submenu.
    private static func alarmItem(_ snapshot: AlarmSnapshot, now: Instant, zone: ZoneRules) -> TrayMenuItem {
        let alarm = snapshot.alarm
        let fire = snapshot.nextFire ?? now
        let when = TimeUntil.wallText(of: fire, now: now, zone: zone)
        var parts = [snapshot.snoozed ? "Snoozed until \(when)" : when, alarm.displayLabel, TimeUntil.text(from: now, to: fire)]
        if let note = heldNote(snapshot, now: now, zone: zone) { parts.append(note) }
        var item = TrayMenuItem(key: .alarm(alarm.id), label: parts.joined(separator: " · "))
        if snapshot.snoozed {
            item.children = [TrayMenuItem(key: .action(.dismiss(alarm.id)), label: "Dismiss…")]
        } else if alarm.isRepeating {
            item.children = [
                alarm.skippedOccurrence == nil
                    ? TrayMenuItem(key: .action(.skip(alarm.id)), label: "Skip next")
                    : TrayMenuItem(key: .action(.unskip(alarm.id)), label: "Unskip"),
                alarm.pausedUntil == nil
                    ? TrayMenuItem(key: .action(.pause(alarm.id)), label: "Pause for a week")
                    : TrayMenuItem(key: .action(.resume(alarm.id)), label: "Resume"),
            ]
        }
        return item
    }

    /// "skips Mon 07:00" or "paused until Mon 11 Jan": what holds the alarm back; nil when nothing does.
    static func heldNote(_ snapshot: AlarmSnapshot, now: Instant, zone: ZoneRules) -> String? {
        let notes = [
            snapshot.alarm.pausedUntil.map { "paused until \(dayText($0))" },
            snapshot.skippedOccurrence.map { "skips " + TimeUntil.wallText(of: $0, now: now, zone: zone) },
        ].compactMap(\.self)
        return notes.isEmpty ? nil : notes.joined(separator: ", ")
    }

    /// `Mon 2027-01-11`.
    static func dayText(_ date: CivilDate) -> String {
        let weekday = date.weekday.shortName
        return "\(weekday.prefix(1).uppercased())\(weekday.dropFirst()) \(date)"
    }
}
