import ReveilleDomain
import ReveilleTime
import Testing

/// Code cards in the domain: `card:LABEL`, the code's alphabet and length, the label rules, and a
/// flow that checks a card's code only through the verifier it is given.
@Suite struct CodeCardTests {
    @Test func cardLabelParsesAndReadsBack() throws {
        let params = try AlarmText.parseChallenge("card:Kitchen")
        #expect(params == .card(label: "Kitchen"))
        #expect(AlarmText.formatChallenge(params) == "card:Kitchen")
        #expect(try AlarmText.parseChallenge("card:Hall way 2") == .card(label: "Hall way 2"))
        #expect(Challenge(id: ChallengeID("c"), params: params, orderIndex: 0).kind == .card)
    }

    @Test(arguments: ["", "../x", "a/b", ".hidden", "-rf", " pad", "pad ", "tab\there", "new\nline", "semi;colon",
                      "quote'", String(repeating: "k", count: 65)])
    func aLabelThatCouldLeaveItsDirectoryOrConfuseAShellIsRefused(label: String) {
        #expect(CardCode.labelProblem(label) != nil)
        #expect(throws: AlarmFieldError.self) { try AlarmText.parseChallenge("card:" + label) }
    }

    @Test(arguments: ["Kitchen", "Küche", "hall_2", "Hall way", "a.b-c", String(repeating: "k", count: 64)])
    func everydayLabelsAreAccepted(label: String) {
        #expect(CardCode.labelProblem(label) == nil)
    }

    @Test func codesAreTenCharactersWithNoLookAlikes() {
        var generator = SplitMix64(seed: 3)
        let codes = (0..<200).map { _ in CardCode.generate(using: &generator) }
        for code in codes {
            #expect(code.count == CardCode.length && CardCode.length >= 8)
            #expect(code.allSatisfy(CardCode.alphabet.contains))
        }
        for lookAlike: Character in ["0", "O", "1", "I", "L", "5", "S", "2", "Z", "8", "B"] {
            #expect(!CardCode.alphabet.contains(lookAlike))
        }
        #expect(Set(codes).count == codes.count)
        #expect(Set(codes.joined()).count == CardCode.alphabet.count)
    }

    @Test func answersAreComparedIgnoringCaseSpacesAndHyphens() {
        #expect(CardCode.normalize("kx7m-prwc 94") == "KX7MPRWC94")
        #expect(CardCode.normalize("KX7MPRWC94") == "KX7MPRWC94")
    }

    @Test func aStackWithABadStoredCardLabelIsInvalid() {
        let stack = [Challenge(id: ChallengeID("c"), params: .card(label: "../x"), orderIndex: 0)]
        #expect(ValidateChallengeStack().execute(stack) != .ok)
    }

    /// Remembers what it was asked; right only for one label and one answer.
    final class Verifier: CardVerifier, @unchecked Sendable {
        var asked: [(String, String)] = []
        func verify(_ answer: String, card label: String) -> Bool {
            asked.append((answer, label))
            return label == "Kitchen" && answer == "right"
        }
    }

    @Test func theFlowAsksTheVerifierAndNeverHoldsTheCode() throws {
        let flow = ChallengeFlow(rules: ChallengeRules(wordList: ["apple"]))
        let stack = [Challenge(id: ChallengeID("c"), params: .card(label: "Kitchen"), orderIndex: 0)]
        var generator = SplitMix64(seed: 1)
        let now = Instant(secondsSinceEpoch: 1_000_000)
        let (session, _) = flow.start(stack, at: 0, now: now, using: &generator)
        #expect(session.prompt == .card(label: "Kitchen"))
        #expect(session.prompt.text.contains("Kitchen"))
        let verifier = Verifier()
        let wrong = try flow.submit("wrong", to: session, of: stack, now: now, cards: verifier, using: &generator)
        #expect(wrong.outcome == .wrong)
        let right = try flow.submit("right", to: wrong.session!, of: stack, now: now, cards: verifier, using: &generator)
        #expect(right.outcome == .dismissed)
        #expect(verifier.asked.map(\.1) == ["Kitchen", "Kitchen"])
        // Without a verifier no card answer is right.
        #expect(try flow.submit("right", to: session, of: stack, now: now, using: &generator).outcome == .wrong)
    }
}

/// Error messages quote bad values in one short line, however many marks a character carries.
@Test func aValueOfCombiningMarksIsQuotedShort() {
    let text = "card:" + String(repeating: "\u{301}", count: 40_000)
    #expect(AlarmText.quoted(text).unicodeScalars.count <= 121)
    #expect(AlarmText.quoted("Kitchen") == "Kitchen")
    #expect(AlarmText.quoted(String(repeating: "k", count: 41)) == String(repeating: "k", count: 40) + "…")
}
