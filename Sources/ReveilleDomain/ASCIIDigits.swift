/// Numbers written with the ASCII digits 0-9 and nothing else.
///
/// A `Character` range such as `"0"..."9"` also holds "1\u{301}" (a digit and a combining accent), and
/// `isNumber` holds keycaps and other scripts' digits; `Int(_:)` refuses all of them. Checking bytes keeps
/// what passes the check and what `Int(_:)` reads the same set, so no caller needs a force unwrap.
public enum ASCIIDigits {
    /// One or more of the bytes `0`…`9`, nothing else.
    public static func only(_ text: some StringProtocol) -> Bool {
        !text.utf8.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The value of 1 to 18 ASCII digits (no sign): nil for anything else, and never an overflow.
    public static func value(_ text: some StringProtocol) -> Int? {
        guard only(text), text.utf8.count <= 18 else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The value of the two ASCII digits at `index` of `bytes`, or nil.
    public static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let (tens, ones) = (bytes[index] &- UInt8(ascii: "0"), bytes[index + 1] &- UInt8(ascii: "0"))
        guard tens < 10, ones < 10 else { return nil }
        return Int(tens) * 10 + Int(ones)
    }
}
