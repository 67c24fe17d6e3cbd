import ReveilleDomain
import Testing

/// EvaluateTyping with words that have accents (issue 24 §2): what a US keyboard can type is accepted,
/// a composed and a decomposed spelling are the same answer, a wrong word stays wrong.
@Suite struct TypingFoldTests {
    /// Text from explicit scalars, so that the test says which spelling it is whatever the editor does.
    static func text(_ scalars: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        for value in scalars { view.append(Unicode.Scalar(value)!) }
        return String(view)
    }

    /// être composed: U+00EA; decomposed: e + U+0302 COMBINING CIRCUMFLEX ACCENT.
    static let etreComposed = text([0x00EA, 0x74, 0x72, 0x65])
    static let etreDecomposed = text([0x65, 0x302, 0x74, 0x72, 0x65])
    /// über composed: U+00FC; decomposed: u + U+0308 COMBINING DIAERESIS.
    static let uberComposed = text([0x00FC, 0x62, 0x65, 0x72])
    static let uberDecomposed = text([0x75, 0x308, 0x62, 0x65, 0x72])

    @Test func theTestSpellingsAreWhatTheySay() {
        #expect(Self.etreComposed.unicodeScalars.count == 4)
        #expect(Self.etreDecomposed.unicodeScalars.count == 5)
        #expect(Self.uberDecomposed.unicodeScalars.count == 5)
    }

    @Test func aComposedAndADecomposedSpellingAreTheSameAnswer() {
        for (shown, typed) in [(Self.etreComposed, Self.etreDecomposed), (Self.etreDecomposed, Self.etreComposed),
                               (Self.uberComposed, Self.uberDecomposed), (Self.uberDecomposed, Self.uberComposed)] {
            #expect(EvaluateTyping().execute(expected: [shown], typed: typed) == .success)
        }
    }

    @Test func anAnswerWithoutAccentsIsAccepted() {
        #expect(EvaluateTyping().execute(expected: [Self.etreComposed], typed: "etre") == .success)
        #expect(EvaluateTyping().execute(expected: [Self.etreDecomposed], typed: "etre") == .success)
        #expect(EvaluateTyping().execute(expected: [Self.uberComposed], typed: "uber") == .success)
        #expect(EvaluateTyping().execute(expected: [Self.uberDecomposed], typed: "uber") == .success)
        #expect(EvaluateTyping().execute(expected: ["mañana", "árbol", "sœur", "garçon"], typed: "manana arbol soeur garcon") == .success)
    }

    @Test func anUmlautMayBeTypedAsVowelAndE() {
        #expect(EvaluateTyping().execute(expected: [Self.uberComposed], typed: "ueber") == .success)
        #expect(EvaluateTyping().execute(expected: [Self.uberDecomposed], typed: "ueber") == .success)
        #expect(EvaluateTyping().execute(expected: ["fröhlich", "zählen"], typed: "froehlich zaehlen") == .success)
        // Only for ä, ö, ü: ë is not an umlaut.
        #expect(EvaluateTyping().execute(expected: ["noël"], typed: "noeel") == .failWrong)
    }

    @Test func sharpSMayBeTypedAsDoubleS() {
        #expect(EvaluateTyping().execute(expected: ["groß"], typed: "gross") == .success)
        #expect(EvaluateTyping().execute(expected: ["groß"], typed: "GROSS") == .success)
        #expect(EvaluateTyping().execute(expected: ["groß"], typed: "gros") == .failWrong)
    }

    @Test func caseDoesNotMatterWithAccentsEither() {
        #expect(EvaluateTyping().execute(expected: [Self.etreComposed], typed: Self.text([0x00CA, 0x54, 0x52, 0x45])) == .success)
        #expect(EvaluateTyping().execute(expected: [Self.uberComposed], typed: Self.text([0x55, 0x308, 0x42, 0x45, 0x52])) == .success)
        #expect(EvaluateTyping().execute(expected: ["élève"], typed: "Eleve") == .success)
    }

    @Test(arguments: ["etres", "tre", "ete", "übre", "uberr", "ubr", "etre etre", ""])
    func aWrongWordIsStillWrong(typed: String) {
        #expect(EvaluateTyping().execute(expected: [Self.etreComposed], typed: typed) == .failWrong)
        #expect(EvaluateTyping().execute(expected: [Self.uberComposed], typed: typed) == .failWrong)
    }

    /// Accents are folded on both sides, so a different accent on the right letter passes; a different letter does not.
    @Test func anyAccentOnTheRightLetterPassesButAnotherLetterDoesNot() {
        #expect(EvaluateTyping().execute(expected: ["café"], typed: "cafe") == .success)
        #expect(EvaluateTyping().execute(expected: ["café"], typed: "cafa") == .failWrong)
        #expect(EvaluateTyping().execute(expected: ["café"], typed: "cafë") == .success)
    }

    @Test func foldingGivesThePlainSpelling() {
        #expect(TypingFold.fold("Über") == "uber")
        #expect(TypingFold.fold("Über", umlautsAsE: true) == "ueber")
        #expect(TypingFold.fold(Self.uberDecomposed, umlautsAsE: true) == "ueber")
        #expect(TypingFold.fold("sœur") == "soeur")
        #expect(TypingFold.fold("groß") == "gross")
        #expect(TypingFold.fold("ÆRØ") == "aero")
        #expect(TypingFold.fold("river") == "river")
    }
}
