import ReveilleCore
import ReveilleDomain
import ReveilleTestSupport
import Testing

@Suite struct DismissHintTests {
    @Test func ringingNotificationSaysThatDismissOpensAMathChallenge() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) { $0.challenges = [.new(.math(difficulty: .easy, timeLimit: 60))] }
        await f.fireTimer()
        let body = try #require(f.fakes.notifier.shown(id)?.body.english)
        #expect(body.split(separator: "\n").last == "Dismiss opens a math challenge")
    }

    @Test func ringingNotificationNamesEveryChallengeOfAStackInOrder() async throws {
        let f = try await CoreFixture()
        let id = try await f.addAlarm(minutesAhead: 5) {
            $0.challenges = [.new(.typing(words: 2)), .new(.qr(expected: "KITCHEN-1")), .new(.math(difficulty: .hard, timeLimit: 60))]
        }
        await f.fireTimer()
        let body = try #require(f.fakes.notifier.shown(id)?.body.english)
        #expect(body.split(separator: "\n").last == "Dismiss opens 3 challenges: typing, code, then math")
    }

    @Test func hintNamesEachKindAsTheCLIDoes() {
        func hint(_ params: Challenge.Params...) -> String {
            RingNotification.dismissHint(for: params.enumerated().map { Challenge(id: ChallengeID("c\($0.offset)"), params: $0.element, orderIndex: $0.offset) }).english
        }
        #expect(hint(.typing(words: 3)) == "Dismiss opens a typing challenge")
        #expect(hint(.qr(expected: "KITCHEN-1")) == "Dismiss opens a code challenge")
        #expect(hint(.math(difficulty: .easy, timeLimit: 30), .typing(words: 2)) == "Dismiss opens 2 challenges: math, then typing")
    }
}
