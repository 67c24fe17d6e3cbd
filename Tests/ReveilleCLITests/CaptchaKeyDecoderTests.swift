import Testing
@testable import ReveilleCLI

private func decode(_ chunks: [UInt8]...) -> [[CaptchaKey]] {
    var decoder = CaptchaKeyDecoder()
    return chunks.map { decoder.decode($0) }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Test func printableBytesBecomeOneTextKeyUntilAControlKey() {
    #expect(decode(bytes("42\r")) == [[.text("42"), .enter]])
    #expect(decode(bytes("ab\ncd")) == [[.text("ab"), .enter, .text("cd")]])
    #expect(decode(bytes("x\r\n")) == [[.text("x"), .enter, .enter]])
}

@Test func editingAndQuitKeysAreRecognised() {
    #expect(decode([0x7F, 0x08, 0x15, 0x03]) == [[.backspace, .backspace, .clearLine, .quit]])
}

@Test func otherControlKeysAreIgnored() {
    #expect(decode([0x01, UInt8(ascii: "a"), 0x1A]) == [[.text("a")]])
}

@Test func tabAsksForAScan() {
    #expect(decode([UInt8(ascii: "a"), 0x09]) == [[.text("a"), .scan]])
}

@Test func multibyteCharacterSplitAcrossReadsWaitsForItsLastByte() {
    #expect(decode([0xC3], [0xA9, 0x21]) == [[], [.text("é!")]])
    #expect(decode([0xF0, 0x9F], [0x91], [0x8D]) == [[], [], [.text("👍")]])
    #expect(decode([0xE2, 0x88], [0x92, 0x0D]) == [[], [.text("−"), .enter]])
}

@Test func arrowAndFunctionKeysAreDropped() {
    #expect(decode(bytes("a\u{1B}[Ab\u{1B}OB\u{1B}[1;5C\u{1B}[15~c")) == [[.text("abc")]])
}

@Test func escapeSequenceSplitAcrossReadsIsStillDropped() {
    #expect(decode(bytes("\u{1B}[1;"), bytes("5Dx")) == [[], [.text("x")]])
    #expect(decode(bytes("\u{1B}O"), bytes("Py")) == [[], [.text("y")]])
}

@Test func loneEscapeAndAltKeysProduceNothing() {
    #expect(decode([0x1B], bytes("x")) == [[], [.text("x")]])
    #expect(decode(bytes("\u{1B}b1")) == [[.text("1")]])
}

@Test func malformedUTF8IsDropped() {
    #expect(decode([0xFF, 0x61, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x62]) == [[.text("ab")]])
    #expect(decode([0xC3, 0x41]) == [[.text("A")]])
}
