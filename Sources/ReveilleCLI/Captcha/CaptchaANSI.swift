/// The escape sequences the captcha screen sends, apart from the pure layout.
enum CaptchaANSI {
    static let escape = "\u{1B}["
    /// Switches to the alternate screen, so the shell's screen comes back intact, and hides the cursor.
    static let enterScreen = escape + "?1049h" + escape + "?25l"
    /// Shows the cursor and returns to the shell's screen.
    static let leaveScreen = escape + "?25h" + escape + "?1049l"

    /// Draws `frame` over the whole screen (it has a line for every row). Each row is addressed and cleared before it is written:
    /// no newline is sent, so nothing scrolls, and a row that fills the last column keeps it.
    static func draw(_ frame: CaptchaFrame) -> String {
        var out = escape + "?25l"
        for (row, line) in frame.lines.enumerated() {
            out += escape + "\(row + 1);1H" + escape + "2K"
            let style = row < frame.styles.count ? frame.styles[row] : .plain
            out += style == .plain ? line : escape + parameters(style) + "m" + line + escape + "0m"
        }
        if let cursor = frame.cursor {
            out += escape + "\(cursor.row + 1);\(cursor.column + 1)H" + escape + "?25h"
        }
        return out
    }

    /// SGR parameters: bold, with a colour when there is one.
    static func parameters(_ style: CaptchaFrame.Style) -> String {
        switch style {
        case .plain: "0"
        case .bold: "1"
        case .red: "1;31"
        case .green: "1;32"
        case .yellow: "1;33"
        }
    }
}
