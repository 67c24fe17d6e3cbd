import ReveilleCore
import ReveilleModel
import Synchronization
import Testing

/// Issue 24 §2: the typing challenge draws its words in the session's language, as it is when each
/// problem is drawn.
@Suite struct TypingLanguageTests {
    /// The session's languages as the agent last read them; changed by the test as a session would.
    final class SessionLanguages: Sendable {
        let current: Mutex<[String]>
        init(_ languages: [String]) { current = Mutex(languages) }
        func set(_ languages: [String]) { current.withLock { $0 = languages } }
        func get() -> [String] { current.withLock { $0 } }
    }

    static let words = WordLists(english: ["apple"], byLanguage: ["de": ["apfel"], "fr": ["pomme"]])

    @Test func aTypingChallengeIsInTheSessionLanguageWhenItsProblemIsDrawn() async throws {
        let session = SessionLanguages(["de_DE.UTF-8", "en"])
        let f = try await CoreFixture(words: Self.words, languages: { session.get() })
        let id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.typing(words: 2))] }
        await f.fireTimer()
        #expect(try await f.core.challenge(id).prompt == "Type: apfel apfel")

        // The language changes while it rings: the next problem (after a wrong answer) is in the new one.
        session.set(["fr_FR.UTF-8"])
        #expect(try await f.core.challenge(id).prompt == "Type: apfel apfel")
        #expect(try await f.core.submit(id, answer: "apple apple").0 == .wrong)
        #expect(try await f.core.challenge(id).prompt == "Type: pomme pomme")
        #expect(try await f.core.submit(id, answer: "POMME pomme").0 == .dismissed)
    }

    @Test func aLanguageWithoutAListHasEnglishWords() async throws {
        let f = try await CoreFixture(words: Self.words, languages: { ["it_IT.UTF-8"] })
        let id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.typing(words: 1))] }
        await f.fireTimer()
        #expect(try await f.core.challenge(id).prompt == "Type: apple")
    }
}
