/// The challenge the agent shows now, as its `GetChallenge` call describes it.
public struct CaptchaChallenge: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case math, qr, typing, card
        /// A kind newer than this client; shown like a math problem.
        case other(String)

        /// Reads the `kind` field: `math`, `qr`, `typing` or `card`.
        public init(wireName: String) {
            switch wireName {
            case "math": self = .math
            case "qr": self = .qr
            case "typing": self = .typing
            case "card": self = .card
            default: self = .other(wireName)
            }
        }
    }

    /// 0-based position in the alarm's challenges.
    public var index: Int
    public var total: Int
    public var kind: Kind
    /// One line for a person, e.g. `7 × 12 − 45 = ?`; sanitized when shown.
    public var prompt: String
    /// Unix seconds when the problem times out; 0 for no limit.
    public var deadline: Int64
    /// Wrong answers so far on this challenge.
    public var attempts: Int
    /// Unix seconds when answers are taken again; 0 when not locked.
    public var lockedUntil: Int64

    public init(index: Int, total: Int, kind: Kind, prompt: String, deadline: Int64 = 0, attempts: Int = 0,
                lockedUntil: Int64 = 0) {
        self.index = index
        self.total = total
        self.kind = kind
        self.prompt = prompt
        self.deadline = deadline
        self.attempts = attempts
        self.lockedUntil = lockedUntil
    }
}

/// What `SubmitAnswer` said about an answer.
public enum CaptchaOutcome: String, Equatable, Sendable {
    case correct, wrong, timeout, locked, dismissed, stale
}

/// A key as the captcha screen understands it; `CaptchaKeyDecoder` makes them from bytes.
public enum CaptchaKey: Equatable, Sendable {
    /// Printable text, one or more characters (a paste arrives as one).
    case text(String)
    case enter
    case backspace
    /// Ctrl-U: erase what was typed.
    case clearLine
    /// Ctrl-C: leave the screen; the alarm keeps ringing.
    case quit
    /// Tab: scan the code with the webcam, where the screen offers it.
    case scan
}

/// Everything that can happen to the captcha screen.
public enum CaptchaEvent: Equatable, Sendable {
    case key(CaptchaKey)
    /// A `BeginChallenge` or `GetChallenge` reply. `asOf` is the number of the last `ChallengeChanged`
    /// that had arrived when the reply did: the view reflects it and every one before.
    case challenge(CaptchaChallenge, asOf: UInt64 = 0)
    /// A `SubmitAnswer` reply, with the challenge now up when it sent one; `asOf` as for `.challenge`.
    case answered(CaptchaOutcome, next: CaptchaChallenge?, asOf: UInt64 = 0)
    /// The agent's `ChallengeChanged`, numbered in order of arrival from 1.
    case challengeChanged(serial: UInt64)
    /// A call to the agent failed; the caller retries.
    case agentUnreachable
    /// The alarm no longer rings (stopped elsewhere, or it ended): nothing is left to solve.
    case alarmStopped
    /// The alarm was snoozed until this local time (`07:05`): the problem on screen is gone.
    case alarmSnoozed(until: String)
    case resized(width: Int, height: Int)
    /// The wall clock moved on; `now` is Unix seconds.
    case tick(now: Int64)
    /// The webcam scan ended: the code it read, or nil when it read none.
    case scanned(String?)
}

/// What the caller must do after an event.
public enum CaptchaEffect: Equatable, Sendable {
    /// Send this answer with `SubmitAnswer`, then feed back `.answered` or `.agentUnreachable`.
    case submit(String)
    /// The challenge changed after what is shown: ask `GetChallenge`, then feed back `.challenge`.
    case refresh
    /// The person left with Ctrl-C: close the screen. The alarm keeps ringing.
    case quit
    /// The alarm stopped: close the screen once the person has seen the last message.
    case finished
    /// The alarm was snoozed: close the screen once the person has seen the message. It rings again
    /// with a new problem, and Dismiss opens a new screen for it.
    case snoozed
    /// Scan a code with the webcam, then feed back `.scanned`.
    case scan
}

/// The one-line message under the input.
public enum CaptchaStatus: Equatable, Sendable {
    case checking, correct, wrong, timeout, locked, dismissed
    /// The answer was to a problem no longer on offer; the current one is up.
    case stale
    /// The alarm was snoozed until this local time.
    case snoozed(until: String)
    /// Enter was pressed while answers are locked.
    case stillLocked
    /// The lock ended while it was on screen.
    case unlocked
    case unreachable
    case alarmStopped
    /// The webcam is looking for the code.
    case scanning
    /// The webcam scan ended without a code.
    case scanFailed
}

/// The captcha screen's state: the challenge, what is being typed, the last message, the clock and
/// the terminal size. Events change it through `apply`, which returns what the caller must do.
public struct CaptchaState: Equatable, Sendable {
    /// Longest answer kept, in characters: enough for any code, short enough that a stuck key is harmless.
    static let maximumInputLength = 200

    /// The alarm's label, if it has one; sanitized when shown.
    public var label: String?
    /// Nil until the first `GetChallenge` reply.
    public var challenge: CaptchaChallenge?
    /// What has been typed, already sanitized.
    public var input: String
    public var status: CaptchaStatus?
    /// Unix seconds.
    public var now: Int64
    public var width: Int
    public var height: Int
    /// An answer was sent and its outcome has not come back: Enter does nothing meanwhile.
    public var awaitingOutcome: Bool
    /// The alarm stopped: the screen only shows its last message.
    public var finished: Bool
    /// The number of the last `ChallengeChanged` the shown challenge reflects: an older signal or
    /// view changes nothing, so a late reply never puts back a problem already replaced.
    public var shownAsOf: UInt64
    /// Seconds the problem on screen had when it was first shown: the full length of the time bar.
    public var deadlineSpan: Int64 = 0
    /// A webcam scanner (`zbarcam`) is installed: a code challenge offers Tab to scan.
    public var scanAvailable = false
    /// A scan runs: another Tab starts none.
    public var scanning = false

    public init(label: String?, challenge: CaptchaChallenge? = nil, input: String = "", status: CaptchaStatus? = nil,
                now: Int64, width: Int, height: Int) {
        self.label = label
        self.challenge = challenge
        self.input = input
        self.status = status
        self.now = now
        self.width = width
        self.height = height
        awaitingOutcome = false
        finished = false
        shownAsOf = 0
    }

    /// Seconds until answers are taken again; nil when not locked.
    var lockRemaining: Int64? {
        guard let until = challenge?.lockedUntil, until > now else { return nil }
        return until - now
    }

    /// Whether Tab scans the code now: a scanner is there and the challenge asks for a code.
    public var offersScan: Bool {
        guard scanAvailable, !finished, let kind = challenge?.kind else { return false }
        return kind == .qr || kind == .card
    }

    /// Whether a countdown is on screen, so the display needs a redraw each second.
    public var needsTicking: Bool {
        guard !finished, let challenge else { return false }
        return challenge.deadline != 0 || lockRemaining != nil
    }

    @discardableResult
    public mutating func apply(_ event: CaptchaEvent) -> CaptchaEffect? {
        switch event {
        case .key(let key):
            return press(key)
        case .challenge(let next, let asOf):
            if status == .unreachable { status = nil }
            show(next, asOf: asOf)
        case .answered(let outcome, let next, let asOf):
            awaitingOutcome = false
            status = Self.status(for: outcome)
            if let next { show(next, asOf: asOf) }
            if outcome == .dismissed {
                finished = true
                return .finished
            }
        case .challengeChanged(let serial):
            guard !finished, serial > shownAsOf else { return nil }
            return .refresh
        case .agentUnreachable:
            awaitingOutcome = false
            status = .unreachable
        case .alarmStopped:
            finished = true
            status = .alarmStopped
            return .finished
        case .alarmSnoozed(let until):
            guard !finished else { return nil }
            finished = true
            awaitingOutcome = false
            status = .snoozed(until: until)
            return .snoozed
        case .resized(let width, let height):
            self.width = width
            self.height = height
        case .tick(let now):
            self.now = now
            if lockRemaining == nil, status == .locked || status == .stillLocked { status = .unlocked }
        case .scanned(let code):
            scanning = false
            guard !finished else { return nil }
            guard let code, !code.isEmpty, offersScan else {
                status = .scanFailed
                return nil
            }
            input = sanitizeForTerminal(code)
            return submit()
        }
        return nil
    }

    private mutating func press(_ key: CaptchaKey) -> CaptchaEffect? {
        if key == .quit { return .quit }
        guard !finished else { return nil }
        switch key {
        case .text(let text):
            input += sanitizeForTerminal(text)
            if input.count > Self.maximumInputLength { input = String(input.prefix(Self.maximumInputLength)) }
        case .backspace:
            if !input.isEmpty { input.removeLast() }
        case .clearLine:
            input = ""
        case .enter:
            return submit()
        case .scan:
            guard offersScan, !scanning else { return nil }
            scanning = true
            status = .scanning
            return .scan
        case .quit:
            break
        }
        return nil
    }

    private mutating func submit() -> CaptchaEffect? {
        guard challenge != nil, !awaitingOutcome, input.contains(where: { !$0.isWhitespace }) else { return nil }
        if lockRemaining != nil {
            status = .stillLocked
            return nil
        }
        let answer = input
        input = ""
        awaitingOutcome = true
        status = .checking
        return .submit(answer)
    }

    /// A new problem makes a half-typed answer to the old one useless. A view older than the one
    /// shown is dropped.
    private mutating func show(_ next: CaptchaChallenge, asOf: UInt64) {
        guard asOf >= shownAsOf else { return }
        shownAsOf = asOf
        if let challenge, challenge.index != next.index || challenge.prompt != next.prompt { input = "" }
        if next.deadline != challenge?.deadline { deadlineSpan = max(0, next.deadline - now) }
        challenge = next
    }

    private static func status(for outcome: CaptchaOutcome) -> CaptchaStatus {
        switch outcome {
        case .correct: .correct
        case .wrong: .wrong
        case .timeout: .timeout
        case .locked: .locked
        case .dismissed: .dismissed
        case .stale: .stale
        }
    }
}
