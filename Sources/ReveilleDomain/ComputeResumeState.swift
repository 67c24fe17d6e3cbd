public enum ResumeDestination: Equatable, Sendable {
    case ringing
    case challenge(index: Int)
    case finished
}

/// Where a stored run picks up after a restart: still ringing, in a challenge, or done.
public struct ComputeResumeState: Sendable {
    public init() {}

    public func execute(run: AlarmRun, orderedChallenges: [Challenge]) -> ResumeDestination {
        guard run.outcome == .inProgress else { return .finished }
        let ids = Set(orderedChallenges.map(\.id))
        guard run.challengeRuns.contains(where: { $0.outcome == .pending && ids.contains($0.challengeId) }) else {
            return .ringing
        }
        return .challenge(index: challengeIndex(run: run, orderedChallenges: orderedChallenges))
    }

    /// Where the stack picks up when its challenge opens: the first challenge, in order, not yet
    /// solved in this run, so that a snooze mid-stack keeps what was solved before it.
    public func challengeIndex(run: AlarmRun, orderedChallenges: [Challenge]) -> Int {
        let solved = Set(run.challengeRuns.filter { $0.outcome == .success }.map(\.challengeId))
        return orderedChallenges.firstIndex { !solved.contains($0.id) } ?? 0
    }
}
