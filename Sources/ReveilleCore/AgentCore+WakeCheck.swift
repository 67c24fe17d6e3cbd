import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

extension AgentCore {
    /// "I'm up": answers the alarm's pending wake-up check, which closes its run.
    /// An alarm with no pending check answers `notRinging`.
    public func confirmAwake(_ id: AlarmID) throws(AgentError) {
        _ = try alarm(id)
        guard var run = entries[id]?.run?.record, run.wakeCheckDue != nil else { throw .notRinging(id) }
        ApplyRunEvent().reduce(run: &run, event: .dismissalCompleted(at: now))
        world.notifier.close(id)
        close(id, run, silencing: false)
        emit(.alarmsChanged)
        replan()
    }

    /// Asks "Still up?" once the check is due, and rings the alarm again, in the same run and
    /// with its whole stack, once the question has gone unanswered.
    func checkAwake(_ id: AlarmID, due: Instant) {
        switch wakeCheckState(due: due) {
        case .waiting: return
        case .asking:
            guard let entry = entries[id], entry.run?.wakeCheckAsked == false else { return }
            let alarm = entry.alarm
            entries[id]?.run?.wakeCheckAsked = true
            let question = RingNotification(
                summary: Message("Still up?"),
                body: Message("{label} rings again unless you answer within a minute.", messages: ["label": alarm.displayName]),
                snoozeLabel: nil, dismissLabel: Message(context: "button", "I'm up"))
            let onAction: @Sendable (String) -> Void = { [weak self] key in
                self?.inbox.yield(.notificationAction(id, key))
            }
            world.notifier.show(id, question, onAction: onAction)
        case .unanswered:
            entries[id]?.run?.wakeCheckAsked = false
            ring(id, at: now)
        case .lapsed:
            lapse(id, due: due)
        }
    }

    /// A check that came due while the machine slept or was off, too long ago to ring for: the
    /// dismissal stands and the run closes, as with "I'm up", and a notice says so. `wake()` replans after.
    private func lapse(_ id: AlarmID, due: Instant) {
        guard let entry = entries[id], var run = entry.run?.record else { return }
        ApplyRunEvent().reduce(run: &run, event: .dismissalCompleted(at: now))
        world.notifier.close(id)
        close(id, run, silencing: false)
        let local = zone.localDateTime(at: due)
        world.notifier.notice(
            summary: Message("Wake-up check skipped: {label}", messages: ["label": entry.alarm.displayName]),
            body: Message("\"Still up?\" was due at {time} on {date}, while Reveille could not ask it. That is longer ago than late_grace, so the alarm does not ring again.",
                          ["time": timeStyle().time(local.time), "date": "\(local.date)"]))
        emit(.alarmsChanged)
    }

    /// `late_grace` applies as to an alarm: only to a check whose minute ended while nobody watched.
    private func wakeCheckState(due: Instant) -> WakeCheck.State {
        let expiry = due.adding(seconds: WakeCheck.answerSeconds)
        return WakeCheck().state(due: due, now: now, lateGrace: config.lateGrace, watched: vigil.watched(expiry))
    }

    /// When each pending wake-up check next needs the core.
    func wakeCheckDeadlines() -> [Instant] {
        entries.values.compactMap { entry in
            guard let due = entry.run?.record.wakeCheckDue else { return nil }
            switch wakeCheckState(due: due) {
            case .waiting(let until), .asking(let until): return until
            case .unanswered, .lapsed: return now
            }
        }
    }
}
