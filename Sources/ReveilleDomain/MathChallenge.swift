import ReveilleTime

/// An arithmetic problem: `a op b`, or for the hard level `a × b op c`.
public struct MathProblem: Equatable, Sendable {
    public enum Operator: Character, Equatable, Sendable {
        case plus = "+"
        case minus = "-"
        case times = "×"
    }

    public let a: Int
    public let b: Int
    public let op: Operator
    /// The hard level's second step: `± c` applied to `a × b`.
    public let tail: Tail?

    public struct Tail: Equatable, Sendable {
        public let op: Operator
        public let c: Int
        public init(op: Operator, c: Int) {
            self.op = op
            self.c = c
        }
    }

    public init(a: Int, b: Int, op: Operator, tail: Tail? = nil) {
        self.a = a
        self.b = b
        self.op = op
        self.tail = tail
    }

    public var answer: Int {
        let head = Self.apply(op, a, b)
        guard let tail else { return head }
        return Self.apply(tail.op, head, tail.c)
    }

    /// `47 + 38`, `7 × 12 − 45`; the minus sign is the typographic one.
    public var text: String {
        var text = "\(a) \(Self.symbol(op)) \(b)"
        if let tail { text += " \(Self.symbol(tail.op)) \(tail.c)" }
        return text
    }

    private static func apply(_ op: Operator, _ x: Int, _ y: Int) -> Int {
        switch op {
        case .plus: x + y
        case .minus: x - y
        case .times: x * y
        }
    }

    private static func symbol(_ op: Operator) -> String {
        op == .minus ? "−" : String(op.rawValue)
    }
}

/// Draws a problem of a difficulty level from an injected random source.
public struct GenerateMathProblem: Sendable {
    public init() {}

    public static let easyOperands = 10...99
    public static let factorOperands = 6...15
    public static let hardOffsets = 10...99

    public func execute<G: RandomNumberGenerator>(difficulty: MathDifficulty, using generator: inout G) -> MathProblem {
        switch difficulty {
        case .easy:
            let x = Int.random(in: Self.easyOperands, using: &generator)
            let y = Int.random(in: Self.easyOperands, using: &generator)
            // Subtraction keeps the larger operand first: a sleepy person should not meet negative numbers.
            return Bool.random(using: &generator)
                ? MathProblem(a: x, b: y, op: .plus)
                : MathProblem(a: max(x, y), b: min(x, y), op: .minus)
        case .medium:
            return MathProblem(
                a: Int.random(in: Self.factorOperands, using: &generator),
                b: Int.random(in: Self.factorOperands, using: &generator),
                op: .times
            )
        case .hard:
            let a = Int.random(in: Self.factorOperands, using: &generator)
            let b = Int.random(in: Self.factorOperands, using: &generator)
            let c = Int.random(in: Self.hardOffsets, using: &generator)
            let tailOp: MathProblem.Operator = Bool.random(using: &generator) ? .plus : .minus
            return MathProblem(a: a, b: b, op: .times, tail: .init(op: tailOp, c: c))
        }
    }
}

/// Reads a typed answer: an integer with an optional sign and surrounding spaces. Anything else is nil.
public struct ParseMathAnswer: Sendable {
    public init() {}

    public func execute(_ text: String) -> Int? {
        var body = Substring(text.trimmingBlanks(spacesAndTabs))
        var negative = false
        if let sign = body.first, sign == "+" || sign == "-" || sign == "−" {
            negative = sign != "+"
            body = body.dropFirst()
        }
        guard let value = ASCIIDigits.value(body) else {
            return nil
        }
        return negative ? -value : value
    }
}

/// Checks an answer against a problem and its time limit.
///
/// Past the limit the answer is a timeout whatever its value; exactly at the limit it still counts.
public struct EvaluateMathAnswer: Sendable {
    public init() {}

    public func execute(
        problem: MathProblem, answer: Int, timeLimit: Int64, startedAt: Instant, now: Instant
    ) -> ChallengeRun.Outcome {
        guard now.seconds(since: startedAt) <= timeLimit else { return .failTimeout }
        return problem.answer == answer ? .success : .failWrong
    }
}
