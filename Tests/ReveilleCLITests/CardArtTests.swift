import QRCode
import Testing
@testable import ReveilleCLI

/// What `reveille code new` prints and writes, on exact strings.
@Suite struct CardArtTests {
    /// Dark on the diagonal of a 2 × 2 symbol.
    let diagonal = QRMatrix(size: 2, modules: [true, false, false, true])

    @Test func theTerminalCodeDrawsLightModulesInHalfBlocksWithAQuietZone() {
        #expect(CardArt.terminal(diagonal) == [
            "██████",
            "██▄▀██",  // dark above light, then light above dark
            "██████",
        ].joined(separator: "\n"))
    }

    @Test func theSVGDrawsEachDarkModuleOnceInsideItsQuietZoneAndEscapesText() {
        let svg = CardArt.svg(diagonal, label: "A&B", code: "KX7MPRWC94")
        #expect(svg.contains(#"<path d="M4,4h1v1h-1zM5,5h1v1h-1z""#))
        #expect(svg.contains(">A&amp;B</text>") && svg.contains(">KX7MPRWC94</text>"))
        #expect(svg.hasPrefix("<?xml") && svg.contains(#"width="80mm" height="110mm""#))
    }

    @Test func theCodeInLargeLettersIsFiveLinesOfBlocks() {
        let lines = CardArt.largeText("AC").split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0] == "  ██     ████")
    }
}
