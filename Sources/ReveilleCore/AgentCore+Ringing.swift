import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

extension AgentCore {
    /// Rings now, as if due. A snoozed alarm rings within the same run; a ringing one is left alone.
    public func trigger(_ id: AlarmID) throws(AgentError) {
        _ = try alarm(id)
        if entries[id]?.run?.record.isRinging == true { return }
        ring(id, at: now)
        replan()
    }

    /// Snoozes a ringing alarm under its limit; returns when it rings again.
    public func snooze(_ id: AlarmID) throws(AgentError) -> Instant {
        let alarm = try alarm(id)
        guard var run = entries[id]?.run?.record, run.isRinging else { throw .notRinging(id) }
        let now = self.now
        guard case .snooze(let until, _) = EvaluateSnooze().execute(policy: alarm.snooze, snoozeCount: run.snoozeCount, now: now)
        else { throw .snoozeLimitReached(id) }
        ApplyRunEvent().reduce(run: &run, event: .snoozed(until: until, at: now))
        // Nothing of this ring carries over to the next: its problem, lockout, nudge and captcha
        // (which shows the problem from before the snooze, so Dismiss opens a new one).
        entries[id]?.run = RunState(record: run)
        persist(run, session: nil)
        stopRingingEffects(id)
        emit(.snoozed(id, snoozeCount: run.snoozeCount, until: until))
        // The problem on screen is gone: a client showing it learns so, and a snoozed alarm has none.
        emit(.challengeChanged(id))
        runHook(.snooze, id, due: due(of: run), snoozeCount: run.snoozeCount)
        replan()
        return until
    }

    /// Starts the challenge and opens a terminal for it. It never stops the alarm by itself.
    ///
    /// A terminal opens on every Dismiss but while a captcha the agent started for this alarm is on
    /// the bus, or was launched less than `CaptchaPresence.debounce` ago (a double click opens one).
    /// Other clients that read the challenge do not count: only the agent's own captcha shows it.
    public func dismiss(_ id: AlarmID) throws(AgentError) {
        _ = try beginChallenge(id)
        let now = self.now
        guard entries[id]?.run?.captcha?.isShowing(at: now) != true else { return }
        do { try world.terminal.openChallenge(for: id) } catch {
            throw .failed(Message("could not open a terminal for the challenge ({error}); run 'reveille dismiss {id}' in one",
                                  ["error": "\(error)", "id": id.rawValue]))
        }
        entries[id]?.run?.captcha = .launched(at: now)
    }

    /// The one way into solving, for `Dismiss` and for a client that shows the challenge itself: starts
    /// the challenge and returns its current problem, opening no terminal.
    ///
    /// A snoozed alarm rings again at once: dismissing means solving, and solving happens while it rings.
    /// An alarm neither ringing nor snoozed has nothing to dismiss.
    public func beginChallenge(_ id: AlarmID, rendering render: (Message) -> String = { $0.english }) throws(AgentError) -> ChallengeView {
        let alarm = try alarm(id)
        // A wake-up check is answered with `confirmAwake`, not a second dismissal.
        guard let run = entries[id]?.run?.record, run.wakeCheckDue == nil else { throw .notRinging(id) }
        if !run.isRinging { ring(id, at: now) }
        let resumed = entries[id]?.run?.session
        let session = try ensureSession(id)
        if let resumed { resumePending(id, resumed, of: alarm) }
        replan()
        return view(session, of: alarm, render)
    }

    /// The challenge begins again after its captcha was closed: the problem it left is pending once more.
    private func resumePending(_ id: AlarmID, _ session: ChallengeSession, of alarm: Alarm) {
        guard let run = entries[id]?.run?.record, session.index < alarm.challenges.count,
              !run.challengeRuns.contains(where: { $0.outcome == .pending })
        else { return }
        record(id, [.challengeStarted(challengeId: alarm.challenges[session.index].id, at: now)], session: session)
    }

    /// The current problem, starting the challenge if it has not started yet.
    public func challenge(_ id: AlarmID, rendering render: (Message) -> String = { $0.english }) throws(AgentError) -> ChallengeView {
        let alarm = try alarm(id)
        guard entries[id]?.run?.record.isRinging == true else { throw .notRinging(id) }
        let session = try ensureSession(id)
        return view(session, of: alarm, render)
    }

    /// Checks an answer in the agent; only a solved stack stops the alarm.
    public func submit(_ id: AlarmID, answer: String, rendering render: (Message) -> String = { $0.english }) throws(AgentError)
        -> (AnswerOutcome, ChallengeView?) {
        let alarm = try alarm(id)
        guard entries[id]?.run?.record.isRinging == true else { throw .notRinging(id) }
        guard answer.utf8.count <= 4096 else { throw .invalidArgument(Message("an answer is at most {limit} bytes long", ["limit": "4096"])) }
        // No problem of this ring was on offer when the answer was sent: it comes from a screen that
        // shows one from before a snooze (or from a client that never read one).
        let unseen = entries[id]?.run?.session == nil
        let session = try ensureSession(id)
        let step: ChallengeFlow.Step
        do { step = try flow.submit(answer, to: session, of: alarm.challenges, now: now, cards: cardVerifier, using: &random) } catch {
            guard case .lockedOut(let until) = error else { throw .failed(.verbatim("\(error)")) }
            throw .lockedOut(until: until)
        }
        // Such an answer counts only when it is right (a code card's code is the same on every
        // screen): a stale screen never counts a failure.
        if unseen, step.session != nil, step.outcome != .correct { return (.stale, view(session, of: alarm, render)) }
        guard let next = step.session else {
            finish(id, events: step.events)
            return (.dismissed, nil)
        }
        record(id, step.events, session: next)
        if case .coolingDown(let until) = next.lockout(policy: config.lockout, now: now) { entries[id]?.run?.lockoutEnd = until }
        emit(.challengeChanged(id))
        replan()
        return (step.outcome, view(next, of: alarm, render))
    }

    /// The person left the challenge (the agent's captcha left the bus): the pending problem is
    /// aborted, the alarm rings on, and Dismiss opens a terminal again at once.
    public func challengeAbandoned(_ id: AlarmID) {
        entries[id]?.run?.captcha = nil
        guard let run = entries[id]?.run, run.record.isRinging, let session = run.session else { return }
        record(id, [.dismissalAborted(at: now)], session: session)
        replan()
    }

    /// The terminal opened for the challenge ended before its captcha came up (konsole without a
    /// display, say): the alarm rings on, the next Dismiss opens one again at once, the
    /// notification says how to stop it from a terminal the person opens, and a notice (once a
    /// ring) names the terminal and how it ended.
    func challengeTerminalFailed(_ id: AlarmID, _ reason: String) {
        guard let run = entries[id]?.run, run.record.isRinging else { return }
        entries[id]?.run?.captcha = nil
        guard run.terminalFailure == nil else { return }
        entries[id]?.run?.terminalFailure = reason
        world.notifier.notice(
            summary: Message("The challenge terminal did not open"),
            body: Message("{reason}. To stop the alarm, run 'reveille dismiss {id}' in a terminal you open.",
                          ["reason": reason, "id": id.rawValue]))
        showNotification(id)
    }

    /// A click on the notification: snooze, or open the challenge. A stale snooze at the limit opens the challenge.
    public func notificationAction(_ id: AlarmID, _ key: String) {
        // The "Still up?" notification's only action is "I'm up".
        if entries[id]?.run?.record.wakeCheckDue != nil { return _ = try? confirmAwake(id) }
        if key == "snooze", (try? snooze(id)) != nil { return }
        try? dismiss(id)
    }

    // MARK: Helpers

    func ensureSession(_ id: AlarmID) throws(AgentError) -> ChallengeSession {
        if let session = entries[id]?.run?.session { return session }
        guard let alarm = entries[id]?.alarm, let run = entries[id]?.run?.record else { throw .notRinging(id) }
        let ordered = alarm.challenges.sorted { $0.orderIndex < $1.orderIndex }
        let index = ComputeResumeState().challengeIndex(run: run, orderedChallenges: ordered)
        let started = flow.start(alarm.challenges, at: index, now: now, using: &random)
        let session = started.session.continuing(run)
        record(id, started.events, session: session)
        if case .coolingDown(let until) = session.lockout(policy: config.lockout, now: now) { entries[id]?.run?.lockoutEnd = until }
        emit(.challengeChanged(id))
        // The new problem's deadline, or a lockout carried over from before a snooze, needs the
        // timer, whoever asked for the challenge (GetChallenge too).
        replan()
        return session
    }

    /// Applies `events` to the open run and stores it with `session`. The run moves on in memory
    /// even if storing fails (the write is retried): a problem whose time ran out must not stay due.
    func record(_ id: AlarmID, _ events: [RunEvent], session: ChallengeSession?) {
        guard var run = entries[id]?.run else { return }
        for event in events { ApplyRunEvent().reduce(run: &run.record, event: event) }
        if let session { run.record.keepFailures(of: session) }
        run.session = session
        entries[id]?.run = run
        persist(run.record, session: session)
    }

    /// The stack is solved: silence, and close the run, or keep it open for the wake-up check.
    /// A failed write never keeps it ringing: the dismissal is kept in memory and retried.
    private func finish(_ id: AlarmID, events: [RunEvent]) {
        guard var run = entries[id]?.run?.record, let alarm = entries[id]?.alarm else { return }
        let due = due(of: run)
        guard let check = WakeCheck().due(dismissedAt: now, minutes: alarm.wakeCheckMinutes) else {
            for event in events { ApplyRunEvent().reduce(run: &run, event: event) }
            close(id, run, silencing: true)
            runHook(.dismiss, id, due: due, snoozeCount: run.snoozeCount)
            emit(.alarmsChanged)
            replan()
            return
        }
        for event in events {
            if case .dismissalCompleted = event { continue }
            ApplyRunEvent().reduce(run: &run, event: event)
        }
        ApplyRunEvent().reduce(run: &run, event: .wakeCheckStarted(due: check))
        // The ring is over; the run waits for the wake-up check with nothing of it.
        entries[id]?.run = RunState(record: run)
        persist(run, session: nil)
        stopRingingEffects(id)
        emit(.dismissed(id))
        runHook(.dismiss, id, due: due, snoozeCount: run.snoozeCount)
        emit(.alarmsChanged)
        replan()
    }

    /// Closes a finished run, resets the alarm's state and plans its next occurrence.
    func close(_ id: AlarmID, _ run: AlarmRun, silencing: Bool) {
        guard var alarm = entries[id]?.alarm else { return }
        if alarm.repeatDays.isEmpty { alarm.isEnabled = false }
        let next = ScheduleNextFire().execute(alarm: alarm, now: now, zone: zone, last: entries[id]?.lastOccurrence)
        entries[id]?.run = nil
        entries[id]?.alarm = alarm
        entries[id]?.nextFire = next
        persist(run, session: nil)
        persistAlarm(id)
        pruneHistory()
        if silencing {
            stopRingingEffects(id)
            emit(.dismissed(id))
        }
    }

    /// The view of `session`, its prompt rendered by `render` (the harness's: the session's language).
    func view(_ session: ChallengeSession, of alarm: Alarm, _ render: (Message) -> String) -> ChallengeView {
        let lock = session.lockout(policy: config.lockout, now: now)
        var locked: Instant?
        if case .coolingDown(let until) = lock { locked = until }
        return ChallengeView(
            index: session.index, total: alarm.challenges.count, kind: alarm.challenges[session.index].kind,
            prompt: render(session.prompt.message), deadline: session.deadline, attempts: session.attempts, lockedUntil: locked)
    }

    // MARK: Effects

    func startRingingEffects(_ id: AlarmID) {
        guard let alarm = entries[id]?.alarm else { return }
        showNotification(id)
        world.sound.start(id, sound: alarm.sound, volume: alarm.volume)
    }

    func stopRingingEffects(_ id: AlarmID) {
        world.sound.stop(id)
        world.notifier.close(id)
    }

    func showNotification(_ id: AlarmID) {
        guard let alarm = entries[id]?.alarm, let run = entries[id]?.run else { return }
        var notification = ringNotification(alarm, snoozeCount: run.record.snoozeCount)
        if run.terminalFailure != nil {
            notification.body = Message("{time} · the challenge terminal did not open: run 'reveille dismiss {id}' in a terminal to stop it",
                                        ["time": timeStyle().time(alarm.time), "id": String(id.rawValue.prefix(8))])
        }
        world.notifier.show(id, notification, onAction: notificationActions(of: id))
    }

    /// What the notification of `alarm` says and offers when it rings after `snoozeCount` snoozes.
    func ringNotification(_ alarm: Alarm, snoozeCount: Int) -> RingNotification {
        let left = alarm.snooze.snoozesLeft(after: snoozeCount)
        let leftText = switch left {
        case nil: Message("Unlimited snoozes")
        case 0: Message("No snoozes left: solve the challenge to stop it")
        case let n?: Message(one: "{count} snooze left", other: "{count} snoozes left", count: n)
        }
        return RingNotification(
            summary: alarm.displayName,
            body: Message("{time} · {left}\n{hint}", ["time": timeStyle().time(alarm.time)],
                          messages: ["left": leftText, "hint": RingNotification.dismissHint(for: alarm.challenges)]),
            snoozeLabel: left == 0 ? nil : Message(context: "button", "Snooze {minutes} min", ["minutes": String(alarm.snooze.minutes)])
        )
    }

    /// Where a click on the notification of `id` goes: the core's inbox.
    func notificationActions(of id: AlarmID) -> @Sendable (String) -> Void {
        { [weak self] key in self?.inbox.yield(.notificationAction(id, key)) }
    }
}
