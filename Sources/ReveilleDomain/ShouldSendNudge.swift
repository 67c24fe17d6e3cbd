import ReveilleTime

/// Decides whether nobody reacting to a ringing alarm calls for a nudge (re-post, full volume).
public struct ShouldSendNudge: Sendable {
    public init() {}

    public func execute(firedAt: Instant, threshold: Int64, now: Instant) -> Bool {
        now.seconds(since: firedAt) >= threshold
    }
}
