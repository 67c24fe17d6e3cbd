import ReveilleDomain

extension AgentCore {
    /// One event from the world; `CoreService` calls it for each, in order.
    public func handle(_ event: WorldEvent) {
        switch event {
        case .timerExpired: wake()
        case .clockChanged: clockChanged()
        case .zoneChanged: zoneChanged()
        case .notificationAction(let id, let key): notificationAction(id, key)
        case .challengeOpened(let id): challengeOpened(id)
        case .challengeClosed(let id): challengeAbandoned(id)
        case .challengeTerminalFailed(let id, let reason): challengeTerminalFailed(id, reason)
        case .writesFinished(let written, let failure): writesFinished(written: written, failure: failure)
        case .preparingForSleep: preparingForSleep()
        case .wakeStatusChanged: replan()
        }
    }

    /// Hands the inbox's events to `handle` in order until the inbox is finished, then shuts the
    /// core down; `CoreService` runs it. The loop waits on the core itself, so that an event
    /// reaches `handle` with no hop between a reading task and the core.
    func serveEvents() async {
        while let event = await inbox.next() {
            handle(event)
            inbox.markHandled()
        }
        await shutDown()
        inbox.markEnded()
    }

    /// The agent is stopping. In this order: the sound stops (nothing may ring on after the
    /// agent), the notifications are withdrawn (their buttons would reach nobody), the writes
    /// that wait get one last try, and the store closes. Open runs stay stored and ring again
    /// at the next start.
    public func shutDown() async {
        for id in entries.keys.sorted() where entries[id]?.run != nil { world.sound.stop(id) }
        await world.notifier.withdrawAll()
        database.retryAt = nil
        flushWrites()
        // After the writes just handed over, on the same thread.
        let store = world.store
        await withCheckedContinuation { (closed: CheckedContinuation<Void, Never>) in
            world.storeThread.run {
                store.close()
                closed.resume()
            }
        }
    }

    /// A captcha the agent started is on the bus: Dismiss opens no second terminal while it stays.
    func challengeOpened(_ id: AlarmID) {
        guard entries[id]?.run?.record.isRinging == true else { return }
        entries[id]?.run?.captcha = .open
    }
}
