/// One screenful of plain text: exactly `height` lines of at most `width` columns, and where the
/// cursor goes. `CaptchaScreen.ansi` turns it into what the terminal is sent.
public struct CaptchaFrame: Equatable, Sendable {
    public struct Position: Equatable, Sendable {
        /// 0-based.
        public var row: Int
        /// 0-based, in columns.
        public var column: Int
    }

    public var lines: [String]
    /// Where the cursor blinks: after the typed text; nil hides it.
    public var cursor: Position?

    /// The lines joined by newlines, as tests compare them.
    public var text: String { lines.joined(separator: "\n") }
}

/// The pure half of the captcha UI: lays out a state as text.
public enum CaptchaScreen {
    public static let minimumWidth = 40
    public static let minimumHeight = 12
    static let title = "Reveille — solve to stop the alarm"
    static let longHelp = "Enter submits · Ctrl-C leaves; the alarm keeps ringing"
    static let shortHelp = "Ctrl-C leaves; the alarm keeps ringing"

    public static func render(_ state: CaptchaState) -> CaptchaFrame {
        let width = max(0, state.width), height = max(0, state.height)
        guard width >= minimumWidth, height >= minimumHeight else {
            let message = DisplayWidth.truncate("terminal too small (need \(minimumWidth)×\(minimumHeight))", to: width)
            return CaptchaFrame(lines: height == 0 ? [] : [message] + Array(repeating: "", count: height - 1), cursor: nil)
        }
        var sections = bodySections(state, width: width)
        fit(&sections, rows: height - 1, width: width)
        var lines: [String] = []
        var cursor: CaptchaFrame.Position?
        for section in sections {
            if section.spacedAbove && !lines.isEmpty { lines.append("") }
            if section.isInput {
                cursor = CaptchaFrame.Position(row: lines.count, column: DisplayWidth.of(inputLine(state, width: width)))
            }
            lines += section.lines.map { DisplayWidth.truncate($0, to: width) }
        }
        lines += Array(repeating: "", count: height - 1 - lines.count)
        lines.append(state.finished ? "" : (width >= DisplayWidth.of(longHelp) ? longHelp : shortHelp))
        return CaptchaFrame(lines: lines, cursor: cursor)
    }

    /// A block of lines, with a blank line above it while there is room for one.
    struct Section {
        var lines: [String]
        var spacedAbove = true
        var isPrompt = false
        var isInput = false
    }

    static func bodySections(_ state: CaptchaState, width: Int) -> [Section] {
        var header = [title]
        if let label = state.label.map(sanitizeForTerminal), !label.isEmpty { header.append(label) }
        var sections = [Section(lines: header)]
        guard let challenge = state.challenge else {
            sections.append(Section(lines: ["Loading the challenge…"]))
            if let status = statusText(state) { sections.append(Section(lines: [status])) }
            return sections
        }
        sections.append(Section(lines: ["Challenge \(challenge.index + 1) of \(challenge.total)"]))
        let prompt = DisplayWidth.wrap(sanitizeForTerminal(challenge.prompt), to: width)
        sections.append(Section(lines: prompt, isPrompt: true))
        if !state.finished, let info = infoLine(state, challenge) { sections.append(Section(lines: [info])) }
        var last: [String] = []
        if !state.finished { last.append(inputLine(state, width: width)) }
        if let status = statusText(state) { last.append(status) }
        sections.append(Section(lines: last, isInput: !state.finished))
        return sections
    }

    /// Drops blank lines, the lowest first, then the prompt's last lines, until `rows` are enough.
    static func fit(_ sections: inout [Section], rows: Int, width: Int) {
        func needed() -> Int {
            sections.enumerated().reduce(0) { $0 + $1.element.lines.count + ($1.offset > 0 && $1.element.spacedAbove ? 1 : 0) }
        }
        for index in sections.indices.reversed() where index > 0 && needed() > rows {
            sections[index].spacedAbove = false
        }
        guard needed() > rows, let prompt = sections.firstIndex(where: \.isPrompt) else { return }
        let keep = max(1, sections[prompt].lines.count - (needed() - rows))
        sections[prompt].lines = Array(sections[prompt].lines.prefix(keep))
        sections[prompt].lines[keep - 1] = DisplayWidth.ellipsized(sections[prompt].lines[keep - 1], to: width)
    }

    /// "42 s left · 2 wrong so far", or the lock's countdown instead of the problem's.
    static func infoLine(_ state: CaptchaState, _ challenge: CaptchaChallenge) -> String? {
        var parts: [String] = []
        if let lock = state.lockRemaining {
            parts.append("Locked: \(lock) s")
        } else if challenge.deadline != 0 {
            let left = challenge.deadline - state.now
            parts.append(left > 0 ? "\(left) s left" : "Time is up")
        }
        if challenge.attempts > 0 { parts.append("\(challenge.attempts) wrong so far") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    static func inputLabel(_ kind: CaptchaChallenge.Kind?) -> String {
        switch kind {
        case .qr: "Code: "
        case .typing: "Text: "
        default: "Answer: "
        }
    }

    /// The label, then the typed text's end when it is too long, leaving a column for the cursor.
    static func inputLine(_ state: CaptchaState, width: Int) -> String {
        let label = inputLabel(state.challenge?.kind)
        return label + DisplayWidth.truncateHead(state.input, to: width - DisplayWidth.of(label) - 1)
    }

    static func statusText(_ state: CaptchaState) -> String? {
        switch state.status {
        case nil: nil
        case .checking: "Checking…"
        case .correct: "Correct!"
        case .wrong: "Wrong — here is a new problem"
        case .timeout: "Too late — here is a new problem"
        case .locked: "Too many misses — answers are locked"
        case .stillLocked: "Locked: wait \(state.lockRemaining ?? 0) s"
        case .unlocked: "You can answer again"
        case .dismissed: "Alarm dismissed. Good morning!"
        case .unreachable: "Cannot reach the agent, retrying…"
        case .alarmStopped: "The alarm is no longer ringing"
        }
    }
}
