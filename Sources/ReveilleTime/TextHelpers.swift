// Text helpers every layer needs. They live in the pure time library because it sits below every
// other target and has no dependencies: a C wrapper may use them without reaching for Glibc's.

extension StringProtocol {
    /// Drops leading and trailing `blanks`: by default spaces, tabs and carriage returns (files
    /// written on Windows). Typed answers pass spaces and tabs only, so a stray CR stays an error.
    public func trimmingBlanks(_ blanks: Set<Character> = [" ", "\t", "\r"]) -> String {
        let blank: (Character) -> Bool = { blanks.contains($0) }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }

    /// Left-pads with "0" to `width` characters; longer text is returned unchanged.
    public func zeroPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
