/// Compares a scanned or typed code with the expected one: exact and case-sensitive.
public struct EvaluateQR: Sendable {
    public init() {}

    public func execute(expected: String, scanned: String) -> ChallengeRun.Outcome {
        expected == scanned ? .success : .failWrong
    }
}

/// Picks the words a typing challenge asks for, from a word list shipped with Reveille.
public struct GenerateTypingPrompt: Sendable {
    public init() {}

    public func execute<G: RandomNumberGenerator>(words count: Int, from list: [String], using generator: inout G) -> [String] {
        // A stored stack may bypass validation: a negative count must not trap while an alarm rings.
        guard !list.isEmpty, count > 0 else { return [] }
        return (0..<count).map { _ in list[Int.random(in: 0..<list.count, using: &generator)] }
    }
}

/// Checks retyped words: case, accents (`TypingFold`) and runs of spaces do not matter, the words and
/// their order do.
public struct EvaluateTyping: Sendable {
    public init() {}

    public func execute(expected: [String], typed: String) -> ChallengeRun.Outcome {
        let words = typed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count == expected.count else { return .failWrong }
        return zip(words, expected).allSatisfy(TypingFold.matches) ? .success : .failWrong
    }
}
