import ReveilleTime

/// One ringing of an alarm, from the moment it fires until its challenge stack is solved.
///
/// A run spans snoozes: the snooze count lives here and resets with the next run.
public struct AlarmRun: Equatable, Sendable {
    public enum Outcome: String, Equatable, Sendable {
        case success, failed, aborted, inProgress
    }

    public let alarmId: AlarmID
    public var startedAt: Instant
    public var completedAt: Instant?
    public var outcome: Outcome
    public var challengeRuns: [ChallengeRun]
    /// How many times this run has been snoozed.
    public var snoozeCount: Int
    /// Set while snoozed: when it rings again.
    public var snoozedUntil: Instant?
    /// When it last started ringing (the first fire, or the end of the last snooze).
    public var rangAt: Instant
    /// Wrong or late answers in a row, for the lockout. They belong to the run, not to one session of
    /// problems, so neither a snooze nor a restart gives fresh guesses.
    public var consecutiveFailures: Int
    public var lastFailureAt: Instant?
    /// When the occurrence it rings for was due; nil in runs stored before it was recorded.
    public var due: Instant?
    /// Set between a dismissal and the wake-up check's answer: when "Still up?" is asked.
    public var wakeCheckDue: Instant?

    public init(alarmId: AlarmID, startedAt: Instant) {
        self.alarmId = alarmId
        self.startedAt = startedAt
        self.completedAt = nil
        self.outcome = .inProgress
        self.challengeRuns = []
        self.snoozeCount = 0
        self.snoozedUntil = nil
        self.rangAt = startedAt
        self.consecutiveFailures = 0
        self.lastFailureAt = nil
        self.wakeCheckDue = nil
    }

    /// Ringing now: open, not snoozed, and not waiting on a wake-up check.
    public var isRinging: Bool { outcome == .inProgress && snoozedUntil == nil && wakeCheckDue == nil }
    /// Ringing or snoozed: the alarm may not be edited while its run is open.
    public var isOpen: Bool { outcome == .inProgress }
}

/// One attempt at one challenge of the stack.
public struct ChallengeRun: Equatable, Sendable {
    public enum Outcome: String, Equatable, Sendable {
        case pending, success, failTimeout, failWrong, aborted
    }

    public let challengeId: ChallengeID
    public var startedAt: Instant
    public var completedAt: Instant?
    public var outcome: Outcome

    public init(challengeId: ChallengeID, startedAt: Instant, completedAt: Instant? = nil, outcome: Outcome = .pending) {
        self.challengeId = challengeId
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.outcome = outcome
    }
}

/// What can happen to a run.
public enum RunEvent: Equatable, Sendable {
    case alarmFired(at: Instant)
    case snoozed(until: Instant, at: Instant)
    case challengeStarted(challengeId: ChallengeID, at: Instant)
    case challengeFinished(challengeId: ChallengeID, outcome: ChallengeRun.Outcome, at: Instant)
    /// Every challenge of the stack is solved.
    case dismissalCompleted(at: Instant)
    /// The person walked away from the challenge (terminal closed, captcha killed).
    case dismissalAborted(at: Instant)
    /// The stack is solved, and the run stays open until the wake-up check due then is answered.
    case wakeCheckStarted(due: Instant)
}

/// The run's state machine. Pure: no side effects.
///
/// Only `dismissalCompleted` finishes a run. An aborted dismissal marks the pending
/// challenge aborted and leaves the alarm ringing: walking away never stops it.
public struct ApplyRunEvent: Sendable {
    public init() {}

    public func reduce(run: inout AlarmRun, event: RunEvent) {
        guard run.outcome == .inProgress else { return }
        switch event {
        case .alarmFired(let at):
            run.snoozedUntil = nil
            run.wakeCheckDue = nil
            run.rangAt = at
        case .snoozed(let until, let at):
            run.snoozeCount += 1
            run.snoozedUntil = until
            closePending(in: &run, as: .aborted, at: at)
        case .challengeStarted(let id, let at):
            closePending(in: &run, as: .aborted, at: at)
            run.challengeRuns.append(ChallengeRun(challengeId: id, startedAt: at))
            bound(&run)
        case .challengeFinished(let id, let outcome, let at):
            guard let index = run.challengeRuns.lastIndex(where: { $0.challengeId == id && $0.outcome == .pending })
            else { return }
            if outcome == .pending { return }
            run.challengeRuns[index].outcome = outcome
            run.challengeRuns[index].completedAt = at
        case .dismissalCompleted(let at):
            run.outcome = .success
            run.completedAt = at
            run.snoozedUntil = nil
            run.wakeCheckDue = nil
        case .wakeCheckStarted(let due):
            run.snoozedUntil = nil
            run.wakeCheckDue = due
        case .dismissalAborted(let at):
            closePending(in: &run, as: .aborted, at: at)
        }
    }

    /// The most challenge runs a run keeps: a captcha opened and closed again and again, or a
    /// problem left to time out all night, must not grow the run (and each of its writes) without end.
    public static let maximumChallengeRuns = 200

    /// Beyond `maximumChallengeRuns`, the oldest entries that count the least go first: aborted
    /// ones, then timeouts, then wrong answers. A success (which `ComputeResumeState` needs) and
    /// the pending one stay.
    private func bound(_ run: inout AlarmRun) {
        for dropped in [ChallengeRun.Outcome.aborted, .failTimeout, .failWrong] {
            while run.challengeRuns.count > Self.maximumChallengeRuns,
                  let oldest = run.challengeRuns.firstIndex(where: { $0.outcome == dropped }) {
                run.challengeRuns.remove(at: oldest)
            }
        }
    }

    private func closePending(in run: inout AlarmRun, as outcome: ChallengeRun.Outcome, at: Instant) {
        for index in run.challengeRuns.indices where run.challengeRuns[index].outcome == .pending {
            run.challengeRuns[index].outcome = outcome
            run.challengeRuns[index].completedAt = at
        }
    }
}
