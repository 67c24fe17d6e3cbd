import PropertyBased
import ReveilleDomain
import ReveilleTime
import Testing

/// GenerateMathProblem, ParseMathAnswer and EvaluateMathAnswer: each operator, off-by-one, the time limit edge.
@Suite struct MathChallengeTests {
    let evaluate = EvaluateMathAnswer()
    let parse = ParseMathAnswer()
    let started = instant(2026, 6, 10, 7, 0)

    func draws(_ level: MathDifficulty, count: Int = 500, seed: UInt64 = 42) -> [MathProblem] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in GenerateMathProblem().execute(difficulty: level, using: &generator) }
    }

    // MARK: Problems

    @Test func problemAnswersFollowTheirOperator() {
        #expect(MathProblem(a: 47, b: 38, op: .plus).answer == 85)
        #expect(MathProblem(a: 47, b: 38, op: .minus).answer == 9)
        #expect(MathProblem(a: 7, b: 12, op: .times).answer == 84)
        #expect(MathProblem(a: 7, b: 12, op: .times, tail: .init(op: .plus, c: 45)).answer == 129)
        #expect(MathProblem(a: 7, b: 12, op: .times, tail: .init(op: .minus, c: 45)).answer == 39)
    }

    @Test func problemTextUsesTypographicSigns() {
        #expect(MathProblem(a: 47, b: 38, op: .plus).text == "47 + 38")
        #expect(MathProblem(a: 47, b: 38, op: .minus).text == "47 − 38")
        #expect(MathProblem(a: 7, b: 12, op: .times, tail: .init(op: .minus, c: 45)).text == "7 × 12 − 45")
    }

    @Test func easyProblemsAddOrSubtractTwoDigitNumbersWithoutGoingNegative() {
        let problems = draws(.easy)
        for problem in problems {
            #expect(GenerateMathProblem.easyOperands.contains(problem.a) && GenerateMathProblem.easyOperands.contains(problem.b))
            #expect(problem.op == .plus || problem.op == .minus)
            #expect(problem.tail == nil)
            #expect(problem.answer >= 0)
        }
        #expect(Set(problems.map(\.op)) == [.plus, .minus])
    }

    @Test func mediumProblemsMultiplySixToFifteen() {
        let problems = draws(.medium)
        for problem in problems {
            #expect((6...15).contains(problem.a) && (6...15).contains(problem.b))
            #expect(problem.op == .times && problem.tail == nil)
        }
        #expect(Set(problems.map(\.a)) == Set(6...15))
    }

    @Test func hardProblemsMultiplyThenAddOrSubtractATwoDigitNumber() throws {
        let problems = draws(.hard)
        for problem in problems {
            let tail = try #require(problem.tail)
            #expect((6...15).contains(problem.a) && (6...15).contains(problem.b) && problem.op == .times)
            #expect((10...99).contains(tail.c))
            #expect(problem.answer == problem.a * problem.b + (tail.op == .plus ? tail.c : -tail.c))
        }
        #expect(Set(problems.compactMap(\.tail?.op)) == [.plus, .minus])
    }

    @Test func sameSeedDrawsTheSameProblems() {
        #expect(draws(.hard, count: 20, seed: 7) == draws(.hard, count: 20, seed: 7))
        #expect(draws(.hard, count: 20, seed: 7) != draws(.hard, count: 20, seed: 8))
    }

    // MARK: Parsing answers

    @Test(arguments: [
        (" 42 ", 42), ("+42", 42), ("-7", -7), ("−7", -7), ("0", 0), ("\t129", 129), ("007", 7),
        ("999999999999999999", 999_999_999_999_999_999),
    ])
    func acceptsIntegersOfUpTo18DigitsWithSignsAndSurroundingSpace(text: String, value: Int) {
        #expect(parse.execute(text) == value)
    }

    @Test(arguments: ["4 2", "42a", "", "   ", "0x10", "1e3", "4.0", "--7", "+-7", "- 7", "٤٢",
                      "1000000000000000000", String(repeating: "9", count: 19), String(repeating: "1", count: 400)])
    func rejectsAnythingButAPlainIntegerOfUpTo18Digits(text: String) {
        #expect(parse.execute(text) == nil)
    }

    // MARK: Evaluating answers

    @Test(arguments: [
        MathProblem(a: 47, b: 38, op: .plus), MathProblem(a: 91, b: 19, op: .minus), MathProblem(a: 13, b: 14, op: .times),
        MathProblem(a: 9, b: 8, op: .times, tail: .init(op: .plus, c: 11)),
        MathProblem(a: 9, b: 8, op: .times, tail: .init(op: .minus, c: 99)),
    ])
    func eachOperatorAcceptsOnlyTheExactAnswer(problem: MathProblem) {
        let now = started.adding(seconds: 5)
        #expect(evaluate.execute(problem: problem, answer: problem.answer, timeLimit: 60, startedAt: started, now: now) == .success)
        #expect(evaluate.execute(problem: problem, answer: problem.answer + 1, timeLimit: 60, startedAt: started, now: now) == .failWrong)
        #expect(evaluate.execute(problem: problem, answer: problem.answer - 1, timeLimit: 60, startedAt: started, now: now) == .failWrong)
    }

    @Test func answerExactlyAtTheTimeLimitIsStillEvaluated() {
        let problem = MathProblem(a: 6, b: 7, op: .times)
        let atLimit = started.adding(seconds: 60)
        #expect(evaluate.execute(problem: problem, answer: 42, timeLimit: 60, startedAt: started, now: atLimit) == .success)
        #expect(evaluate.execute(problem: problem, answer: 41, timeLimit: 60, startedAt: started, now: atLimit) == .failWrong)
    }

    @Test func answerPastTheTimeLimitTimesOutWhateverItsValue() {
        let problem = MathProblem(a: 6, b: 7, op: .times)
        let late = started.adding(seconds: 61)
        #expect(evaluate.execute(problem: problem, answer: 42, timeLimit: 60, startedAt: started, now: late) == .failTimeout)
        #expect(evaluate.execute(problem: problem, answer: 41, timeLimit: 60, startedAt: started, now: late) == .failTimeout)
    }

    @Test func correctnessIsIgnoredAfterTimeout() async {
        await propertyCheck(input: Gen.int(in: 1...300), Gen.int(in: 1...10_000), Gen.int(in: -200...200)) { limit, overBy, answer in
            let problem = MathProblem(a: 12, b: 11, op: .times, tail: .init(op: .minus, c: 10))
            let now = started.adding(seconds: Int64(limit + overBy))
            let outcome = evaluate.execute(problem: problem, answer: answer, timeLimit: Int64(limit), startedAt: started, now: now)
            #expect(outcome == .failTimeout)
        }
    }

    @Test func withinTheLimitOnlyCorrectnessDecides() async {
        await propertyCheck(input: Gen.int(in: 1...300), Gen.int(in: 0...300), Gen.int(in: -200...200)) { limit, elapsed, answer in
            let problem = MathProblem(a: 12, b: 11, op: .times, tail: .init(op: .minus, c: 10))
            let now = started.adding(seconds: Int64(min(elapsed, limit)))
            let expected: ChallengeRun.Outcome = answer == 122 ? .success : .failWrong
            #expect(evaluate.execute(problem: problem, answer: answer, timeLimit: Int64(limit), startedAt: started, now: now) == expected)
            #expect(evaluate.execute(problem: problem, answer: 122, timeLimit: Int64(limit), startedAt: started, now: now) == .success)
        }
    }
}
