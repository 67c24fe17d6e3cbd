import ReveilleDomain
import ReveilleTime

extension AgentCore {
    /// The wall clock was set, or the machine resumed: what came due rings or is reported
    /// missed, and every other alarm is planned again from the clock as it is now.
    public func clockChanged() {
        goingToSleep = false
        // What the jump or the sleep passed over came due while nobody watched: late_grace decides.
        vigil.end()
        planAgain()
        beginVigil()
    }

    /// The agent watches the clock from now on: an occurrence due from now rings however late.
    func beginVigil() {
        vigil.begin(at: now, asleep: world.clock.secondsAsleep())
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
        for (id, entry) in entries where entry.run == nil {
            if let due = entry.nextFire, due <= now { continue }
            let old = entry.alarm
            let last = entry.lastOccurrence
            let alarm = schedule.revived(old, last: last, now: now, zone: zone)
            let fire = schedule.execute(alarm: alarm, now: now, zone: zone, last: last, planned: entry.nextFire)
            guard alarm != old || fire != entry.nextFire else { continue }
            entries[id]?.alarm = alarm
            entries[id]?.nextFire = fire
            persistAlarm(id)
            changed = changed || alarm != old
        }
        if changed { emit(.alarmsChanged) }
        wake()
    }

    /// Keeps the occurrence in memory even when the store cannot (the write is retried): this
    /// session then still neither rings it twice nor reports it twice.
    func remember(_ occurrence: LastOccurrence, of id: AlarmID) {
        entries[id]?.lastOccurrence = occurrence
        persistOccurrence(id)
    }
}
