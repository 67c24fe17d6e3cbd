import QRCode
import Testing

@Suite struct QRMatrixTests {
    @Test func aCardCodeFitsVersionOneWithItsFinderPatterns() throws {
        let matrix = try QRMatrix.encode("KX7MPRWC94")
        #expect(matrix.size == 21)
        // Each finder pattern's outer ring is dark, the ring inside it light, its centre dark.
        for (x, y) in [(0, 0), (14, 0), (0, 14)] {
            #expect(matrix[x: x, y: y] && matrix[x: x + 6, y: y + 6])
            #expect(!matrix[x: x + 1, y: y + 1])
            #expect(matrix[x: x + 3, y: y + 3])
        }
        #expect(!matrix[x: 7, y: 7])
    }

    @Test func longerTextTakesALargerSymbol() throws {
        #expect(try QRMatrix.encode(String(repeating: "x", count: 100)).size > 21)
    }

    @Test func outsideTheSymbolIsLight() throws {
        let matrix = try QRMatrix.encode("A")
        #expect(!matrix[x: -1, y: 0] && !matrix[x: 0, y: matrix.size])
    }

    @Test func aNulByteIsRefused() {
        #expect(throws: QREncodeError.self) { try QRMatrix.encode("a\0b") }
    }
}
