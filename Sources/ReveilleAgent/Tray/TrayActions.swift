import Gettext
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

extension Tray {
    /// Runs what a menu item asks for. Snooze and Dismiss go the way of the notification's buttons
    /// (the core's inbox, `notificationAction`), so the tray can silence nothing the notification
    /// could not; a skip or a pause is confirmed by a notice whose Undo does the inverse. What
    /// they change reaches the look through the core's events; only the machine's check, which no
    /// event follows, refreshes it here.
    func perform(_ action: TrayAction) async {
        switch action {
        case .snooze(let id): core.inbox.yield(.notificationAction(id, "snooze"))
        case .dismiss(let id): core.inbox.yield(.notificationAction(id, "dismiss"))
        case .skip(let id): await change(id, .skip)
        case .unskip(let id): await change(id, .unskip)
        case .pause(let id):
            let until = zone.current().localDateTime(at: clock.now()).date.adding(days: TrayMenu.pauseDays)
            await change(id, .pause(until))
        case .resume(let id): await change(id, .pause(nil))
        case .checkMachine:
            await checkMachine()
            requestRefresh()
        }
    }

    /// A change of an alarm the tray offers, and its inverse.
    enum Change: Equatable, Sendable {
        case skip
        case unskip
        /// Pauses until the date, or resumes for nil.
        case pause(CivilDate?)
    }

    /// Makes `change` and confirms it in a notice that offers Undo; a refusal is told in a notice.
    private func change(_ id: AlarmID, _ change: Change) async {
        let before: Alarm
        do {
            before = try await core.get(id).alarm
            try await apply(change, to: id)
        } catch {
            return notifier.notice(summary: Message("Reveille cannot do that"), body: error.message)
        }
        let locale = locale()
        let after = try? await core.get(id)
        let undo: Change = switch change {
        case .skip: .unskip
        case .unskip: .skip
        case .pause: .pause(before.pausedUntil)
        }
        let confirmation = Self.confirmation(change, of: before.displayName, style: locale.timeStyle)
        let next = after?.nextFire.map {
            Message("Next ring: {time}", ["time": TimeUntil.wallText(of: $0, now: clock.now(), zone: zone.current(), style: locale.timeStyle)])
        }
        let undoLabel = locale.translator(Message(context: "notice button", "Undo"))
        notifier.notice(summary: confirmation, body: next ?? Message("No ring is planned."), action: NoticeAction(label: undoLabel) { [self] in
            Task { [self] in
                do { try await apply(undo, to: id) } catch {
                    Log.shared.warning("cannot undo '\(confirmation.english)': \(error)")
                }
            }
        })
    }

    private func apply(_ change: Change, to id: AlarmID) async throws(AgentError) {
        switch change {
        case .skip: try await core.skipNext(id)
        case .unskip: try await core.unskipNext(id)
        case .pause(let date): try await core.pauseUntil(id, date)
        }
    }

    /// "Wake up is paused until Mon 2027-01-11": what a change did, for its notice.
    static func confirmation(_ change: Change, of label: Message, style: TimeStyle) -> Message {
        switch change {
        case .skip: Message("{label}: the next occurrence is skipped", messages: ["label": label])
        case .unskip: Message("{label}: the skipped occurrence rings again", messages: ["label": label])
        case .pause(let date?): Message("{label} is paused until {day}", ["day": TrayMenu.dayText(date, style: style)], messages: ["label": label])
        case .pause(nil): Message("{label} is no longer paused", messages: ["label": label])
        }
    }

    /// "Check this machine…": `reveille doctor`'s verdict, from Preflight, in a notice.
    private func checkMachine() async {
        let result = await core.preflight()
        let text = locale().translator
        let details = await core.preflightDetails(rendering: { text($0) })
        let notes = result.reasons.compactMap { details[$0] }
        let summary = !result.ok ? Message("Alarms cannot ring on this machine")
            : notes.isEmpty ? Message("This machine is ready to ring alarms") : Message("Alarms can ring, with notes")
        let ready = notes.isEmpty
            ? [text(Message("Everything alarms need is here: notifications with actions, sound, a terminal and the database."))] : []
        let wake = details[PreflightNotes.wakeStateKey].map { [$0] } ?? []
        notifier.notice(summary: summary, body: .verbatim((notes + ready + wake).joined(separator: "\n")))
    }
}
