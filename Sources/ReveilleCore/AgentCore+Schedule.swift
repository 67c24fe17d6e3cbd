import ReveilleDomain
import ReveilleText
import ReveilleTime

extension AgentCore {
    /// Handles everything that has come due, then arms the timer for what comes next.
    ///
    /// Called when the wake timer fires, when the clock jumps, at start and on resume.
    public func wake() {
        let now = self.now
        vigil.check(asleep: world.clock.secondsAsleep(), now: now)
        // Every alarm due now is signalled and shown before any of them is written down.
        effectsFirst {
            for entry in entries.values {
                guard let run = entry.run?.record else { continue }
                if let until = run.snoozedUntil, until <= now { ring(run.alarmId, at: now) }
                if let due = run.wakeCheckDue { checkAwake(run.alarmId, due: due) }
            }
            for (id, entry) in entries {
                guard let fire = entry.nextFire, fire <= now else { continue }
                // A running, awake agent that got to it late still rings it: late_grace is for
                // a machine that was off or asleep, an agent not running, a clock set forward.
                if vigil.watched(fire) || now.seconds(since: fire) <= config.lateGrace {
                    remember(.rang(fire), of: id)
                    ring(id, at: now)
                } else {
                    miss(id, at: fire)
                }
            }
        }
        for (id, entry) in entries {
            guard let session = entry.run?.session,
                  let fresh = flow.expire(session, of: entry.alarm.challenges, now: now, using: &random)
            else { continue }
            record(id, fresh.events, session: fresh.session)
            emit(.challengeChanged(id))
        }
        retryWritesIfDue()
        for (id, entry) in entries {
            guard let end = entry.run?.lockoutEnd, end <= now else { continue }
            entries[id]?.run?.lockoutEnd = nil
            emit(.challengeChanged(id))
        }
        for (id, entry) in entries {
            guard let run = entry.run, run.record.isRinging, !run.nudged, run.session == nil else { continue }
            if ShouldSendNudge().execute(firedAt: run.record.rangAt, threshold: config.nudgeAfter, now: now) { nudge(id) }
        }
        capRuns()
        spendSkipsAndPauses()
        replan()
    }

    /// The zone changed: every planned occurrence is computed again.
    public func zoneChanged() {
        planAgain()
    }

    /// Arms the wake timer at the earliest thing that will need the core, and publishes properties.
    func replan() {
        var deadlines: [Instant] = []
        for entry in entries.values {
            if let fire = entry.nextFire { deadlines.append(fire) }
            guard let run = entry.run else { continue }
            if let until = run.record.snoozedUntil { deadlines.append(until) }
            if run.record.isRinging, !run.nudged, run.session == nil {
                deadlines.append(run.record.rangAt.adding(seconds: config.nudgeAfter))
            }
            // A problem expires the second after its deadline: an answer at the deadline still counts.
            if let deadline = run.session?.deadline { deadlines.append(deadline.adding(seconds: 1)) }
            if let end = run.lockoutEnd { deadlines.append(end) }
        }
        deadlines += wakeCheckDeadlines()
        deadlines += skipAndPauseDeadlines()
        // Before the wake and the inhibitors are planned: a hook that ran moves what they are for.
        deadlines += runBeforeRingHooks()
        if let retry = database.retryAt { deadlines.append(retry) }
        if let start = guardSleep() { deadlines.append(start) }
        deadlines += planWake()
        deadlines += prepareRings()
        world.timer.arm(at: deadlines.min())
        publish()
    }

    /// Gets the sound of each ring due within `PrepareRing.lead` ready. Drops what was made for
    /// rings that moved or changed, and returns when the next preparations are due.
    private func prepareRings() -> [Instant] {
        let rule = PrepareRing()
        var later: [Instant] = []
        for (id, entry) in entries {
            // A snoozed run rings again at its snooze's end; an alarm without a run at its next fire.
            let due = entry.run.map { $0.record.snoozedUntil } ?? entry.nextFire
            let wanted = due.map { PreparedSound(due: $0, sound: entry.alarm.sound, volume: entry.alarm.volume) }
            if let prepared = entry.preparedSound, prepared != wanted {
                entries[id]?.preparedSound = nil
                world.sound.release(id)
            }
            guard let due, let wanted, entries[id]?.preparedSound == nil else { continue }
            guard rule.isDue(due, now: now) else {
                if rule.at(due) > now { later.append(rule.at(due)) }
                continue
            }
            entries[id]?.preparedSound = wanted
            world.sound.prepare(id, sound: wanted.sound, volume: wanted.volume)
        }
        return later
    }

    /// Holds or releases the idle-suspend inhibitor; returns when it must be taken next, if not now.
    private func guardSleep() -> Instant? {
        // A before-ring hook still to run needs the machine up as much as the ring does.
        let nextRing = (entries.values.compactMap { $0.run?.record.snoozedUntil ?? $0.nextFire } + beforeRingPending).min()
        // An open run that is not snoozed rings or is being dismissed: the user is needed now.
        let ringingNow = entries.values.contains { $0.run.map { $0.record.isOpen && $0.record.snoozedUntil == nil } ?? false }
        let decision = ShouldKeepAwake()
        let canWake = machineCanWake
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
        guard let entry = entries[id] else { return }
        let alarm = entry.alarm
        var run = entry.run ?? RunState(record: AlarmRun(alarmId: id, startedAt: now))
        if entry.run == nil {
            // A planned occurrence is due at its instant; a triggered one when it was triggered.
            run.record.due = entry.nextFire.flatMap { $0 <= now ? $0 : nil } ?? now
        }
        ApplyRunEvent().reduce(run: &run.record, event: .alarmFired(at: now))
        run.nudged = false
        let wasPlanned = entry.nextFire != nil
        entries[id]?.run = run
        entries[id]?.nextFire = nil
        // The sound takes over what was prepared for this ring.
        entries[id]?.preparedSound = nil
        let record = run.record
        effectsFirst {
            // What the user and the clients wait for goes out first; the disk and the hook after.
            emit(.ringing(id, label: alarm.displayLabel, snoozeCount: record.snoozeCount))
            startRingingEffects(id)
            // Rings whether or not these writes succeed: a failed one is retried.
            persist(record, session: run.session)
            if wasPlanned { persistAlarm(id) }
            runHook(.ring, id, due: due(of: record), snoozeCount: record.snoozeCount)
        }
    }

    /// An occurrence too late to ring: recorded, told (once, however often the clock crosses it),
    /// and the alarm moves on.
    func miss(_ id: AlarmID, at fire: Instant) {
        guard var alarm = entries[id]?.alarm else { return }
        let toldBefore = entries[id]?.lastOccurrence == .missed(fire)
        if !toldBefore {
            persistMissed(id, at: fire)
            remember(.missed(fire), of: id)
        }
        if alarm.repeatDays.isEmpty { alarm.isEnabled = false }
        let next = ScheduleNextFire().execute(alarm: alarm, now: now, zone: zone, last: entries[id]?.lastOccurrence)
        entries[id]?.alarm = alarm
        entries[id]?.nextFire = next
        persistAlarm(id)
        pruneHistory()
        guard !toldBefore else { return emit(.alarmsChanged) }
        let local = zone.localDateTime(at: fire)
        world.notifier.notice(summary: Message("Missed alarm: {label}", messages: ["label": alarm.displayName]),
                              body: Message("It was due at {time} on {date}, while Reveille could not ring it.",
                                            ["time": timeStyle().time(local.time), "date": "\(local.date)"]))
        runHook(.missed, id, due: fire, snoozeCount: 0)
        emit(.alarmsChanged)
    }

    func nudge(_ id: AlarmID) {
        guard entries[id]?.run != nil else { return }
        entries[id]?.run?.nudged = true
        // Full volume, not the alarm's: once the fade-in has ended the alarm's volume is what
        // already plays, and nobody reacted to it.
        world.sound.raise(id, volume: 1.0)
        showNotification(id)
    }
}
