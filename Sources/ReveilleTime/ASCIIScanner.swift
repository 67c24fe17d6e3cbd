/// Reads ASCII text byte by byte: the one cursor behind the POSIX TZ and RFC 3339 parsers.
struct ASCIIScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: Character) -> Bool {
        guard let ascii = byte.asciiValue, peek == ascii else { return false }
        index += 1
        return true
    }

    /// Consumes the next byte if it satisfies `accept`.
    mutating func consume(where accept: (UInt8) -> Bool) -> UInt8? {
        guard let byte = peek, accept(byte) else { return nil }
        index += 1
        return byte
    }

    /// Reads a decimal number of `minDigits...maxDigits` digits, or nil (consuming nothing) when too few are there.
    mutating func number(minDigits: Int = 1, maxDigits: Int) -> Int? {
        var value = 0
        var count = 0
        while count < maxDigits, let byte = peek, ASCIIScanner.isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        if count < minDigits {
            index -= count
            return nil
        }
        return value
    }

    /// Consumes a run of digits without reading their value; returns how many there were.
    mutating func skipDigits() -> Int {
        let begin = index
        while consume(where: ASCIIScanner.isDigit) != nil {}
        return index - begin
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
