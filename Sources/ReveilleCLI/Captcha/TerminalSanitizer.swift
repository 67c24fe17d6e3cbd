/// Makes text from outside (an alarm's label, a prompt, what was typed) safe to print on a terminal.
///
/// Escape sequences are dropped whole, so neither their control bytes nor their parameters reach the
/// screen: CSI (`ESC [` or C1 `0x9B`) up to its final byte, OSC/DCS/SOS/PM/APC strings up to BEL or
/// ST, and two-byte `ESC x` sequences. Line breaks and tabs become one space each (CR LF counts as
/// one break); every other C0/C1 control, DEL and every format character (bidi overrides and
/// isolates, zero-width characters, the BOM, soft hyphen) is removed.
func sanitizeForTerminal(_ text: String) -> String {
    var scalars = text.unicodeScalars[...]
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
        switch scalar.value {
        case 0x1B:
            dropEscapeSequence(after: &scalars)
        case 0x9B:
            dropControlSequence(&scalars)
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
            dropControlString(&scalars)
        case 0x0D:
            if scalars.first == "\n" { scalars.removeFirst() }
            result.append(" ")
        case 0x09, 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
            result.append(" ")
        default:
            if !isInvisibleControl(scalar) { result.append(scalar) }
        }
    }
    return String(result)
}

/// C0 and C1 controls, DEL, and format characters (general category Cf, which holds the bidi
/// embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069).
private func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate: true
    default: false
    }
}

/// Called after an ESC: drops the sequence it starts.
private func dropEscapeSequence(after scalars: inout Substring.UnicodeScalarView) {
    guard let introducer = scalars.first else { return }
    switch introducer {
    case "[":
        scalars.removeFirst()
        dropControlSequence(&scalars)
    case "]", "P", "X", "^", "_":
        scalars.removeFirst()
        dropControlString(&scalars)
    case " "..."~":
        // ESC followed by one byte: character-set selection, keypad mode, reset (ESC c), …
        scalars.removeFirst()
    default:
        // A lone ESC before a control or non-ASCII character: drop the ESC alone.
        break
    }
}

/// Drops a CSI's parameter and intermediate bytes and its final byte (ECMA-48 §5.4).
private func dropControlSequence(_ scalars: inout Substring.UnicodeScalarView) {
    while let scalar = scalars.first, (0x20...0x3F).contains(scalar.value) {
        scalars.removeFirst()
    }
    if let final = scalars.first, (0x40...0x7E).contains(final.value) {
        scalars.removeFirst()
    }
}

/// Drops an OSC, DCS, SOS, PM or APC string up to its terminator: BEL, `ESC \` or C1 ST (0x9C).
/// An unterminated string runs to the end of the text, as a terminal would swallow it.
private func dropControlString(_ scalars: inout Substring.UnicodeScalarView) {
    while let scalar = scalars.popFirst() {
        switch scalar.value {
        case 0x07, 0x9C:
            return
        case 0x1B:
            if scalars.first == "\\" { scalars.removeFirst() }
            return
        default:
            continue
        }
    }
}
