import Gettext
import ReveilleText

/// One screenful of text: exactly `height` lines of at most `width` columns, how each line is drawn,
/// and where the cursor goes. `CaptchaANSI.draw` turns it into what the terminal is sent.
public struct CaptchaFrame: Equatable, Sendable {
    public struct Position: Equatable, Sendable {
        /// 0-based.
        public var row: Int
        /// 0-based, in columns.
        public var column: Int
    }

    /// How a whole line is drawn. Colours come bold, to stand out to eyes barely open.
    public enum Style: Equatable, Sendable {
        case plain, bold, red, green, yellow
    }

    public var lines: [String]
    /// One per line.
    public var styles: [Style]
    /// Where the cursor blinks: after the typed text; nil hides it.
    public var cursor: Position?

    public init(lines: [String], styles: [Style]? = nil, cursor: Position?) {
        self.lines = lines
        self.styles = styles ?? Array(repeating: .plain, count: lines.count)
        self.cursor = cursor
    }

    /// The lines joined by newlines, as tests compare them.
    public var text: String { lines.joined(separator: "\n") }
}

/// The pure half of the captcha UI: lays out a state as text, centred, with the problem in large
/// block characters when the terminal has room for them.
///
/// Its own texts are `Message`s, rendered by the `translator` handed to `render` (the captcha
/// process's own language); the prompt comes from the agent already in the session's language.
/// Each text stays on one line, cut only when the terminal is narrower than it:
/// `CaptchaTranslationTests` renders every state in every shipped language at 80×24 and 160×50 and
/// finds nothing cut.
public enum CaptchaScreen {
    public static let minimumWidth = 40
    public static let minimumHeight = 12
    static let title = Message("Reveille — solve to stop the alarm")
    static let loading = Message("Loading the challenge…")
    static let longHelp = Message("Enter submits · Ctrl-C leaves; the alarm keeps ringing")
    static let shortHelp = Message("Ctrl-C leaves; the alarm keeps ringing")
    static let longScanHelp = Message("Enter submits · Tab scans with the webcam · Ctrl-C leaves")
    static let shortScanHelp = Message("Tab: scan with webcam · Ctrl-C: leave")
    /// Between the parts of the line above the input: the time bar's text, the wrong answers.
    static let infoSeparator = " · "
    /// The input line stays this wide at most, so typing does not wander across a wide screen.
    static let fieldWidth = 40
    /// Cells of the time bar at most.
    static let barWidth = 30

    /// The screen for `state`, its texts in `translator`'s language.
    public static func render(_ state: CaptchaState, look: CaptchaLook = .color,
                              translator: Translator = .english) -> CaptchaFrame {
        let width = max(0, state.width), height = max(0, state.height)
        guard width >= minimumWidth, height >= minimumHeight else {
            let tooSmall = Message("terminal too small (need {width}×{height})",
                                   ["width": String(minimumWidth), "height": String(minimumHeight)])
            let message = DisplayWidth.truncate(translator(tooSmall), to: width)
            return CaptchaFrame(lines: height == 0 ? [] : [message] + Array(repeating: "", count: height - 1), cursor: nil)
        }
        let rows = height - 1
        var sections = bodySections(state, width: width, look: look, translator: translator)
        if look != .plain { enlarge(&sections, state, width: width, rows: rows) }
        fit(&sections, rows: rows, width: width)
        var lines = Array(repeating: "", count: (rows - needed(sections)) / 2)
        var styles = Array(repeating: CaptchaFrame.Style.plain, count: lines.count)
        var cursor: CaptchaFrame.Position?
        let indent = (width - min(width, fieldWidth)) / 2
        for (index, section) in sections.enumerated() {
            if index > 0 && section.spacedAbove {
                lines.append("")
                styles.append(.plain)
            }
            let blockWidth = section.lines.map { DisplayWidth.of($0) }.max() ?? 0
            for line in section.lines {
                var shown: String
                if section.isInput {
                    shown = String(repeating: " ", count: indent) + line
                } else if section.isBlock {
                    shown = String(repeating: " ", count: (width - blockWidth) / 2) + line
                    while shown.last == " " { shown.removeLast() }
                } else {
                    shown = centred(DisplayWidth.truncate(line, to: width), in: width)
                }
                lines.append(shown)
                styles.append(line.isEmpty ? .plain : look.resolve(section.style))
            }
            if section.isInput {
                cursor = CaptchaFrame.Position(row: lines.count - section.lines.count,
                                               column: indent + DisplayWidth.of(section.lines[0]))
            }
        }
        lines += Array(repeating: "", count: rows - lines.count)
        styles += Array(repeating: .plain, count: rows - styles.count)
        lines.append(state.finished ? "" : centred(help(state, width: width, translator: translator), in: width))
        styles.append(.plain)
        return CaptchaFrame(lines: lines, styles: styles, cursor: cursor)
    }

    /// The key help: the long form where it fits, else the short one.
    static func help(_ state: CaptchaState, width: Int, translator: Translator) -> String {
        let (long, short) = helpMessages(state)
        let longText = translator(long)
        return width >= DisplayWidth.of(longText) ? longText : DisplayWidth.truncate(translator(short), to: width)
    }

    /// The long and the short key help for `state`.
    static func helpMessages(_ state: CaptchaState) -> (long: Message, short: Message) {
        state.offersScan ? (longScanHelp, shortScanHelp) : (longHelp, shortHelp)
    }

    /// A block of lines drawn alike, with a blank line above it while there is room for one.
    struct Section {
        var lines: [String]
        var style: CaptchaFrame.Style = .plain
        var spacedAbove = true
        var isPrompt = false
        var isInput = false
        var isBlock = false
        var isLabel = false
    }

    static func bodySections(_ state: CaptchaState, width: Int, look: CaptchaLook, translator: Translator) -> [Section] {
        var sections = [Section(lines: [translator(title)])]
        if let label = state.label.map(sanitizeForTerminal), !label.isEmpty {
            sections.append(Section(lines: [label], style: .bold, spacedAbove: false, isLabel: true))
        }
        guard let challenge = state.challenge else {
            sections.append(Section(lines: [translator(loading)]))
            if let status = statusText(state, translator: translator) {
                sections.append(Section(lines: [status], style: statusStyle(state.status)))
            }
            return sections
        }
        sections.append(Section(lines: [translator(position(challenge))]))
        let prompt = DisplayWidth.wrap(sanitizeForTerminal(challenge.prompt), to: width)
        sections.append(Section(lines: prompt, style: .bold, isPrompt: true))
        if !state.finished, let info = infoLine(state, challenge, width: width, look: look, translator: translator) {
            sections.append(Section(lines: [info.text], style: info.style))
        }
        if !state.finished {
            sections.append(Section(lines: [inputLine(state, width: min(width, fieldWidth), translator: translator)],
                                    isInput: true))
        }
        if let status = statusText(state, translator: translator) {
            sections.append(Section(lines: [status], style: statusStyle(state.status), spacedAbove: state.finished))
        }
        return sections
    }

    /// Draws the problem in block digits above its plain line, and the label in block capitals a
    /// size smaller, as far as `rows` leave room once every blank line is dropped.
    static func enlarge(_ sections: inout [Section], _ state: CaptchaState, width: Int, rows: Int) {
        guard let prompt = sections.firstIndex(where: \.isPrompt),
              let problem = problemBlock(state, width: width, rows: rows - needed(sections, spaced: false))
        else { return }
        sections[prompt].style = .plain
        sections.insert(Section(lines: problem.lines, style: .bold, isBlock: true), at: prompt)
        guard let label = sections.firstIndex(where: \.isLabel),
              let block = labelBlock(sections[label].lines[0], below: problem.scale, width: width,
                                     rows: rows - needed(sections, spaced: false) + 1)
        else { return }
        sections[label].lines = block
        sections[label].isBlock = true
        sections[label].spacedAbove = true
    }

    /// The problem in block characters, at the largest scale that fits; nil when none does or it is no math.
    static func problemBlock(_ state: CaptchaState, width: Int, rows: Int) -> (lines: [String], scale: BlockFont.Scale)? {
        guard let challenge = state.challenge, ![.qr, .typing, .card].contains(challenge.kind) else { return nil }
        return block(sanitizeForTerminal(challenge.prompt), scales: BlockFont.Scale.all, width: width, rows: rows)
    }

    /// The label in block capitals, smaller than the problem, when it has only letters, digits and
    /// spaces and there is room; any other label stays a bold line.
    static func labelBlock(_ label: String, below problem: BlockFont.Scale, width: Int, rows: Int) -> [String]? {
        let smaller = BlockFont.Scale.all.filter { $0.columns < problem.columns }
        return block(label, scales: smaller, width: width, rows: rows)?.lines
    }

    static func block(_ text: String, scales: [BlockFont.Scale], width: Int, rows: Int) -> (lines: [String], scale: BlockFont.Scale)? {
        guard BlockFont.canDraw(text),
              let scale = scales.first(where: { $0.height <= rows && BlockFont.width(of: text, at: $0) <= width })
        else { return nil }
        return (BlockFont.lines(text, at: scale), scale)
    }

    static func needed(_ sections: [Section], spaced: Bool = true) -> Int {
        sections.enumerated().reduce(0) { $0 + $1.element.lines.count + (spaced && $1.offset > 0 && $1.element.spacedAbove ? 1 : 0) }
    }

    /// Drops blank lines, the lowest first, then the prompt's last lines, until `rows` are enough.
    static func fit(_ sections: inout [Section], rows: Int, width: Int) {
        for index in sections.indices.reversed() where index > 0 && needed(sections) > rows {
            sections[index].spacedAbove = false
        }
        guard needed(sections) > rows, let prompt = sections.firstIndex(where: \.isPrompt) else { return }
        let keep = max(1, sections[prompt].lines.count - (needed(sections) - rows))
        sections[prompt].lines = Array(sections[prompt].lines.prefix(keep))
        sections[prompt].lines[keep - 1] = DisplayWidth.ellipsized(sections[prompt].lines[keep - 1], to: width)
    }

    static func centred(_ line: String, in width: Int) -> String {
        String(repeating: " ", count: max(0, width - DisplayWidth.of(line)) / 2) + line
    }

    /// "Challenge 1 of 3".
    static func position(_ challenge: CaptchaChallenge) -> Message {
        Message("Challenge {index} of {total}", ["index": String(challenge.index + 1), "total": String(challenge.total)])
    }

    /// What the line above the input says: the lock's countdown or the time left, and the wrong
    /// answers so far; empty when there is nothing to say.
    static func infoMessages(_ state: CaptchaState, _ challenge: CaptchaChallenge) -> [Message] {
        var parts: [Message] = []
        if let lock = state.lockRemaining {
            parts.append(Message(one: "Locked: {count} s", other: "Locked: {count} s", count: Int(lock)))
        } else if challenge.deadline != 0 {
            let left = challenge.deadline - state.now
            parts.append(left > 0 ? Message(one: "{count} s left", other: "{count} s left", count: Int(left))
                                  : Message("Time is up"))
        }
        if challenge.attempts > 0 {
            parts.append(Message(one: "{count} wrong so far", other: "{count} wrong so far", count: challenge.attempts))
        }
        return parts
    }

    /// "██████░░░░ 42 s left · 2 wrong so far", or the lock's countdown instead of the problem's.
    static func infoLine(_ state: CaptchaState, _ challenge: CaptchaChallenge, width: Int, look: CaptchaLook,
                         translator: Translator) -> (text: String, style: CaptchaFrame.Style)? {
        let parts = infoMessages(state, challenge)
        guard !parts.isEmpty else { return nil }
        var style = CaptchaFrame.Style.plain
        var fraction: (left: Int64, span: Int64)?
        if state.lockRemaining != nil {
            style = .yellow
        } else if challenge.deadline != 0 {
            let left = challenge.deadline - state.now
            if left > 0 {
                let span = max(left, state.deadlineSpan)
                fraction = (left, span)
                style = left * 5 <= span ? .red : (left * 2 <= span ? .yellow : .green)
            } else {
                style = .red
            }
        }
        let text = parts.map { translator($0) }.joined(separator: infoSeparator)
        guard let fraction else { return (text, style) }
        let cells = min(barWidth, width - DisplayWidth.of(text) - 1)
        guard cells >= 5 else { return (text, style) }
        let filled = Int((fraction.left * Int64(cells) + fraction.span - 1) / fraction.span)
        let (full, empty): (Character, Character) = look == .plain ? ("#", "-") : ("█", "░")
        return (String(repeating: full, count: filled) + String(repeating: empty, count: cells - filled) + " " + text, style)
    }

    /// The input field's label, by what is to be typed.
    static func inputLabel(_ kind: CaptchaChallenge.Kind?) -> Message {
        switch kind {
        case .qr, .card: Message(context: "captcha field", "Code:")
        case .typing: Message(context: "captcha field", "Text:")
        default: Message(context: "captcha field", "Answer:")
        }
    }

    /// The label, then the typed text's end when it is too long, leaving a column for the cursor.
    static func inputLine(_ state: CaptchaState, width: Int, translator: Translator) -> String {
        let label = translator(inputLabel(state.challenge?.kind)) + " "
        return label + DisplayWidth.truncateHead(state.input, to: width - DisplayWidth.of(label) - 1)
    }

    static func statusStyle(_ status: CaptchaStatus?) -> CaptchaFrame.Style {
        switch status {
        case .wrong, .timeout, .locked, .stillLocked, .unreachable, .scanFailed: .red
        case .correct, .dismissed, .unlocked: .green
        case .checking, .alarmStopped, .snoozed, .stale, .scanning, nil: .plain
        }
    }

    /// The line under the input, in `translator`'s language.
    static func statusText(_ state: CaptchaState, translator: Translator = .english) -> String? {
        statusMessage(state).map { translator($0) }
    }

    /// The line under the input. A snooze's time comes written as the reader's locale writes times.
    static func statusMessage(_ state: CaptchaState) -> Message? {
        switch state.status {
        case nil: nil
        case .checking: Message("Checking…")
        case .correct: Message("Correct!")
        case .wrong: Message("Wrong — here is a new problem")
        case .timeout: Message("Too late — here is a new problem")
        case .locked: Message("Too many misses — answers are locked")
        case .stillLocked:
            Message(one: "Locked: wait {count} s", other: "Locked: wait {count} s", count: Int(state.lockRemaining ?? 0))
        case .unlocked: Message("You can answer again")
        case .dismissed: Message("Alarm dismissed. Good morning!")
        case .unreachable: Message("Cannot reach the agent, retrying…")
        case .alarmStopped: Message("The alarm is no longer ringing")
        case .snoozed(let until): Message("Snoozed until {time} — Dismiss then opens a new challenge", ["time": until])
        case .stale: Message("That problem was replaced — here is the current one")
        case .scanning: Message("Hold the code up to the webcam…")
        case .scanFailed: Message("No code from the webcam — type it")
        }
    }
}
