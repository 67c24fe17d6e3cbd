import ReveilleText

public enum ValidationResult: Equatable, Sendable {
    case ok
    case invalid(reason: Message)
}

public enum NextStep: Equatable, Sendable {
    case index(Int)
    case finished
}

/// Checks a challenge stack: 1–8 entries, order indices 0…n−1 each once, parameters in range.
public struct ValidateChallengeStack: Sendable {
    public init() {}

    public func execute(_ stack: [Challenge]) -> ValidationResult {
        guard !stack.isEmpty else { return .invalid(reason: Message("an alarm needs at least one challenge")) }
        guard stack.count <= Alarm.maximumChallenges else {
            return .invalid(reason: Message("an alarm takes at most {limit} challenges, not {count}",
                                             ["limit": String(Alarm.maximumChallenges), "count": String(stack.count)]))
        }
        let indices = stack.map(\.orderIndex).sorted()
        guard indices == Array(0..<stack.count) else {
            return .invalid(reason: Message("challenge order {order} is not 0…{last} with each place once",
                                             ["order": "\(indices)", "last": String(stack.count - 1)]))
        }
        for challenge in stack {
            if let reason = problem(with: challenge.params) { return .invalid(reason: reason) }
        }
        return .ok
    }

    private func problem(with params: Challenge.Params) -> Message? {
        switch params {
        case .qr(let code):
            guard Challenge.storedQRCodeLengthRange.contains(code.count), code.unicodeScalars.allSatisfy(AlarmText.isPrintable)
            else { return Message("a qr code must be 1 to 128 printable characters") }
            if let problem = Alarm.qrCodeSizeProblem(code) { return problem }
        case .math(_, let limit):
            guard limit >= 1 else { return Message("a math time limit must be at least 1 second, not {limit}", ["limit": String(limit)]) }
        case .typing(let words):
            guard Challenge.typingWordRange.contains(words) else {
                return Message("a typing challenge takes 1 to 20 words, not {count}", ["count": String(words)])
            }
        case .card(let label):
            if let problem = CardCode.labelProblem(label) { return problem }
        }
        return nil
    }
}

/// The step after a challenge ends: the next challenge, the same one again, or the end of the stack.
///
/// `.finished` comes exactly when the last challenge succeeded. A failure retries the same index;
/// so does an abort — walking away never finishes the stack, and coming back resumes it.
public struct AdvanceChallenge: Sendable {
    public init() {}

    public func execute(currentIndex: Int, outcome: ChallengeRun.Outcome, total: Int) -> NextStep {
        guard total > 0 else { return .finished }
        let index = min(max(currentIndex, 0), total - 1)
        guard outcome == .success else { return .index(index) }
        return index + 1 < total ? .index(index + 1) : .finished
    }
}
