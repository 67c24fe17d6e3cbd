import ReveilleText
import ReveilleTime

/// The problem a challenge currently asks. It never leaves the agent with its answer.
public enum ChallengePrompt: Equatable, Sendable {
    case math(MathProblem)
    case typing(words: [String])
    /// The QR code is a secret: the prompt asks for it without showing it.
    case code
    /// The code printed on the card `label`.
    case card(label: String)

    /// One line for a person, rendered in the reader's language where it is shown. The problem and
    /// the words are arguments: math stays in ASCII digits, the words are those of the session's list.
    public var message: Message {
        switch self {
        case .math(let problem): Message("{problem} = ?", ["problem": problem.text])
        case .typing(let words): Message("Type: {words}", ["words": words.joined(separator: " ")])
        case .code: Message("Scan or type the code you placed away from your bed")
        case .card(let label): Message("Scan or type the code on your card {label}", ["label": label])
        }
    }

    /// The line in English (the C locale's text).
    public var text: String { message.english }
}

/// Where the person dismissing an alarm stands in its challenge stack.
public struct ChallengeSession: Equatable, Sendable {
    /// 0-based index into the alarm's ordered challenges.
    public var index: Int
    public var prompt: ChallengePrompt
    /// When the current problem was shown.
    public var startedAt: Instant
    /// When the current problem times out; nil for no limit.
    public var deadline: Instant?
    /// Wrong answers so far on this challenge.
    public var attempts: Int
    /// Failed answers in a row, for the lockout.
    public var consecutiveFailures: Int
    public var lastFailureAt: Instant?

    public init(index: Int, prompt: ChallengePrompt, startedAt: Instant, deadline: Instant?, attempts: Int = 0,
                consecutiveFailures: Int = 0, lastFailureAt: Instant? = nil) {
        self.index = index
        self.prompt = prompt
        self.startedAt = startedAt
        self.deadline = deadline
        self.attempts = attempts
        self.consecutiveFailures = consecutiveFailures
        self.lastFailureAt = lastFailureAt
    }

    public func lockout(policy: LockoutPolicy, now: Instant) -> LockoutState {
        ApplyLockout().execute(failures: consecutiveFailures, lastFailureAt: lastFailureAt, policy: policy, now: now)
    }
}

extension ChallengeSession {
    /// This session with the failures its run has counted so far: a new session goes on counting.
    public func continuing(_ run: AlarmRun) -> ChallengeSession {
        var session = self
        session.consecutiveFailures = run.consecutiveFailures
        session.lastFailureAt = run.lastFailureAt
        return session
    }
}

extension AlarmRun {
    /// Takes the session's count as the run's, so it outlives the session.
    public mutating func keepFailures(of session: ChallengeSession) {
        consecutiveFailures = session.consecutiveFailures
        lastFailureAt = session.lastFailureAt
    }
}

/// What an answer did.
public enum AnswerOutcome: String, Equatable, Sendable {
    /// Right; the next challenge is up.
    case correct
    /// Wrong; a new problem is up.
    case wrong
    /// Too late; a new problem is up.
    case timeout
    /// Wrong or late, and the failures in a row started the cooldown.
    case locked
    /// The last challenge is solved: the alarm stops.
    case dismissed
    /// The answer came while no problem of the ring was on offer (the alarm was snoozed since, and
    /// rings again with a new one) and was not right for the new one: it counts for nothing; the
    /// current problem is up.
    case stale
}

public enum ChallengeError: Error, Equatable, Sendable {
    /// Answers are refused until `until`.
    case lockedOut(until: Instant)
}

/// The rules a challenge session runs by, from the agent's configuration.
public struct ChallengeRules: Equatable, Sendable {
    public var lockout: LockoutPolicy
    /// The words a typing challenge draws from.
    public var wordList: [String]

    public init(lockout: LockoutPolicy = LockoutPolicy(), wordList: [String]) {
        self.lockout = lockout
        self.wordList = wordList
    }
}

/// Starts, answers and expires the problems of a challenge stack.
///
/// Each function returns the new session and the run events to record, so the caller
/// stores exactly what happened. Pure: randomness and time come in as arguments.
public struct ChallengeFlow: Sendable {
    public let rules: ChallengeRules

    public init(rules: ChallengeRules) { self.rules = rules }

    public struct Step: Equatable, Sendable {
        public var outcome: AnswerOutcome
        /// nil once the stack is solved.
        public var session: ChallengeSession?
        public var events: [RunEvent]
    }

    /// Shows a fresh problem for the challenge at `index`.
    public func start<G: RandomNumberGenerator>(
        _ challenges: [Challenge], at index: Int, now: Instant, using generator: inout G
    ) -> (session: ChallengeSession, events: [RunEvent]) {
        let challenge = challenges[index]
        let session = ChallengeSession(
            index: index,
            prompt: prompt(for: challenge, using: &generator),
            startedAt: now,
            deadline: challenge.timeLimit.map { now.adding(seconds: $0) }
        )
        return (session, [.challengeStarted(challengeId: challenge.id, at: now)])
    }

    /// Checks an answer. During a cooldown it is not evaluated at all.
    /// `cards` checks the code of a `card:` challenge; the flow itself never holds one.
    public func submit<G: RandomNumberGenerator>(
        _ answer: String, to session: ChallengeSession, of challenges: [Challenge], now: Instant,
        cards: any CardVerifier = NoCards(), using generator: inout G
    ) throws(ChallengeError) -> Step {
        if case .coolingDown(let until) = session.lockout(policy: rules.lockout, now: now) {
            throw .lockedOut(until: until)
        }
        var session = session
        if session.consecutiveFailures >= rules.lockout.maxFailures, rules.lockout.maxFailures > 0 {
            session.consecutiveFailures = 0  // a cooldown has ended: a fresh count
        }
        let challenge = challenges[session.index]
        let result = evaluate(answer, challenge: challenge, session: session, now: now, cards: cards)
        var events: [RunEvent] = [.challengeFinished(challengeId: challenge.id, outcome: result, at: now)]

        if result == .success {
            switch AdvanceChallenge().execute(currentIndex: session.index, outcome: .success, total: challenges.count) {
            case .finished:
                return Step(outcome: .dismissed, session: nil, events: events + [.dismissalCompleted(at: now)])
            case .index(let next):
                var started = start(challenges, at: next, now: now, using: &generator)
                started.session.consecutiveFailures = 0
                return Step(outcome: .correct, session: started.session, events: events + started.events)
            }
        }

        let fresh = start(challenges, at: session.index, now: now, using: &generator)
        events += fresh.events
        var next = fresh.session
        next.attempts = session.attempts + (result == .failWrong ? 1 : 0)
        next.consecutiveFailures = session.consecutiveFailures + 1
        next.lastFailureAt = now
        let locked = next.lockout(policy: rules.lockout, now: now) != .none
        let outcome: AnswerOutcome = locked ? .locked : (result == .failTimeout ? .timeout : .wrong)
        return Step(outcome: outcome, session: next, events: events)
    }

    /// Replaces a problem whose time ran out with no answer; nil while it still has time.
    ///
    /// An unanswered timeout is not a failed answer: it neither counts as an attempt nor towards the lockout.
    public func expire<G: RandomNumberGenerator>(
        _ session: ChallengeSession, of challenges: [Challenge], now: Instant, using generator: inout G
    ) -> (session: ChallengeSession, events: [RunEvent])? {
        guard let deadline = session.deadline, now > deadline else { return nil }
        let challenge = challenges[session.index]
        var fresh = start(challenges, at: session.index, now: now, using: &generator)
        fresh.session.attempts = session.attempts
        fresh.session.consecutiveFailures = session.consecutiveFailures
        fresh.session.lastFailureAt = session.lastFailureAt
        return (fresh.session, [.challengeFinished(challengeId: challenge.id, outcome: .failTimeout, at: now)] + fresh.events)
    }

    private func prompt<G: RandomNumberGenerator>(for challenge: Challenge, using generator: inout G) -> ChallengePrompt {
        switch challenge.params {
        case .math(let level, _): .math(GenerateMathProblem().execute(difficulty: level, using: &generator))
        case .typing(let count): .typing(words: GenerateTypingPrompt().execute(words: count, from: rules.wordList, using: &generator))
        case .qr: .code
        case .card(let label): .card(label: label)
        }
    }

    private func evaluate(_ answer: String, challenge: Challenge, session: ChallengeSession, now: Instant,
                          cards: any CardVerifier) -> ChallengeRun.Outcome
    {
        if let deadline = session.deadline, now > deadline { return .failTimeout }
        switch (challenge.params, session.prompt) {
        case (.math(_, let limit), .math(let problem)):
            guard let value = ParseMathAnswer().execute(answer) else { return .failWrong }
            return EvaluateMathAnswer().execute(
                problem: problem, answer: value, timeLimit: limit, startedAt: session.startedAt, now: now)
        case (.typing, .typing(let words)):
            return EvaluateTyping().execute(expected: words, typed: answer)
        case (.qr(let expected), _):
            return EvaluateQR().execute(expected: expected, scanned: answer)
        case (.card(let label), _):
            return cards.verify(answer, card: label) ? .success : .failWrong
        default:
            return .failWrong
        }
    }
}
