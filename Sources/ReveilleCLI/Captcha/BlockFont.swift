/// Large characters drawn with `█`, for the one thing a half-asleep person must read, the problem,
/// and for a label made of letters and digits (shown in capitals).
///
/// Each glyph is 3 pixels wide and 5 high. A pixel is `columns` cells wide and `rows` cells high;
/// terminal cells are about twice as high as wide, so 2×1 and 4×2 pixels look square.
enum BlockFont {
    struct Scale: Equatable {
        var columns: Int
        var rows: Int

        /// Largest first: the screen takes the first that fits.
        static let all = [Scale(columns: 4, rows: 2), Scale(columns: 2, rows: 1), Scale(columns: 1, rows: 1)]

        var height: Int { 5 * rows }
        /// Between the characters of one number.
        var letterGap: Int { max(1, columns / 2) }
        /// Where the text has a space.
        var wordGap: Int { columns + letterGap }
    }

    /// The characters math problems are written with (`-` and `−` look alike), and capital letters.
    private static let glyphs: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"],
        "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"],
        "3": ["###", "..#", "###", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"],
        "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"],
        "7": ["###", "..#", "..#", "..#", "..#"],
        "8": ["###", "#.#", "###", "#.#", "###"],
        "9": ["###", "#.#", "###", "..#", "###"],
        "+": ["...", ".#.", "###", ".#.", "..."],
        "-": ["...", "...", "###", "...", "..."],
        "−": ["...", "...", "###", "...", "..."],
        "×": ["...", "#.#", ".#.", "#.#", "..."],
        "=": ["...", "###", "...", "###", "..."],
        "?": ["###", "..#", ".##", "...", ".#."],
        "A": [".#.", "#.#", "###", "#.#", "#.#"],
        "B": ["##.", "#.#", "##.", "#.#", "##."],
        "C": [".##", "#..", "#..", "#..", ".##"],
        "D": ["##.", "#.#", "#.#", "#.#", "##."],
        "E": ["###", "#..", "##.", "#..", "###"],
        "F": ["###", "#..", "##.", "#..", "#.."],
        "G": [".##", "#..", "#.#", "#.#", ".##"],
        "H": ["#.#", "#.#", "###", "#.#", "#.#"],
        "I": ["###", ".#.", ".#.", ".#.", "###"],
        "J": ["..#", "..#", "..#", "#.#", ".#."],
        "K": ["#.#", "#.#", "##.", "#.#", "#.#"],
        "L": ["#..", "#..", "#..", "#..", "###"],
        "M": ["#.#", "###", "###", "#.#", "#.#"],
        "N": ["##.", "#.#", "#.#", "#.#", "#.#"],
        "O": [".#.", "#.#", "#.#", "#.#", ".#."],
        "P": ["##.", "#.#", "##.", "#..", "#.."],
        "Q": [".#.", "#.#", "#.#", "##.", ".##"],
        "R": ["##.", "#.#", "##.", "#.#", "#.#"],
        "S": [".##", "#..", ".#.", "..#", "##."],
        "T": ["###", ".#.", ".#.", ".#.", ".#."],
        "U": ["#.#", "#.#", "#.#", "#.#", "###"],
        "V": ["#.#", "#.#", "#.#", "#.#", ".#."],
        "W": ["#.#", "#.#", "###", "###", "#.#"],
        "X": ["#.#", "#.#", ".#.", "#.#", "#.#"],
        "Y": ["#.#", "#.#", ".#.", ".#.", ".#."],
        "Z": ["###", "..#", ".#.", "#..", "###"],
    ]

    /// Whether every character of `text` has a glyph (spaces separate words).
    static func canDraw(_ text: String) -> Bool {
        text.contains { $0 != " " } && text.uppercased().allSatisfy { $0 == " " || glyphs[$0] != nil }
    }

    /// Columns `text` takes at `scale`.
    static func width(of text: String, at scale: Scale) -> Int {
        lines(text, at: scale).first.map { DisplayWidth.of($0) } ?? 0
    }

    /// `scale.height` lines of equal width, or nil when a character has no glyph.
    static func lines(_ text: String, at scale: Scale) -> [String] {
        guard canDraw(text) else { return [] }
        let text = text.uppercased()
        let words = text.split(separator: " ")
        var rows = Array(repeating: "", count: 5)
        for (w, word) in words.enumerated() {
            for (c, character) in word.enumerated() {
                let gap = c > 0 ? scale.letterGap : (w > 0 ? scale.wordGap : 0)
                for row in 0..<5 {
                    rows[row] += String(repeating: " ", count: gap)
                    rows[row] += glyphs[character]![row].map { pixel in
                        String(repeating: pixel == "#" ? "█" : " ", count: scale.columns)
                    }.joined()
                }
            }
        }
        return rows.flatMap { Array(repeating: $0, count: scale.rows) }
    }
}
