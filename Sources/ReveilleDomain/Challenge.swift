/// One step of the stack that stops a ringing alarm.
public struct Challenge: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// A code to scan or type, printed as a QR code and placed in another room.
        case qr
        /// An arithmetic problem.
        case math
        /// Retype a few random words: the desktop stand-in for physical effort.
        case typing
        /// The code of a card made by `AddCard`, kept only as a hash.
        case card
    }

    public enum Params: Equatable, Sendable {
        case qr(expected: String)
        case math(difficulty: MathDifficulty, timeLimit: Int64)
        case typing(words: Int)
        /// The card's label; its code lives with the agent's cards, never in the alarm.
        case card(label: String)
    }

    public let id: ChallengeID
    public let params: Params
    public var orderIndex: Int

    public init(id: ChallengeID, params: Params, orderIndex: Int) {
        self.id = id
        self.params = params
        self.orderIndex = orderIndex
    }

    public var kind: Kind {
        switch params {
        case .qr: .qr
        case .math: .math
        case .typing: .typing
        case .card: .card
        }
    }

    /// Seconds allowed per problem; nil when the challenge has no time limit.
    public var timeLimit: Int64? {
        switch params {
        case .math(_, let limit): limit
        case .qr, .typing, .card: nil
        }
    }

    /// Four bytes for each of the most characters a code may have: a code made of
    /// combining marks is refused, a code in any script of the right length is not.
    public static let maximumQRCodeBytes = 512
    public static let defaultMathTimeLimit: Int64 = 60
    public static let typingWordRange = 1...20
    public static let defaultTypingWords = 6
    /// A new code is at least 6 characters, so guessing it is no way out.
    public static let qrCodeLengthRange = 6...128
    /// Codes stored before the minimum of 6 keep working: a stored stack is held to this range only.
    public static let storedQRCodeLengthRange = 1...128
}

/// How hard the math problems are, as in the iOS app.
public enum MathDifficulty: String, Equatable, Sendable, CaseIterable {
    /// `a + b` or `a − b` with operands 10–99.
    case easy
    /// `a × b` with operands 6–15.
    case medium
    /// `a × b + c` or `a × b − c` with a, b in 6–15 and c in 10–99.
    case hard
}
