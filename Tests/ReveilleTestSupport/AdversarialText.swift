import ReveilleCore

/// Text made to break parsers, from a seed so a failure can be replayed.
///
/// It mixes valid values with what looks like them but is not: digits of other scripts, digits with combining
/// marks, keycaps, fullwidth and superscript forms, lookalike separators, controls and NUL, and huge runs.
public struct AdversarialText {
    public var random: AgentRandom

    public init(seed: UInt64) { random = .seeded(seed) }

    /// Every form of the digit `d` that is not the ASCII one, as one string each.
    public static func lookalikes(of d: Int) -> [String] {
        let superscripts: [UInt32] = [0x2070, 0xB9, 0xB2, 0xB3, 0x2074, 0x2075, 0x2076, 0x2077, 0x2078, 0x2079]
        var scalars: [UInt32] = [
            0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50, 0xFF10, 0x1D7CE, 0x2080,  // Arabic-Indic … subscript
        ].map { $0 + UInt32(d) }
        scalars += [superscripts[d], d == 0 ? 0x24EA : 0x2460 + UInt32(d) - 1]  // superscript, circled
        let ascii = String(d)
        return scalars.compactMap(Unicode.Scalar.init).map { String($0) } + [
            ascii + "\u{FE0F}\u{20E3}", ascii + "\u{20E3}", ascii + "\u{301}", ascii + "\u{300}\u{301}",
            ascii + "\u{200D}", ascii + "\u{FE0F}", ascii + "\u{0}",
        ]
    }

    /// Pieces that look like separators or join onto their neighbours, and controls.
    public static let oddPieces: [String] = [
        "\u{301}", "\u{20E3}", "\u{FE0F}", "\u{200D}", "\u{200B}", "\u{FEFF}", "\u{202E}", "\u{2028}", "\u{0}",
        "\u{7}", "\u{1B}[2J", "\r", "\n", "\r\n", "\t", " ", "\u{A0}", "\u{FF1A}", "\u{2236}", ":\u{301}", "-\u{301}",
        "\u{2010}", "\u{2212}", "\u{FF0D}", "\u{FF0C}", ",\u{301}", "\u{FF1D}", "=\u{301}", "\u{FF3B}", "[", "]", "=", "#",
        ";", ":", "-", ",", "+", ".", "*", "½", "Ⅻ", "é", "e\u{301}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "İ", "ß", "ﬀ",
    ]

    /// A string near one of `valid`: the same with odd pieces spliced in, digits swapped for lookalikes,
    /// random pieces or scalars, or nothing.
    public mutating func text(near valid: [String]) -> String {
        let base = valid.isEmpty ? "" : valid[Int.random(in: 0..<valid.count, using: &random)]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40: return mutated(base)
        case 40..<55: return withLookalikeDigits(base)
        case 55..<75: return (0..<Int.random(in: 1...8, using: &random)).map { _ in piece() }.joined()
        case 75..<93: return randomScalars(Int.random(in: 0...12, using: &random))
        case 93..<99: return base
        default: return ["", " ", "\u{0}"][Int.random(in: 0..<3, using: &random)]
        }
    }

    /// More than 100 KB: a run of one odd piece or digit, or a valid value drowned in combining marks.
    public mutating func huge() -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return String(repeating: "1\u{301}", count: 40_000)
        case 1: return String(repeating: "0", count: 120_000)
        case 2: return "07:00" + String(repeating: "\u{301}", count: 60_000)
        default: return String(repeating: piece(), count: 30_000)
        }
    }

    public mutating func piece() -> String {
        if Bool.random(using: &random) {
            let forms = Self.lookalikes(of: Int.random(in: 0...9, using: &random))
            return forms[Int.random(in: 0..<forms.count, using: &random)]
        }
        return Self.oddPieces[Int.random(in: 0..<Self.oddPieces.count, using: &random)]
    }

    private mutating func mutated(_ base: String) -> String {
        var scalars = Array(base.unicodeScalars)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0...scalars.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1: scalars.insert(contentsOf: piece().unicodeScalars, at: at)
            case 2 where at < scalars.count: scalars.replaceSubrange(at...at, with: piece().unicodeScalars)
            default: if at < scalars.count { scalars.remove(at: at) }
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private mutating func withLookalikeDigits(_ base: String) -> String {
        var out = ""
        for scalar in base.unicodeScalars {
            if let d = scalar.properties.numericType == .decimal ? Int(String(scalar)) : nil, Bool.random(using: &random) {
                let forms = Self.lookalikes(of: d)
                out += forms[Int.random(in: 0..<forms.count, using: &random)]
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private mutating func randomScalars(_ count: Int) -> String {
        var out = String.UnicodeScalarView()
        while out.count < count {
            let value: UInt32 = switch Int.random(in: 0..<4, using: &random) {
            case 0: UInt32.random(in: 0...0x7F, using: &random)
            case 1: UInt32.random(in: 0x300...0x36F, using: &random)
            case 2: UInt32.random(in: 0x80...0xFFFF, using: &random)
            default: UInt32.random(in: 0...0x10FFFF, using: &random)
            }
            if let scalar = Unicode.Scalar(value) { out.append(scalar) }
        }
        return String(out)
    }
}
