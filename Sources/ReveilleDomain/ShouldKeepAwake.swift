import ReveilleTime

/// Decides whether to hold off automatic idle suspend: the machine could sleep through
/// an alarm that is ringing or due within `window` seconds, because its timer cannot wake it.
public struct ShouldKeepAwake: Sendable {
    public init() {}

    /// - Parameters:
    ///   - nextRing: the earliest planned fire or snooze end, nil when there is none.
    ///   - ringingNow: an alarm rings (or is being dismissed) at `now`.
    ///   - window: `keep_awake` in seconds; 0 turns the hold off.
    ///   - timerWakesMachine: the wake timer can bring the machine out of suspend.
    public func execute(nextRing: Instant?, ringingNow: Bool, window: Int64, timerWakesMachine: Bool, now: Instant) -> Bool {
        guard window > 0, !timerWakesMachine else { return false }
        if ringingNow { return true }
        guard let nextRing else { return false }
        return nextRing.seconds(since: now) <= window
    }

    /// When a hold not taken at `now` will be due: `window` before `nextRing`; nil when it never will.
    public func startOfWindow(nextRing: Instant?, window: Int64, timerWakesMachine: Bool) -> Instant? {
        guard window > 0, !timerWakesMachine, let nextRing else { return nil }
        return nextRing.adding(seconds: -window)
    }
}
