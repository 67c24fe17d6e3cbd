import PropertyBased
import ReveilleDomain
import Testing

/// AdvanceChallenge: success moves on, anything else retries, `.finished` only after the last success.
@Suite struct AdvanceChallengeTests {
    let advance = AdvanceChallenge()

    static let outcomes: [ChallengeRun.Outcome] = [.pending, .success, .failTimeout, .failWrong, .aborted]
    static let failures: [ChallengeRun.Outcome] = [.pending, .failTimeout, .failWrong, .aborted]

    @Test func successMovesToTheNextIndex() {
        #expect(advance.execute(currentIndex: 0, outcome: .success, total: 3) == .index(1))
        #expect(advance.execute(currentIndex: 1, outcome: .success, total: 3) == .index(2))
    }

    @Test func successOnTheLastChallengeFinishes() {
        #expect(advance.execute(currentIndex: 2, outcome: .success, total: 3) == .finished)
        #expect(advance.execute(currentIndex: 0, outcome: .success, total: 1) == .finished)
    }

    @Test(arguments: failures)
    func failureRetriesTheSameIndex(outcome: ChallengeRun.Outcome) {
        #expect(advance.execute(currentIndex: 1, outcome: outcome, total: 3) == .index(1))
        #expect(advance.execute(currentIndex: 2, outcome: outcome, total: 3) == .index(2))
    }

    /// The decision: walking away from a challenge never stops a ringing alarm.
    @Test func abortOnTheLastChallengeDoesNotFinish() {
        #expect(advance.execute(currentIndex: 0, outcome: .aborted, total: 1) == .index(0))
    }

    @Test func outOfRangeIndexIsClampedIntoTheStack() {
        #expect(advance.execute(currentIndex: -4, outcome: .failWrong, total: 3) == .index(0))
        #expect(advance.execute(currentIndex: 9, outcome: .failWrong, total: 3) == .index(2))
    }

    // MARK: Properties

    @Test func neverReturnsAnIndexOutsideTheStack() async {
        await propertyCheck(input: Gen.int(in: -3...12), Gen.element(of: Self.outcomes), Gen.int(in: 1...8)) { index, outcome, total in
            if case .index(let next) = advance.execute(currentIndex: index, outcome: outcome!, total: total) {
                #expect((0..<total).contains(next))
            }
        }
    }

    @Test func finishesExactlyWhenTheLastChallengeSucceeds() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...8), Gen.int(in: 0...7), Gen.element(of: Self.outcomes)) {
            total, anyIndex, outcome in
            let index = anyIndex % total
            let outcome = outcome!
            let next = advance.execute(currentIndex: index, outcome: outcome, total: total)
            #expect((next == .finished) == (outcome == .success && index == total - 1))
            if outcome == .success, index < total - 1 { #expect(next == .index(index + 1)) }
            if outcome != .success { #expect(next == .index(index)) }
        }
    }

    @Test func walkingAStackOfSuccessesAndFailuresFinishesAfterExactlyNSuccesses() async {
        let outcomes = Gen.element(of: Self.outcomes).map { $0! }.array(of: 0...40)
        await propertyCheck(input: Gen.int(in: 1...8), outcomes) { total, outcomes in
            var step = NextStep.index(0)
            var successes = 0
            for outcome in outcomes + Array(repeating: .success, count: total) {
                guard case .index(let index) = step else { break }
                #expect(index == successes)
                if outcome == .success { successes += 1 }
                step = advance.execute(currentIndex: index, outcome: outcome, total: total)
            }
            #expect(step == .finished)
            #expect(successes == total)
        }
    }
}
