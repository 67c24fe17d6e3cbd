import ReveilleDomain
import ReveilleTime

extension AgentCore {
    /// Handles everything that has come due, then arms the timer for what comes next.
    ///
    /// Called when the wake timer fires, when the clock jumps, at start and on resume.
    public func wake() {
        let now = self.now
        // Every alarm due now is signalled and shown before any of them is written down.
        effectsFirst {
            for run in runs.values {
                if let until = run.snoozedUntil, until <= now { ring(run.alarmId, at: now) }
                if let due = run.wakeCheckDue { checkAwake(run.alarmId, due: due) }
            }
            for (id, fire) in nextFires where fire <= now {
                if now.seconds(since: fire) <= config.lateGrace {
                    remember(.rang(fire), of: id)
                    ring(id, at: now)
                } else {
                    miss(id, at: fire)
                }
            }
        }
        for (id, session) in sessions {
            guard let alarm = alarms[id], let fresh = flow.expire(session, of: alarm.challenges, now: now, using: &random)
            else { continue }
            record(id, fresh.events, session: fresh.session)
            emit(.challengeChanged(id))
        }
        retryWritesIfDue()
        for (id, end) in lockoutEnds where end <= now {
            lockoutEnds[id] = nil
            emit(.challengeChanged(id))
        }
        for run in runs.values where run.isRinging && !nudged.contains(run.alarmId) && sessions[run.alarmId] == nil {
            if ShouldSendNudge().execute(firedAt: run.rangAt, threshold: config.nudgeAfter, now: now) { nudge(run.alarmId) }
        }
        replan()
    }

    /// The zone changed: every planned occurrence is computed again.
    public func zoneChanged() {
        planAgain()
    }

    /// Arms the wake timer at the earliest thing that will need the core, and publishes properties.
    func replan() {
        var deadlines: [Instant] = Array(nextFires.values)
        for run in runs.values {
            if let until = run.snoozedUntil { deadlines.append(until) }
            if run.isRinging, !nudged.contains(run.alarmId), sessions[run.alarmId] == nil {
                deadlines.append(run.rangAt.adding(seconds: config.nudgeAfter))
            }
        }
        // A problem expires the second after its deadline: an answer at the deadline still counts.
        deadlines += sessions.values.compactMap { $0.deadline?.adding(seconds: 1) }
        deadlines += lockoutEnds.values
        deadlines += wakeCheckDeadlines()
        if let retry = database.retryAt { deadlines.append(retry) }
        if let start = guardSleep() { deadlines.append(start) }
        deadlines += prepareRings()
        world.timer.arm(at: deadlines.min())
        publish()
    }

    /// Gets the rings due within `PrepareRing.lead` ready: their sound, their notification and
    /// their `Ringing` signal (`ringingSoon`). Drops what was made for rings that moved or
    /// changed, and returns when the next preparations are due.
    private func prepareRings() -> [Instant] {
        let rule = PrepareRing()
        var upcoming: [AlarmID: (due: Instant, snoozeCount: Int)] = [:]
        for (id, due) in nextFires { upcoming[id] = (due, 0) }
        for run in runs.values { if let until = run.snoozedUntil { upcoming[run.alarmId] = (until, run.snoozeCount) } }
        func sound(_ id: AlarmID) -> PreparedSound? {
            guard let next = upcoming[id], let alarm = alarms[id] else { return nil }
            return PreparedSound(due: next.due, sound: alarm.sound, volume: alarm.volume)
        }
        func notification(_ id: AlarmID) -> PreparedNotification? {
            guard let next = upcoming[id], let alarm = alarms[id] else { return nil }
            return PreparedNotification(due: next.due, snoozeCount: next.snoozeCount,
                                        notification: ringNotification(alarm, snoozeCount: next.snoozeCount))
        }
        for (id, prepared) in preparedSounds where sound(id) != prepared {
            preparedSounds[id] = nil
            world.sound.release(id)
        }
        for (id, prepared) in preparedNotifications where notification(id) != prepared {
            preparedNotifications[id] = nil
            world.notifier.release(id)
        }
        var later: [Instant] = []
        for (id, next) in upcoming where preparedSounds[id] == nil || preparedNotifications[id] == nil {
            guard rule.isDue(next.due, now: now) else {
                if rule.at(next.due) > now { later.append(rule.at(next.due)) }
                continue
            }
            if preparedSounds[id] == nil, let prepared = sound(id) {
                preparedSounds[id] = prepared
                world.sound.prepare(id, sound: prepared.sound, volume: prepared.volume)
            }
            if preparedNotifications[id] == nil, let prepared = notification(id) {
                preparedNotifications[id] = prepared
                world.notifier.prepare(id, prepared.notification, at: prepared.due, onAction: notificationActions(of: id))
                emit(.ringingSoon(id, label: prepared.notification.summary, snoozeCount: prepared.snoozeCount))
            }
        }
        return later
    }

    /// Holds or releases the idle-suspend inhibitor; returns when it must be taken next, if not now.
    private func guardSleep() -> Instant? {
        let nextRing = (Array(nextFires.values) + runs.values.compactMap(\.snoozedUntil)).min()
        // An open run that is not snoozed rings or is being dismissed: the user is needed now.
        let ringingNow = runs.values.contains { $0.isOpen && $0.snoozedUntil == nil }
        let decision = ShouldKeepAwake()
        let canWake = world.timer.wakesFromSuspend
        if decision.execute(nextRing: nextRing, ringingNow: ringingNow, window: config.keepAwake,
                            timerWakesMachine: canWake, now: now) {
            world.sleepGuard.hold()
            return nil
        }
        world.sleepGuard.release()
        return decision.startOfWindow(nextRing: nextRing, window: config.keepAwake, timerWakesMachine: canWake)
    }

    /// Starts ringing: a new run, or the next ring of a snoozed one.
    func ring(_ id: AlarmID, at now: Instant) {
        guard let alarm = alarms[id] else { return }
        if runs[id] == nil {
            // A planned occurrence is due at its instant; a triggered one when it was triggered.
            dues[id] = nextFires[id].flatMap { $0 <= now ? $0 : nil } ?? now
        }
        var run = runs[id] ?? AlarmRun(alarmId: id, startedAt: now)
        if run.due == nil { run.due = dues[id] }
        ApplyRunEvent().reduce(run: &run, event: .alarmFired(at: now))
        let wasPlanned = nextFires[id] != nil
        runs[id] = run
        nextFires[id] = nil
        nudged.remove(id)
        // The sound and the notification take over what was prepared for this ring.
        preparedSounds[id] = nil
        preparedNotifications[id] = nil
        effectsFirst {
            // What the user and the clients wait for goes out first; the disk and the hook after.
            emit(.ringing(id, label: alarm.displayLabel, snoozeCount: run.snoozeCount))
            startRingingEffects(id)
            // Rings whether or not these writes succeed: a failed one is retried.
            persist(run, session: sessions[id])
            if wasPlanned { persistAlarm(id) }
            runHook(.ring, id, due: due(of: run), snoozeCount: run.snoozeCount)
        }
    }

    /// An occurrence too late to ring: recorded, told (once, however often the clock crosses it),
    /// and the alarm moves on.
    func miss(_ id: AlarmID, at fire: Instant) {
        guard var alarm = alarms[id] else { return }
        let toldBefore = lastOccurrences[id] == .missed(fire)
        if !toldBefore {
            persistMissed(id, at: fire)
            remember(.missed(fire), of: id)
        }
        if alarm.repeatDays.isEmpty { alarm.isEnabled = false }
        let next = ScheduleNextFire().execute(alarm: alarm, now: now, zone: zone, last: lastOccurrences[id])
        alarms[id] = alarm
        nextFires[id] = next
        persistAlarm(id)
        pruneHistory()
        guard !toldBefore else { return emit(.alarmsChanged) }
        let local = zone.localDateTime(at: fire)
        world.notifier.notice(summary: "Missed alarm: \(alarm.displayLabel)",
                              body: "It was due at \(local.time) on \(local.date), while Reveille could not ring it.")
        runHook(.missed, id, due: fire, snoozeCount: 0)
        emit(.alarmsChanged)
    }

    func nudge(_ id: AlarmID) {
        guard alarms[id] != nil else { return }
        nudged.insert(id)
        // Full volume, not the alarm's: once the fade-in has ended the alarm's volume is what
        // already plays, and nobody reacted to it.
        world.sound.raise(id, volume: 1.0)
        showNotification(id)
    }
}

/// A ring the sound was asked to get ready for: what it plays, and when.
struct PreparedSound: Equatable {
    var due: Instant
    var sound: String
    var volume: Double
}

/// A ring the notifier was asked to get ready for: what it shows, and when.
struct PreparedNotification: Equatable {
    var due: Instant
    var snoozeCount: Int
    var notification: RingNotification
}
