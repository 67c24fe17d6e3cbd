import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// Code cards in the core: made with a code returned once and stored as a hash, asked for by
/// `card:LABEL`, and kept while an alarm uses them.
@Suite struct CardTests {
    @Test func aCardIsStoredAsAHashAndItsCodeSolvesTheAlarmInAnyCase() async throws {
        let f = try await CoreFixture()
        let code = try await f.core.addCard("Kitchen")
        #expect(code.count == CardCode.length)
        let stored = f.fakes.store.contents.cards
        #expect(stored.map(\.label) == ["Kitchen"] && stored[0].hash == "fake$" + String(code.reversed()))
        #expect(await f.core.listCards() == ["Kitchen"])

        let id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.card(label: "Kitchen"))] }
        await f.fireTimer()
        let view = try await f.core.challenge(id)
        #expect(view.kind == .card && view.prompt.contains("Kitchen") && !view.prompt.contains(code))
        #expect(try await f.core.submit(id, answer: "ACEFGHKMNP").0 == .wrong)
        #expect(f.fakes.sound.isPlaying(id))
        #expect(try await f.core.submit(id, answer: code.lowercased()).0 == .dismissed)
        #expect(!f.fakes.sound.isPlaying(id))
    }

    @Test func aCardInUseCannotBeRemovedAndTheRefusalNamesTheAlarms() async throws {
        let f = try await CoreFixture()
        _ = try await f.core.addCard("Kitchen")
        let first = try await f.addAlarm { $0.label = "Work"; $0.challenges = [.new(.card(label: "Kitchen"))] }
        let second = try await f.addAlarm { $0.challenges = [.new(.math(difficulty: .easy, timeLimit: 60)), .new(.card(label: "Kitchen"))] }
        await #expect {
            try await f.core.removeCard("Kitchen")
        } throws: { error in
            guard case AgentError.invalidArgument(let message) = error else { return false }
            return message.english.contains("\(first) (Work)") && message.english.contains(second.rawValue)
        }
        #expect(f.fakes.store.contents.cards.count == 1)
        try await f.core.remove(first)
        try await f.core.update(second, { var c = AlarmChanges(); c.challenges = [.new(.typing(words: 2))]; return c }())
        try await f.core.removeCard("Kitchen")
        #expect(await f.core.listCards().isEmpty && f.fakes.store.contents.cards.isEmpty)
    }

    @Test func anAlarmNamingAMissingCardIsRefusedAndNothingIsAdded() async throws {
        let f = try await CoreFixture()
        await #expect(throws: AgentError.self) {
            _ = try await f.addAlarm { $0.challenges = [.new(.card(label: "Cellar"))] }
        }
        #expect(await f.core.list().isEmpty)
        let id = try await f.addAlarm()
        await #expect(throws: AgentError.self) {
            try await f.core.update(id, { var c = AlarmChanges(); c.challenges = [.new(.card(label: "Cellar"))]; return c }())
        }
    }

    @Test func aTakenOrBadLabelIsRefusedAndACardTheDiskRefusesIsNoCard() async throws {
        let f = try await CoreFixture()
        _ = try await f.core.addCard("Kitchen")
        for label in ["Kitchen", "../up", ""] {
            await #expect(throws: AgentError.self) { _ = try await f.core.addCard(label) }
        }
        await #expect(throws: AgentError.self) { try await f.core.removeCard("Cellar") }
        f.fakes.store.failWrites(true)
        await #expect(throws: AgentError.self) { _ = try await f.core.addCard("Hall") }
        #expect(await f.core.listCards() == ["Kitchen"])
        f.fakes.store.failWrites(false)
        await f.fireTimerOnce()
        #expect(f.fakes.store.contents.cards.map(\.label) == ["Kitchen"])
    }

    @Test func cardsSurviveARestart() async throws {
        let store = FakeStore()
        let code: String
        do {
            let f = try await CoreFixture(store: store)
            code = try await f.core.addCard("Kitchen")
        }
        let f = try await CoreFixture(store: store)
        #expect(await f.core.listCards() == ["Kitchen"])
        let id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.card(label: "Kitchen"))] }
        await f.fireTimer()
        #expect(try await f.core.submit(id, answer: code).0 == .dismissed)
    }

    /// Answers are checked against the hash held in memory: a database that stopped taking writes
    /// while the alarm rings does not stand between the right code and silence.
    @Test func aFailingDatabaseDoesNotKeepTheRightCodeFromStoppingTheAlarm() async throws {
        let f = try await CoreFixture()
        let code = try await f.core.addCard("Kitchen")
        let id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.card(label: "Kitchen"))] }
        await f.fireTimer()
        f.fakes.store.failWrites(true)
        #expect(try await f.core.submit(id, answer: code).0 == .dismissed)
        #expect(!f.fakes.sound.isPlaying(id))
    }

    /// A card row deleted by hand must not leave an alarm that nothing can stop: its challenge,
    /// even one already shown, becomes a hard math problem.
    @Test func anAlarmWhoseCardIsGoneAsksMathInsteadAndCanBeDismissed() async throws {
        let store = FakeStore()
        let id: AlarmID
        do {
            let f = try await CoreFixture(store: store)
            _ = try await f.core.addCard("Kitchen")
            id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.card(label: "Kitchen"))] }
            await f.fireTimer()
            #expect(try await f.core.challenge(id).kind == .card)
        }
        try store.deleteCard("Kitchen")
        let f = try await CoreFixture(store: store)
        #expect(f.fakes.sound.isPlaying(id))
        let view = try await f.core.challenge(id)
        #expect(view.kind == .math)
        #expect(f.fakes.notifier.notices == ["A code card is gone"])
        #expect(try await f.solve(id) == .dismissed)
        #expect(!f.fakes.sound.isPlaying(id))
    }
}
