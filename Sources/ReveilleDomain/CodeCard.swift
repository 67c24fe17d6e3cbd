import ReveilleText
import ReveilleTime

/// A printed card in another room whose code stops an alarm (`card:LABEL`). The code is shown once,
/// when the card is made; the agent keeps only a salted hash of it.
public struct CodeCard: Equatable, Sendable {
    public let label: String
    /// The code's salted hash in crypt(3) form; never the code.
    public var hash: String
    public var created: Instant

    public init(label: String, hash: String, created: Instant) {
        self.label = label
        self.hash = hash
        self.created = created
    }

    /// Cards a user has at once: enough for every room, few enough for one `ListCards` reply.
    public static let maximumCount = 100
    public static let maximumLabelLength = 64
}

/// The codes printed on cards: read off paper by a half-asleep person, so no two characters look alike.
public enum CardCode {
    /// Capitals and digits without 0/O/Q/D, 1/I/L/J, 2/Z, 5/S, 8/B and U/V.
    public static let alphabet: [Character] = Array("ACEFGHKMNPRTWXY34679")
    /// 20¹⁰ codes (43 bits): no guessing within a morning, even before the lockout.
    public static let length = 10

    public static func generate<G: RandomNumberGenerator>(using generator: inout G) -> String {
        String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// The form a typed or scanned answer is checked in: capitals, without the spaces and hyphens a
    /// person may put between groups. Codes are made in this form.
    public static func normalize(_ answer: String) -> String {
        String(answer.uppercased().filter { $0 != " " && $0 != "-" && $0 != "\t" })
    }

    /// Why `label` cannot name a card, or nil. Stricter than an alarm's label: it becomes part of the
    /// card's file name (`reveille-card-LABEL.svg`) and of `card:LABEL`, so it may not leave a directory,
    /// hide the file, or hold characters a shell or a terminal would read.
    public static func labelProblem(_ label: String) -> Message? {
        guard !label.isEmpty else { return Message("a card needs a label") }
        guard label.count <= CodeCard.maximumLabelLength, label.utf8.count <= 4 * CodeCard.maximumLabelLength else {
            return Message("a card label is at most {limit} characters long", ["limit": String(CodeCard.maximumLabelLength)])
        }
        let allowed: (Character) -> Bool = { character in
            if character.isASCII { return character.isLetter || ASCIIDigits.only(String(character)) || " -_.".contains(character) }
            return character.isLetter && character.unicodeScalars.allSatisfy(AlarmText.isPrintable)
        }
        guard label.allSatisfy(allowed) else {
            return Message("card label '{label}' may hold only letters, digits, spaces, '-', '_' and '.'",
                           ["label": AlarmText.quoted(label)])
        }
        guard let first = label.first, first != ".", first != "-", first != " ", label.last != " " else {
            return Message("card label '{label}' may not start with '.', '-' or a space, nor end with a space",
                           ["label": AlarmText.quoted(label)])
        }
        return nil
    }
}

/// Checks an answer against a card's code. The challenge flow asks it, so that neither the flow
/// nor a captcha ever holds a code or its hash.
public protocol CardVerifier: Sendable {
    /// Whether `answer` is the code of the card `label`; false for a card that does not exist.
    func verify(_ answer: String, card label: String) -> Bool
}

/// For flows with no cards: every card answer is wrong.
public struct NoCards: CardVerifier {
    public init() {}
    public func verify(_ answer: String, card label: String) -> Bool { false }
}
