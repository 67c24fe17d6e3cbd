/// Column arithmetic for a terminal: how wide text is, and how to cut, pad and wrap it by columns.
///
/// Text is expected to be sanitized first: control characters have no width here.
enum DisplayWidth {
    /// Columns one character takes: 2 for East Asian wide and fullwidth characters and emoji, 0 for
    /// a lone combining mark, 1 otherwise. `×` and `−` are East Asian "ambiguous", which terminals
    /// outside CJK locales draw narrow, so they count 1.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isWide(first) || scalars.contains("\u{FE0F}") { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .format: return 0
        default: return 1
        }
    }

    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `width` columns, ending in `…` when it was cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        return ellipsized(text, to: width)
    }

    /// `text` ending in `…` within `width` columns, cut or not: it marks lines left out below it.
    static func ellipsized(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var kept = prefix(text, fitting: width - 1)
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    /// The longest suffix of `text` that fits in `width` columns, starting with `…` when it was cut.
    /// An input line shows its end, where the cursor is.
    static func truncateHead(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let columns = of(character)
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        return "…" + String(kept.reversed())
    }

    /// `text` cut to `width` columns if wider, then padded with spaces to exactly `width` columns.
    static func fit(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// Breaks `text` into lines of at most `width` columns at spaces; a word wider than a line is
    /// split wherever it must be.
    static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            let separator = line.isEmpty ? 0 : 1
            if of(line) + separator + of(word) <= width {
                line += (line.isEmpty ? "" : " ") + word
                continue
            }
            if of(word) > width, !line.isEmpty {
                // A word longer than a line (CJK text has no spaces) starts where the line has room.
                let head = prefix(word, fitting: width - of(line) - 1)
                if !head.isEmpty {
                    line += " " + head
                    word.removeFirst(head.count)
                }
            }
            if !line.isEmpty { lines.append(line) }
            while of(word) > width {
                // A wide character in a one-column line still takes a line of its own.
                let head = prefix(word, fitting: width)
                let taken = head.isEmpty ? String(word.prefix(1)) : head
                lines.append(taken)
                word.removeFirst(taken.count)
            }
            line = word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest prefix of `text` at most `width` columns wide, never splitting a character.
    private static func prefix(_ text: String, fitting width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        return result
    }

    /// East Asian Wide and Fullwidth blocks (UAX #11) and the emoji blocks, coarsely: enough for
    /// CJK text, Hangul, fullwidth forms and pictographs, which are what prompts and labels hold.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
             0x231A...0x231B, 0x23E9...0x23EC, 0x23F0, 0x23F3,  // watch, hourglass, alarm clock
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
             0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
             0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
             0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
             0x2B50, 0x2B55,
             0x2E80...0x303E,  // CJK radicals, punctuation
             0x3041...0x33FF,  // kana, CJK symbols
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xA000...0xA4CF,  // Yi
             0xA960...0xA97F,  // Hangul Jamo extended A
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19, 0xFE30...0xFE6F,  // vertical and small forms
             0xFF00...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
             0x1F300...0x1F64F,  // pictographs, emoticons
             0x1F680...0x1F6FF,  // transport and map symbols
             0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x3FFFD:  // CJK extensions B and later
            true
        default:
            false
        }
    }
}
