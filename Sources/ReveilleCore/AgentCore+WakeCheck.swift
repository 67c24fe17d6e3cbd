import ReveilleDomain
import ReveilleModel
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
        switch WakeCheck().state(due: due, now: now) {
        case .waiting: return
        case .asking:
            guard let entry = entries[id], entry.run?.wakeCheckAsked == false else { return }
            let alarm = entry.alarm
            entries[id]?.run?.wakeCheckAsked = true
            let question = RingNotification(
                summary: "Still up?", body: "\(alarm.displayLabel) rings again unless you answer within a minute.",
                snoozeLabel: nil, dismissLabel: "I'm up")
            let onAction: @Sendable (String) -> Void = { [weak self] key in
                self?.inbox.yield(.notificationAction(id, key))
            }
            world.notifier.show(id, question, onAction: onAction)
        case .unanswered:
            entries[id]?.run?.wakeCheckAsked = false
            ring(id, at: now)
        }
    }

    /// When each pending wake-up check next needs the core.
    func wakeCheckDeadlines() -> [Instant] {
        entries.values.compactMap { entry in
            guard let due = entry.run?.record.wakeCheckDue else { return nil }
            switch WakeCheck().state(due: due, now: now) {
            case .waiting(let until), .asking(let until): return until
            case .unanswered: return now
            }
        }
    }
}
