import ReveilleDomain
import ReveilleTime

extension AgentCore {
    /// The wall clock was set, or the machine resumed: what came due rings or is reported
    /// missed, and every other alarm is planned again from the clock as it is now.
    public func clockChanged() {
        planAgain()
    }

    /// Plans every alarm without an open run from now, then handles what has come due.
    ///
    /// An instant planned before the clock was set may skip a real occurrence (planned while
    /// the clock ran ahead) or be one already reported missed that lies ahead again, so each is
    /// computed anew. An instant already due is kept: `wake` rings it within `late_grace`, or
    /// reports it missed. A ringing or snoozed run keeps its instants.
    func planAgain() {
        let now = self.now
        let zone = self.zone
        let schedule = ScheduleNextFire()
        var changed = false
        for (id, old) in alarms where runs[id] == nil {
            if let due = nextFires[id], due <= now { continue }
            let last = lastOccurrences[id]
            let alarm = schedule.revived(old, last: last, now: now, zone: zone)
            let fire = schedule.execute(alarm: alarm, now: now, zone: zone, last: last, planned: nextFires[id])
            guard alarm != old || fire != nextFires[id] else { continue }
            alarms[id] = alarm
            nextFires[id] = fire
            persistAlarm(id)
            changed = changed || alarm != old
        }
        if changed { emit(.alarmsChanged) }
        wake()
    }

    /// Keeps the occurrence in memory even when the store cannot (the write is retried): this
    /// session then still neither rings it twice nor reports it twice.
    func remember(_ occurrence: LastOccurrence, of id: AlarmID) {
        lastOccurrences[id] = occurrence
        persistOccurrence(id)
    }
}
