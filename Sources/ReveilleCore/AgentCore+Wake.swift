import ReveilleDomain
import ReveilleText
import ReveilleTime

/// Waking the machine for alarms, and keeping it up while one rings (issue 20, sections 2 and 3).
extension AgentCore {
    /// The earliest moment the core must be awake for: an alarm's next fire, a snooze's end, a
    /// wake-up check's question or second ring, a before-ring hook still to run.
    var awakeFor: Instant? {
        let rings = entries.values.compactMap { $0.run.map { $0.record.snoozedUntil } ?? $0.nextFire }
        return (rings + wakeCheckDeadlines() + beforeRingPending).min()
    }

    /// When the ring of the earliest ringing run began; nil when none rings.
    private var ringingSince: Instant? {
        entries.values.compactMap { $0.run?.record.isRinging == true ? $0.run?.record.rangAt : nil }.min()
    }

    /// Whether the machine can be woken at all: configured so, and something can set the wake.
    var machineCanWake: Bool { config.wakeFromSuspend && world.waker.status.canWake }

    /// The wake the machine must hold now (`PlanWake`), as wanted: possibly past.
    var plannedWake: Instant? {
        guard config.wakeFromSuspend else { return nil }
        return PlanWake().wake(awakeFor: awakeFor, ringingSince: ringingSince, lead: config.wakeLead, now: now)
    }

    /// Whether an alarm is near: a run is open, or the wake before an alarm has come. With an
    /// `on_before_ring` hook that wake comes before the hook, and the alarm stays near until it rings.
    var alarmIsNear: Bool {
        if entries.values.contains(where: { $0.run?.record.isOpen == true }) { return true }
        let lead = config.wakeLead
        if entries.values.contains(where: { beforeRingAt($0).map { $0.adding(seconds: -lead) <= now } ?? false }) { return true }
        guard let awakeFor else { return false }
        return awakeFor.adding(seconds: -config.wakeLead) <= now
    }

    /// Sends the wake and takes or lets go of the run's inhibitors; returns when the core must
    /// look again: the next minute of a ring (to renew its wake) and each ringing run's cap.
    func planWake() -> [Instant] {
        world.waker.hold(plannedWake)
        // Between PrepareForSleep(true) and the resume, the delay stays let go.
        if !goingToSleep { world.sleepGuard.holdForAlarm(config.blockSleepWhileRinging && alarmIsNear) }
        var deadlines: [Instant] = []
        if let ringingSince, machineCanWake {
            deadlines.append(PlanWake().nextRenewal(ringingSince: ringingSince, now: now))
        }
        if config.blockSleepWhileRinging {
            deadlines += entries.values.compactMap { $0.run.flatMap { RunCap().due($0.record) } }
        }
        return deadlines
    }

    /// logind is about to suspend the machine. With an alarm near, the wake comes back
    /// `PlanWake.beforeSleep` seconds later, so that sleep is no way out of a ringing alarm;
    /// otherwise the planned wake is sent again (it may have been spent while the machine was up).
    /// The sleep delay goes once the wake is set.
    func preparingForSleep() {
        let sleepGuard = world.sleepGuard
        let plan = PlanWake()
        let planned = plannedWake
        let instant: Instant?
        if config.blockSleepWhileRinging && config.wakeFromSuspend && alarmIsNear {
            // 30 s ahead, unless an alarm's own wake comes sooner; a ring's minute wake does not.
            let alarmWake = plan.wake(awakeFor: awakeFor, ringingSince: nil, lead: config.wakeLead, now: now)
            instant = plan.wakeBeforeSleep(planned: alarmWake, now: now)
        } else {
            instant = planned.map { plan.instant(toSend: $0, now: now) }
        }
        goingToSleep = true
        vigil.end()
        guard let instant else { return sleepGuard.letSleep() }
        world.waker.holdBeforeSleep(instant) { sleepGuard.letSleep() }
    }

    /// Ends the ringing runs that reached their cap (`RunCap`): an hour unattended, or a battery
    /// about to die. Each is recorded missed, with a notice, and stops keeping the machine up.
    func capRuns() {
        guard config.blockSleepWhileRinging else { return }
        let battery = world.battery.dischargingLevel()
        for (id, entry) in entries {
            guard let run = entry.run?.record, let reason = RunCap().reason(run, battery: battery, now: now) else { continue }
            endAsMissed(id, run, reason)
        }
    }

    private func endAsMissed(_ id: AlarmID, _ run: AlarmRun, _ reason: RunCap.Reason) {
        guard let alarm = entries[id]?.alarm else { return }
        var ended = run
        ended.outcome = .failed
        ended.completedAt = now
        let due = due(of: run)
        stopRingingEffects(id)
        close(id, ended, silencing: false)
        let why = switch reason {
        case .unattended: Message("it rang for an hour with nobody answering")
        case .battery(let level): Message("the battery is at {percent} %", ["percent": String(Int(level))])
        }
        world.notifier.notice(summary: Message("Missed alarm: {label}", messages: ["label": alarm.displayName]),
                              body: Message("Reveille stopped ringing and let the machine sleep: {why}.", messages: ["why": why]))
        runHook(.missed, id, due: due, snoozeCount: run.snoozeCount)
        emit(.alarmsChanged)
    }

    /// The `WakeState` property: how the machine is woken, and the wake held.
    public var wakeStatus: WakeStatus {
        var status = world.waker.status
        if !config.wakeFromSuspend { status.waker = .nothing(.turnedOff) }
        return status
    }
}
