/// Where a stored run's challenge picks up when it opens again: after a snooze, a closed captcha or a restart.
public struct ComputeResumeState: Sendable {
    public init() {}

    /// Where the stack picks up when its challenge opens: the first challenge, in order, not yet
    /// solved in this run, so that a snooze mid-stack keeps what was solved before it.
    public func challengeIndex(run: AlarmRun, orderedChallenges: [Challenge]) -> Int {
        let solved = Set(run.challengeRuns.filter { $0.outcome == .success }.map(\.challengeId))
        return orderedChallenges.firstIndex { !solved.contains($0.id) } ?? 0
    }
}
