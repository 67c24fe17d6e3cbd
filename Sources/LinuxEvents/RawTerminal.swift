import Glibc
import SystemSupport

/// A terminal in raw mode: every byte arrives as typed, nothing is echoed, and Ctrl-C is a byte
/// rather than SIGINT (ISIG goes off). What a full-screen prompt needs, and must undo on the way out.
public enum RawTerminal {
    /// A terminal's settings from before raw mode, to put back with `restore`.
    public struct Settings: Sendable {
        fileprivate var saved: termios
    }

    /// Puts `descriptor` in raw mode and returns its settings from before.
    /// Also VMIN 1 and VTIME 0: a read returns as soon as one byte is there.
    ///
    /// The corresponding C functions are `tcgetattr`, `cfmakeraw` and `tcsetattr`.
    public static func enter(_ descriptor: Int32) throws(SystemError) -> Settings {
        var original = termios()
        try check("tcgetattr", tcgetattr(descriptor, &original))
        var raw = original
        cfmakeraw(&raw)
        try check("tcsetattr", tcsetattr(descriptor, TCSAFLUSH, &raw))
        return Settings(saved: original)
    }

    /// Puts `settings` back once the output written so far has drained. A terminal that hung up
    /// refuses; there is nothing left to restore then, nor anyone to tell, so failure is ignored.
    ///
    /// The corresponding C function is `tcsetattr`.
    public static func restore(_ descriptor: Int32, to settings: Settings) {
        var saved = settings.saved
        _ = tcsetattr(descriptor, TCSADRAIN, &saved)
    }

    /// Columns and rows, or nil when `descriptor` is not a terminal or its size is unknown.
    ///
    /// The corresponding C call is `ioctl(TIOCGWINSZ)`.
    public static func size(_ descriptor: Int32) -> (width: Int, height: Int)? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }
}
