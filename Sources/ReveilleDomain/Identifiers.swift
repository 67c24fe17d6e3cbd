/// An alarm's identity: a lowercase UUID string, as D-Bus clients see it.
public struct AlarmID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts a UUID in its canonical 8-4-4-4-12 hex form, in any case; stores it lowercase.
    public init?(_ text: String) {
        guard let canonical = canonicalUUID(text) else { return nil }
        rawValue = canonical
    }

    /// A new random (version 4) id drawn from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> AlarmID {
        AlarmID(uncheckedRawValue: randomUUID(using: &generator))
    }

    init(uncheckedRawValue: String) { rawValue = uncheckedRawValue }

    /// The id of an alarm that is only looked at, never stored: a settings check or a preview.
    public static let probe = AlarmID(uncheckedRawValue: "00000000-0000-4000-8000-000000000000")

    public static func < (lhs: AlarmID, rhs: AlarmID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

/// A challenge's identity within its alarm, kept so a stored run can name the challenge it was on.
public struct ChallengeID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> ChallengeID {
        ChallengeID(randomUUID(using: &generator))
    }

    public var description: String { rawValue }
}

private let hexDigits = Array("0123456789abcdef")

/// A version 4, variant 1 UUID in lowercase canonical form.
func randomUUID<G: RandomNumberGenerator>(using generator: inout G) -> String {
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    var text = ""
    for (index, byte) in bytes.enumerated() {
        if [4, 6, 8, 10].contains(index) { text.append("-") }
        text.append(hexDigits[Int(byte >> 4)])
        text.append(hexDigits[Int(byte & 0x0F)])
    }
    return text
}

/// Checked byte by byte in the string's own UTF-8 storage: every stored alarm's id passes here
/// when the agent starts, 1,000 of them before it can own its bus name.
func canonicalUUID(_ text: String) -> String? {
    var text = text
    let hasUppercase = text.withUTF8 { bytes -> Bool? in
        guard bytes.count == 36 else { return nil }
        var upper = false
        for index in 0..<36 {
            let byte = bytes[index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "F"): upper = true
            default: return nil
            }
        }
        return upper
    }
    guard let hasUppercase else { return nil }
    return hasUppercase ? text.lowercased() : text
}
