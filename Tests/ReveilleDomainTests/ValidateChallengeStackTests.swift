import PropertyBased
import ReveilleDomain
import Testing

/// ValidateChallengeStack: 1–8 challenges, order indices 0…n−1 each once, parameters in range.
@Suite struct ValidateChallengeStackTests {
    let validate = ValidateChallengeStack()

    static let validParams: [Challenge.Params] = [
        .qr(expected: "KITCHEN-42"), .math(difficulty: .easy, timeLimit: 1),
        .math(difficulty: .hard, timeLimit: 60), .typing(words: 1), .typing(words: 20),
        .qr(expected: String(repeating: "x", count: 128)),
    ]

    func stack(orderIndices: [Int]) -> [Challenge] {
        orderIndices.enumerated().map { position, orderIndex in
            Challenge(id: ChallengeID("c\(position)"), params: Self.validParams[position % Self.validParams.count], orderIndex: orderIndex)
        }
    }

    func isInvalid(_ result: ValidationResult, mentioning word: String) -> Bool {
        guard case .invalid(let reason) = result else { return false }
        return reason.english.contains(word)
    }

    @Test func singleChallengeAtIndexZeroIsValid() {
        #expect(validate.execute(stack(orderIndices: [0])) == .ok)
    }

    @Test func eightChallengesInAnyOrderAreValid() {
        #expect(validate.execute(stack(orderIndices: [3, 0, 7, 1, 6, 2, 5, 4])) == .ok)
    }

    @Test func emptyStackIsRejected() {
        #expect(isInvalid(validate.execute([]), mentioning: "at least one"))
    }

    @Test func moreThanEightChallengesAreRejected() {
        #expect(isInvalid(validate.execute(stack(orderIndices: Array(0..<9))), mentioning: "at most 8"))
    }

    @Test func duplicateOrderIndexIsRejected() {
        #expect(isInvalid(validate.execute(stack(orderIndices: [0, 1, 1])), mentioning: "order"))
    }

    @Test func gapInOrderIndicesIsRejected() {
        #expect(isInvalid(validate.execute(stack(orderIndices: [0, 2])), mentioning: "order"))
    }

    @Test func orderNotStartingAtZeroIsRejected() {
        #expect(isInvalid(validate.execute(stack(orderIndices: [1, 2])), mentioning: "order"))
        #expect(isInvalid(validate.execute(stack(orderIndices: [-1, 0])), mentioning: "order"))
    }

    @Test(arguments: [
        (Challenge.Params.qr(expected: ""), "qr code"),
        (.qr(expected: String(repeating: "x", count: 129)), "qr code"),
        (.qr(expected: "bell\u{7}"), "printable"),
        (.math(difficulty: .medium, timeLimit: 0), "time limit"),
        (.typing(words: 0), "not 0"),
        (.typing(words: 21), "not 21"),
    ])
    func outOfRangeParametersAreRejected(params: Challenge.Params, reasonMentions word: String) {
        let challenges = [makeChallenge(.typing(words: 3), at: 0), makeChallenge(params, at: 1)]
        #expect(isInvalid(validate.execute(challenges), mentioning: word))
    }

    // MARK: Properties

    /// A random permutation of `0..<n` for n in 1…8.
    static let permutations = zip(Gen.int(in: 1...8), Gen.shuffled(Array(0..<8))).map { count, shuffled in
        shuffled.filter { $0 < count }
    }

    @Test func anyPermutationOfZeroToNWithValidParamsIsValid() async {
        await propertyCheck(input: Self.permutations) { order in
            #expect(validate.execute(stack(orderIndices: order)) == .ok)
        }
    }

    @Test func anyStackWithADuplicatedIndexIsInvalid() async {
        let orders = Self.permutations.filter { $0.count >= 2 }
        await propertyCheck(input: orders, Gen.int(in: 0...7), Gen.int(in: 0...7)) { order, from, to in
            var order = order
            let source = from % order.count
            var target = to % order.count
            if target == source { target = (target + 1) % order.count }
            order[target] = order[source]
            #expect(isInvalid(validate.execute(stack(orderIndices: order)), mentioning: "order"))
        }
    }

    @Test func anyStackWithAMissingIndexIsInvalid() async {
        // Drop one index of 0…n other than n itself: n places remain, with a hole below the top.
        await propertyCheck(input: Gen.int(in: 1...8), Gen.shuffled(Array(0..<9)), Gen.int(in: 0...7)) { count, shuffled, dropped in
            let missing = dropped % count
            let order = shuffled.filter { $0 <= count && $0 != missing }
            #expect(order.count == count)
            #expect(isInvalid(validate.execute(stack(orderIndices: order)), mentioning: "order"))
        }
    }
}
