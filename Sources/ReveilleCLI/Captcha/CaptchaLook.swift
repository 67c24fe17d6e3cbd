import Glibc

/// What the terminal can show: colour, or large characters without colour, or plain text only.
public enum CaptchaLook: Equatable, Sendable {
    /// Colour, bold and block characters.
    case color
    /// `NO_COLOR` is set: bold and block characters, no colour.
    case monochrome
    /// `TERM=dumb`: plain text only, no escape sequence beyond moving the cursor.
    case plain

    /// The look the environment asks for: `TERM=dumb` wins over a non-empty `NO_COLOR` (no-color.org).
    public init(environment: [String: String]) {
        if environment["TERM"] == "dumb" {
            self = .plain
        } else if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            self = .monochrome
        } else {
            self = .color
        }
    }

    /// The look this process's environment asks for.
    static func current() -> CaptchaLook {
        let names = ["TERM", "NO_COLOR"]
        return CaptchaLook(environment: Dictionary(uniqueKeysWithValues: names.compactMap { name in
            getenv(name).map { (name, String(cString: $0)) }
        }))
    }

    /// How a line asked to look as `style` is drawn here.
    func resolve(_ style: CaptchaFrame.Style) -> CaptchaFrame.Style {
        switch self {
        case .color: style
        case .monochrome: style == .plain ? .plain : .bold
        case .plain: .plain
        }
    }
}
