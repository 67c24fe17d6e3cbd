import ReveilleDomain
import ReveilleModel
import ReveilleTime

extension AgentCore {
    /// Adds an alarm from the configured defaults and `changes`; `time` is required.
    public func add(_ changes: AlarmChanges) throws(AgentError) -> AlarmID {
        guard let time = changes.time else { throw .invalidArgument("an alarm needs a time (HH:MM)") }
        guard alarms.count < Alarm.maximumCount else { throw .limitReached(alarms: Alarm.maximumCount) }
        var all = config.defaults
        all.merge(changes)
        if all.challenges == nil { all.challenges = [.new(.math(difficulty: .medium, timeLimit: config.mathTimeLimit))] }
        let id = AlarmID.random(using: &random)
        var alarm = try all.apply(to: Alarm(id: id, time: time), using: &random)
        alarm = withMathLimit(alarm)
        alarm = try dated(alarm, explicitDate: changes.date != nil)
        try commit(alarm)
        return id
    }

    public func update(_ id: AlarmID, _ changes: AlarmChanges) throws(AgentError) {
        let old = try alarm(id)
        try refuseWhileOpen(id)
        var alarm = try changes.apply(to: old, using: &random)
        if changes.challenges != nil { alarm = withMathLimit(alarm) }
        alarm = try dated(alarm, explicitDate: changes.date != nil)
        try commit(alarm)
    }

    public func remove(_ id: AlarmID) throws(AgentError) {
        _ = try alarm(id)
        try refuseWhileOpen(id)
        do { try world.store.delete(id) } catch { throw .failed("cannot delete the alarm: \(error)") }
        alarms[id] = nil
        nextFires[id] = nil
        lastOccurrences[id] = nil
        emit(.alarmsChanged)
        replan()
    }

    public func setEnabled(_ id: AlarmID, _ enabled: Bool) throws(AgentError) {
        var alarm = try alarm(id)
        if !enabled { try refuseWhileOpen(id) }
        guard alarm.isEnabled != enabled else { return }
        alarm.isEnabled = enabled
        // A one-time alarm whose day has passed moves to its next occurrence when enabled again.
        alarm = try dated(alarm, explicitDate: false)
        try commit(alarm)
    }

    // MARK: Helpers

    var now: Instant { world.clock.now() }
    var zone: ZoneRules { world.zone.current() }

    func refuseWhileOpen(_ id: AlarmID) throws(AgentError) {
        if runs[id]?.isOpen == true { throw .alarmActive(id) }
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
        let passed = alarm.isEnabled && ScheduleNextFire().execute(alarm: alarm, now: now, zone: zone) == nil
        if let date = alarm.date, passed, explicitDate {
            throw .invalidArgument("\(date) \(alarm.time) is in the past")
        }
        if alarm.date == nil || passed {
            alarm.date = ScheduleNextFire().nextOccurrenceDate(of: alarm.time, now: now, zone: zone)
        }
        return alarm
    }

    /// Stores an added or changed alarm with its next fire, then adopts it.
    func commit(_ alarm: Alarm) throws(AgentError) {
        let fire = runs[alarm.id] == nil
            ? ScheduleNextFire().execute(alarm: alarm, now: now, zone: zone, last: lastOccurrences[alarm.id]) : nil
        do { try world.store.save(alarm, nextFire: fire) } catch { throw .failed("cannot save the alarm: \(error)") }
        alarms[alarm.id] = alarm
        nextFires[alarm.id] = fire
        emit(.alarmsChanged)
        replan()
    }
}
