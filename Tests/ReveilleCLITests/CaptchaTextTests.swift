import Testing
@testable import ReveilleCLI

@Test func clearScreenSequenceIsDroppedWhole() {
    #expect(sanitizeForTerminal("\u{1B}[2JWake up\u{1B}[31m!\u{1B}[0m") == "Wake up!")
}

@Test func oscSequencesAreDroppedUpToBelOrStringTerminator() {
    #expect(sanitizeForTerminal("\u{1B}]0;owned title\u{07}Gym") == "Gym")
    #expect(sanitizeForTerminal("\u{1B}]8;;https://example.invalid\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "link")
    #expect(sanitizeForTerminal("a\u{9D}52;c;Y2xpcA==\u{9C}b") == "ab")
    // An OSC left open would swallow what follows on a terminal too.
    #expect(sanitizeForTerminal("ok\u{1B}]0;title") == "ok")
}

@Test func c1ControlSequenceIntroducerIsDroppedWithItsParameters() {
    #expect(sanitizeForTerminal("a\u{9B}2Jb\u{9B}?1049hc") == "abc")
}

@Test func bidiOverridesAndIsolatesAreRemoved() {
    #expect(sanitizeForTerminal("abc\u{202E}fed\u{202C}") == "abcfed")
    #expect(sanitizeForTerminal("\u{202A}\u{202B}\u{202D}x\u{2066}\u{2067}\u{2068}y\u{2069}") == "xy")
}

@Test func lineBreaksAndTabsInALabelBecomeSpaces() {
    #expect(sanitizeForTerminal("Morning\nrun\r\nnow\tplease\rgo\u{2028}on") == "Morning run now please go on")
}

@Test func otherControlAndFormatCharactersAreRemoved() {
    #expect(sanitizeForTerminal("a\u{07}b\u{08}c\u{7F}d\u{00}e\u{85}f") == "abcde f")
    #expect(sanitizeForTerminal("\u{FEFF}a\u{200B}b\u{00AD}c\u{200F}d") == "abcd")
}

@Test func printableTextIsKeptAsIs() {
    let text = "7 × 12 − 45 = ? 日本語 👍 café e\u{301} 🇫🇷"
    #expect(sanitizeForTerminal(text) == text)
}

@Test func displayWidthCountsNarrowMathSignsWideCharactersAndMarks() {
    #expect(DisplayWidth.of("7 × 12 − 45 = ?") == 15)
    #expect(DisplayWidth.of("日本") == 4)
    #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("👍⏰") == 4)
    #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
}

@Test func truncationNeverSplitsAWideCharacterAcrossTheEdge() {
    #expect(DisplayWidth.truncate("日本語テキスト", to: 6) == "日本…")
    #expect(DisplayWidth.truncate("日本語", to: 6) == "日本語")
    #expect(DisplayWidth.truncateHead("日本語テキスト", to: 6) == "…スト")
    #expect(DisplayWidth.fit("日本", to: 6) == "日本  ")
}

@Test func wrappingBreaksAtSpacesAndSplitsWordsLongerThanALine() {
    #expect(DisplayWidth.wrap("apple river stone", to: 11) == ["apple river", "stone"])
    #expect(DisplayWidth.wrap("Code: ABCDEFGHIJKLMN", to: 8) == ["Code: AB", "CDEFGHIJ", "KLMN"])
    #expect(DisplayWidth.wrap("日本語", to: 1) == ["日", "本", "語"])
    #expect(DisplayWidth.wrap("", to: 10) == [""])
}
