import ReveilleDomain
import ReveilleTime

/// The `on_before_ring` hook (issue 23, section 3): `before_ring` ahead of each planned occurrence,
/// on the same wake timer as everything else.
extension AgentCore {
    /// When the before-ring hook of the entry's next occurrence is due; nil without an
    /// `on_before_ring` hook or a planned occurrence. A run's snooze end is no occurrence.
    func beforeRingAt(_ entry: AlarmEntry) -> Instant? {
        guard config.hooks[.beforeRing] != nil, let fire = entry.nextFire else { return nil }
        return BeforeRing().at(fire, lead: config.beforeRing)
    }

    /// The before-ring moments still to come, for the wake timer and the machine's wake: those of
    /// occurrences whose hook has not run.
    var beforeRingPending: [Instant] {
        entries.values.compactMap { $0.beforeRingRan == $0.nextFire ? nil : beforeRingAt($0) }
    }

    /// Runs each before-ring hook that is due, once per occurrence; returns when the next ones are due.
    func runBeforeRingHooks() -> [Instant] {
        guard config.hooks[.beforeRing] != nil else { return [] }
        let rule = BeforeRing()
        let now = self.now
        var later: [Instant] = []
        for (id, entry) in entries {
            guard let fire = entry.nextFire else { continue }
            switch rule.step(fire: fire, ran: entry.beforeRingRan, lead: config.beforeRing, now: now) {
            case .done: continue
            case .at(let due): later.append(due)
            case .runNow:
                entries[id]?.beforeRingRan = fire
                runHook(.beforeRing, id, due: fire, snoozeCount: 0)
            }
        }
        return later
    }
}
