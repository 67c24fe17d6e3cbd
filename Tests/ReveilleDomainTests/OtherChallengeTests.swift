import PropertyBased
import ReveilleDomain
import Testing

/// EvaluateQR, GenerateTypingPrompt and EvaluateTyping.
@Suite struct OtherChallengeTests {
    // MARK: QR

    @Test func qrExactMatchSucceeds() {
        #expect(EvaluateQR().execute(expected: "KITCHEN-42", scanned: "KITCHEN-42") == .success)
    }

    @Test(arguments: ["KITCHEN", "ITCHEN-4", "KITCHEN-42X", "xKITCHEN-42", "KITCHEN-42 ", ""])
    func qrSubstringOrSuperstringFails(scanned: String) {
        #expect(EvaluateQR().execute(expected: "KITCHEN-42", scanned: scanned) == .failWrong)
    }

    @Test func qrComparisonIsCaseSensitive() {
        #expect(EvaluateQR().execute(expected: "KITCHEN-42", scanned: "kitchen-42") == .failWrong)
        #expect(EvaluateQR().execute(expected: "Kitchen-42", scanned: "KITCHEN-42") == .failWrong)
    }

    // MARK: Typing

    static let wordList = ["anchor", "bright", "copper", "meadow", "lantern", "river", "summit", "violet"]

    @Test func typingPromptDrawsTheRequestedNumberOfWordsFromTheList() {
        var generator = SplitMix64(seed: 1)
        for count in [1, 6, 20] {
            let words = GenerateTypingPrompt().execute(words: count, from: Self.wordList, using: &generator)
            #expect(words.count == count)
            #expect(words.allSatisfy(Self.wordList.contains))
        }
    }

    @Test func typingPromptIsReproducibleFromASeed() {
        var first = SplitMix64(seed: 9)
        var second = SplitMix64(seed: 9)
        let a = GenerateTypingPrompt().execute(words: 12, from: Self.wordList, using: &first)
        let b = GenerateTypingPrompt().execute(words: 12, from: Self.wordList, using: &second)
        #expect(a == b)
        #expect(Set(a).count > 1)
    }

    @Test func typingPromptFromAnEmptyListIsEmpty() {
        var generator = SplitMix64(seed: 1)
        #expect(GenerateTypingPrompt().execute(words: 6, from: [], using: &generator).isEmpty)
    }

    @Test func typingPromptForZeroOrANegativeCountIsEmptyRatherThanATrap() {
        var generator = SplitMix64(seed: 1)
        #expect(GenerateTypingPrompt().execute(words: 0, from: Self.wordList, using: &generator).isEmpty)
        #expect(GenerateTypingPrompt().execute(words: -1, from: Self.wordList, using: &generator).isEmpty)
    }

    @Test(arguments: ["river summit violet", "River SUMMIT violet", "  river   summit\tviolet  ", "RIVER\t\tSUMMIT VIOLET"])
    func typingIgnoresCaseAndRunsOfSpaces(typed: String) {
        #expect(EvaluateTyping().execute(expected: ["river", "summit", "violet"], typed: typed) == .success)
    }

    @Test(arguments: [
        "summit river violet", "river summit", "river summit violet violet", "riversummit violet", "river summit violets", "",
    ])
    func typingRequiresTheSameWordsInTheSameOrder(typed: String) {
        #expect(EvaluateTyping().execute(expected: ["river", "summit", "violet"], typed: typed) == .failWrong)
    }
}
