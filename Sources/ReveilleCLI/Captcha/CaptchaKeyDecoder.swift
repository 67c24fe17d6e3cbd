/// Turns the bytes a terminal in raw mode sends into keys.
///
/// Bytes arrive in arbitrary chunks: a UTF-8 character or an escape sequence split across two reads
/// is held until the rest comes. Escape sequences (arrows, function keys, mouse reports) are parsed
/// and dropped, so their bytes never become text.
public struct CaptchaKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [CaptchaKey] {
        pending += bytes
        var keys: [CaptchaKey] = []
        var text: [UInt8] = []
        var position = 0
        func flushText() {
            if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        scan: while position < pending.count {
            let byte = pending[position]
            switch byte {
            case 0x0D, 0x0A:
                flushText()
                keys.append(.enter)
                position += 1
            case 0x7F, 0x08:
                flushText()
                keys.append(.backspace)
                position += 1
            case 0x15:
                flushText()
                keys.append(.clearLine)
                position += 1
            case 0x03:
                flushText()
                keys.append(.quit)
                position += 1
            case 0x09:
                flushText()
                keys.append(.scan)
                position += 1
            case 0x1B:
                guard let length = Self.escapeSequenceLength(pending[position...]) else { break scan }
                position += length
            case 0x00..<0x20:
                position += 1  // other control keys: Ctrl-A, …
            default:
                switch Self.utf8Length(pending[position...]) {
                case .complete(let length):
                    text += pending[position..<position + length]
                    position += length
                case .incomplete:
                    break scan
                case .invalid:
                    position += 1
                }
            }
        }
        flushText()
        pending.removeFirst(position)
        return keys
    }

    /// Bytes in the escape sequence at the start of `bytes`, or nil when it may still go on.
    ///
    /// A lone ESC at the end of a read is taken as the Escape key rather than held: a terminal sends
    /// a sequence in one write, so the rest of it would have come in the same read.
    static func escapeSequenceLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return 1 }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // CSI: parameter and intermediate bytes, then one final byte in 0x40–0x7E.
            var index = start + 2
            while index < bytes.endIndex {
                if (0x40...0x7E).contains(bytes[index]) { return index - start + 1 }
                if !(0x20...0x3F).contains(bytes[index]) { return index - start }
                index += 1
            }
            return nil
        case UInt8(ascii: "O"):
            // SS3: F1–F4 and arrows in application mode, one more byte.
            return bytes.count >= 3 ? 3 : nil
        case 0x1B:
            return 1
        default:
            // Alt with a key: drop both.
            return bytes[start + 1] < 0x80 ? 2 : 1
        }
    }

    enum UTF8Scan: Equatable {
        case complete(Int)
        case incomplete
        case invalid
    }

    /// Whether one well-formed UTF-8 character starts `bytes`, and its length.
    static func utf8Length(_ bytes: ArraySlice<UInt8>) -> UTF8Scan {
        let lead = bytes[bytes.startIndex]
        let length: Int
        switch lead {
        case 0x20..<0x80: return .complete(1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .invalid
        }
        let available = bytes.dropFirst().prefix(length - 1)
        guard available.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .invalid }
        guard available.count == length - 1 else { return .incomplete }
        // Overlong forms, surrogates and code points past U+10FFFF fail validation.
        let candidate = Array(bytes.prefix(length))
        return String(validating: candidate, as: UTF8.self) == nil ? .invalid : .complete(length)
    }
}
