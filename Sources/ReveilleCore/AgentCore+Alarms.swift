import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

extension AgentCore {
    /// Adds an alarm from the configured defaults and `changes`; `time` is required. Returns once
    /// the alarm is on disk, as every request that changes alarms does (`saved`).
    public func add(_ changes: AlarmChanges) async throws(AgentError) -> AlarmID {
        var changes = changes
        let due = try relativeDue(&changes)
        guard let time = changes.time else { throw .invalidArgument(Message("an alarm needs a time (HH:MM)")) }
        guard entries.count < Alarm.maximumCount else { throw .limitReached(alarms: Alarm.maximumCount) }
        var all = config.defaults
        all.merge(changes)
        if all.challenges == nil { all.challenges = [.new(.math(difficulty: .medium, timeLimit: config.mathTimeLimit))] }
        let id = AlarmID.random(using: &random)
        var alarm = try all.apply(to: Alarm(id: id, time: time), using: &random)
        alarm = withMathLimit(alarm)
        if due == nil { alarm = try dated(alarm, explicitDate: changes.date != nil) }
        try requireCards(of: alarm)
        try await saved(commit(alarm, due: alarm.isEnabled ? due : nil))
        return id
    }

    /// `in_seconds` becomes the local wall time and date of that instant; the instant itself is returned,
    /// because in the hour a fall-back shows twice the wall time alone would name the earlier one.
    private func relativeDue(_ changes: inout AlarmChanges) throws(AgentError) -> Instant? {
        guard let seconds = changes.inSeconds else { return nil }
        guard changes.time == nil, changes.date == nil else {
            throw .invalidArgument(Message("in_seconds cannot go with time or date"))
        }
        guard changes.repeatDays?.isEmpty ?? true else { throw .invalidArgument(Message("in_seconds is for one-time alarms; it cannot go with repeat")) }
        let due = now.adding(seconds: seconds)
        let local = zone.localDateTime(at: due)
        changes.time = local.time
        changes.date = local.date
        changes.repeatDays = []
        return due
    }

    public func update(_ id: AlarmID, _ changes: AlarmChanges) async throws(AgentError) {
        guard changes.inSeconds == nil else { throw .invalidArgument(Message("in_seconds is for AddAlarm only")) }
        let old = try alarm(id)
        try refuseWhileOpen(id)
        var alarm = try changes.apply(to: old, using: &random)
        if changes.challenges != nil { alarm = withMathLimit(alarm) }
        // Before `dated`: a one-time alarm moved before its pause is planned without the pause.
        alarm = SkipAndPause().afterEdit(alarm, from: old)
        alarm = try dated(alarm, explicitDate: changes.date != nil)
        if changes.challenges != nil { try requireCards(of: alarm) }
        try await saved(commit(alarm))
    }

    public func remove(_ id: AlarmID) async throws(AgentError) {
        _ = try alarm(id)
        try refuseWhileOpen(id)
        if entries.removeValue(forKey: id)?.preparedSound != nil { world.sound.release(id) }
        let ticket = persistDeleted(id)
        emit(.alarmsChanged)
        replan()
        try await saved(ticket)
    }

    public func setEnabled(_ id: AlarmID, _ enabled: Bool) async throws(AgentError) {
        let old = try alarm(id)
        if !enabled { try refuseWhileOpen(id) }
        guard old.isEnabled != enabled else { return }
        var alarm = old
        alarm.isEnabled = enabled
        alarm = SkipAndPause().afterEdit(alarm, from: old)
        // A one-time alarm whose day has passed moves to its next occurrence when enabled again.
        alarm = try dated(alarm, explicitDate: false)
        try await saved(commit(alarm))
    }

    // MARK: Helpers

    var now: Instant { world.clock.now() }
    var zone: ZoneRules { world.zone.current() }

    func refuseWhileOpen(_ id: AlarmID) throws(AgentError) {
        if entries[id]?.run?.record.isOpen == true { throw .alarmActive(id) }
    }

    /// Math challenges take the configured time limit.
    private func withMathLimit(_ alarm: Alarm) -> Alarm {
        var alarm = alarm
        alarm.challenges = alarm.challenges.map { challenge in
            guard case .math(let level, _) = challenge.params else { return challenge }
            return Challenge(id: challenge.id, params: .math(difficulty: level, timeLimit: config.mathTimeLimit),
                             orderIndex: challenge.orderIndex)
        }
        return alarm
    }

    /// A one-time alarm without a date gets the date of its next occurrence, and so does one
    /// whose time was moved into the past; a date given explicitly must lie ahead.
    private func dated(_ alarm: Alarm, explicitDate: Bool) throws(AgentError) -> Alarm {
        var alarm = alarm
        guard alarm.repeatDays.isEmpty else { return alarm }
        let passed = alarm.isEnabled
            && ScheduleNextFire().execute(alarm: alarm, now: now, zone: zone, last: nil, planned: entries[alarm.id]?.nextFire) == nil
        if let date = alarm.date, passed, explicitDate {
            throw .invalidArgument(Message("{date} {time} is in the past", ["date": "\(date)", "time": "\(alarm.time)"]))
        }
        if alarm.date == nil || passed {
            alarm.date = ScheduleNextFire().nextOccurrenceDate(of: alarm.time, now: now, zone: zone)
        }
        return alarm
    }

    /// Adopts an added or changed alarm with its next fire, and stores it; returns the write's ticket.
    func commit(_ alarm: Alarm, due: Instant? = nil) -> WriteQueue.Ticket? {
        let entry = entries[alarm.id]
        let fire = entry?.run == nil
            ? due ?? ScheduleNextFire().execute(alarm: alarm, now: now, zone: zone, last: entry?.lastOccurrence,
                                               planned: entry?.nextFire) : nil
        entries[alarm.id, default: AlarmEntry(alarm: alarm)].alarm = alarm
        entries[alarm.id]?.nextFire = fire
        let ticket = persistAlarm(alarm.id, ticketed: true)
        emit(.alarmsChanged)
        replan()
        return ticket
    }
}
