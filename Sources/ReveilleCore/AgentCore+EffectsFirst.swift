import ReveilleDomain
import ReveilleTime

/// Work a ring holds back until its signal, notification and sound have gone out.
struct DeferredWork {
    /// How many `effectsFirst` calls are open; the outermost one does the held work.
    var depth = 0
    /// Hooks asked for meanwhile, in order: event, alarm, due time, snooze count.
    var hooks: [(HookEvent, AlarmID, Instant, Int)] = []
}

extension AgentCore {
    /// Runs `body` holding back the store's writes and the hooks it asks for, then writes and
    /// starts the hooks in the order they were asked for: at the due second the `Ringing`
    /// signal, the notification and the sound go out first, and the disk and the hooks cost
    /// them nothing. A write that fails afterwards is retried as any other; it never un-rings.
    func effectsFirst(_ body: () -> Void) {
        deferred.depth += 1
        body()
        deferred.depth -= 1
        guard deferred.depth == 0 else { return }
        flushWritesUnlessWaiting()
        let hooks = deferred.hooks
        deferred.hooks = []
        for (event, id, due, count) in hooks { runHook(event, id, due: due, snoozeCount: count) }
    }
}
