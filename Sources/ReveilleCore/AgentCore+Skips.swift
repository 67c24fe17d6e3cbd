import ReveilleDomain
import ReveilleModel
import ReveilleTime

/// Skipping an alarm's next occurrence and pausing it until a date (`SkipAndPause`). Each request
/// answers once the change is on disk; a skip whose occurrence has passed and a pause whose date
/// has come are cleared at that instant, from the wake timer.
extension AgentCore {
    /// Skips the alarm's next occurrence that would ring; a skip already set is kept (asking twice
    /// skips one occurrence). Refused while the alarm's run is open: no new way out of a ringing alarm.
    public func skipNext(_ id: AlarmID) async throws(AgentError) {
        let old = try alarm(id)
        try refuseWhileOpen(id)
        let alarm = try refused { () throws(SkipAndPause.Refusal) in
            try SkipAndPause().skip(old, now: now, zone: zone, last: entries[id]?.lastOccurrence)
        }
        guard alarm != old else { return }
        try await saved(commit(alarm))
    }

    /// Lets the skipped occurrence ring again. Allowed while the run is open: it only adds a ring.
    public func unskipNext(_ id: AlarmID) async throws(AgentError) {
        let old = try alarm(id)
        let alarm = SkipAndPause().unskip(old)
        guard alarm != old else { return }
        try await saved(commit(alarm))
    }

    /// Holds every occurrence before `date` (those on it ring); nil resumes the alarm. Pausing is
    /// refused while the run is open; resuming is not, since it only adds rings.
    public func pauseUntil(_ id: AlarmID, _ date: CivilDate?) async throws(AgentError) {
        let old = try alarm(id)
        if date != nil { try refuseWhileOpen(id) }
        let alarm = try refused { () throws(SkipAndPause.Refusal) in
            try SkipAndPause().pause(old, until: date, now: now, zone: zone)
        }
        guard alarm != old else { return }
        try await saved(commit(alarm))
    }

    /// Clears every skip whose occurrence has passed and every pause whose date has come, and stores
    /// them. A spent skip is remembered as the alarm's last occurrence: set back, the clock does not
    /// bring the skipped occurrence back to ring.
    func spendSkipsAndPauses() {
        let now = self.now, zone = self.zone
        var changed = false
        for (id, entry) in entries where entry.alarm.skippedOccurrence != nil || entry.alarm.pausedUntil != nil {
            let alarm = SkipAndPause().spent(entry.alarm, now: now, zone: zone)
            guard alarm != entry.alarm else { continue }
            if let skipped = entry.alarm.skippedOccurrence, alarm.skippedOccurrence == nil {
                let at = zone.instant(for: skipped)
                // Never over a later occurrence that rang or was missed while the clock ran past both.
                if entry.lastOccurrence.map({ $0.at < at }) ?? true { remember(.skipped(at), of: id) }
            }
            entries[id]?.alarm = alarm
            persistAlarm(id)
            changed = true
        }
        if changed { emit(.alarmsChanged) }
    }

    /// When the next skip or pause is spent, for the wake timer.
    func skipAndPauseDeadlines() -> [Instant] {
        let zone = self.zone
        return entries.values.compactMap { SkipAndPause().expiry(of: $0.alarm, zone: zone) }
    }

    private func refused(_ body: () throws(SkipAndPause.Refusal) -> Alarm) throws(AgentError) -> Alarm {
        do { return try body() } catch { throw .invalidArgument(error.message) }
    }
}
