// Text helpers every layer needs. They live in the pure time library because it sits below every
// other target and has no dependencies: a C wrapper may use them without reaching for Glibc's.

extension StringProtocol {
    /// Drops leading and trailing spaces, tabs and carriage returns (files written on Windows).
    public func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }

    /// Left-pads with "0" to `width` characters; longer text is returned unchanged.
    public func zeroPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
