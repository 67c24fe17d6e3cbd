import ReveilleDomain

/// Stores a challenge prompt as one line of text, so a restarted agent shows the same problem.
enum PromptCodec {
    static func encode(_ prompt: ChallengePrompt) -> String {
        switch prompt {
        case .math(let p):
            var fields = ["math", String(p.a), String(p.op.rawValue), String(p.b)]
            if let tail = p.tail { fields += [String(tail.op.rawValue), String(tail.c)] }
            return fields.joined(separator: " ")
        case .typing(let words): return (["typing"] + words).joined(separator: " ")
        case .code: return "code"
        case .card(let label): return "card " + label
        }
    }

    static func decode(_ text: String) -> ChallengePrompt? {
        // A card's label may hold spaces: the rest of the line is the label.
        if text.hasPrefix("card ") { return .card(label: String(text.dropFirst(5))) }
        let fields = text.split(separator: " ").map(String.init)
        switch fields.first {
        case "math":
            guard fields.count == 4 || fields.count == 6, let a = Int(fields[1]), let b = Int(fields[3]),
                  let op = mathOperator(fields[2]) else { return nil }
            var tail: MathProblem.Tail?
            if fields.count == 6 {
                guard let tailOp = mathOperator(fields[4]), let c = Int(fields[5]) else { return nil }
                tail = MathProblem.Tail(op: tailOp, c: c)
            }
            return .math(MathProblem(a: a, b: b, op: op, tail: tail))
        case "typing": return .typing(words: Array(fields.dropFirst()))
        case "code": return .code
        default: return nil
        }
    }

    private static func mathOperator(_ text: String) -> MathProblem.Operator? {
        guard let symbol = text.first, text.count == 1 else { return nil }
        return MathProblem.Operator(rawValue: symbol)
    }

    /// `math`/`easy`, `qr`/CODE, `typing`/N, `card`/LABEL. A `steps` row (the seed's kind, never creatable here) is unreadable.
    static func encode(_ params: Challenge.Params) -> (kind: String, value: String, timeLimit: Int64?) {
        switch params {
        case .math(let level, let limit): ("math", level.rawValue, limit)
        case .qr(let code): ("qr", code, nil)
        case .typing(let words): ("typing", String(words), nil)
        case .card(let label): ("card", label, nil)
        }
    }

    static func decode(kind: String, value: String, timeLimit: Int64?) -> Challenge.Params? {
        switch kind {
        case "math": MathDifficulty(rawValue: value).map { .math(difficulty: $0, timeLimit: timeLimit ?? Challenge.defaultMathTimeLimit) }
        case "qr": .qr(expected: value)
        case "typing": Int(value).map { .typing(words: $0) }
        case "card": .card(label: value)
        default: nil
        }
    }
}
