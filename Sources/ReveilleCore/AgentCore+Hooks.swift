import ReveilleDomain
import ReveilleTime

extension AgentCore {
    /// Starts the hook set for `event`, if any. The core goes on at once: a hook that fails or
    /// hangs never delays or changes ringing, and only its outcome comes back.
    func runHook(_ event: HookEvent, _ id: AlarmID, due: Instant, snoozeCount: Int) {
        guard let argv = config.hooks[event], let alarm = entries[id]?.alarm else { return }
        guard deferred.depth == 0 else { return deferred.hooks.append((event, id, due, snoozeCount)) }
        let call = HookCall(event: event, alarmId: id, label: alarm.displayLabel, due: due, snoozeCount: snoozeCount)
        world.hooks.run(argv, environment: call.environment(in: zone)) { [weak self] outcome in
            Task { await self?.hookFinished(event, outcome) }
        }
    }

    /// Keeps the last failure for Preflight; the same hook running fine again clears it.
    func hookFinished(_ event: HookEvent, _ outcome: HookOutcome) {
        switch outcome {
        case .failed(let reason): hookFailure = (event, reason)
        case .succeeded: if hookFailure?.event == event { hookFailure = nil }
        }
    }

    /// When the run's occurrence was due. A run stored by a version that kept no due time: the
    /// occurrence it rang for, when it rang within `late_grace` of it, else its start.
    func due(of run: AlarmRun) -> Instant {
        if let due = run.due { return due }
        if let last = entries[run.alarmId]?.lastOccurrence, last.outcome == .rang, last.at <= run.startedAt,
           run.startedAt.seconds(since: last.at) <= config.lateGrace {
            return last.at
        }
        return run.startedAt
    }
}
