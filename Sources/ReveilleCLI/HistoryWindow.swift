import ArgumentParser
import Gettext
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// `--since` of `history` and `stats`: how far back to look, as a duration (`7d`, `12h`, `2w`).
struct HistoryWindow {
    /// The earliest due instant shown, in Unix seconds.
    static func start(_ text: String, now: Instant) throws(CLIError) -> Int64 {
        guard let seconds = WhenText.parseDuration(text), seconds > 0 else {
            throw .usage(Message("--since '{value}' is not a duration such as 90m, 12h, 7d or 2w", ["value": text]))
        }
        return max(0, now.secondsSinceEpoch - min(seconds, now.secondsSinceEpoch))
    }

    /// `4 min 10 s`: seconds from due to dismissal.
    static func waitText(_ seconds: Int64, translator: Translator = CLILocale.current.translator) -> String {
        if seconds < 60 { return translator(Message("{seconds} s", ["seconds": String(seconds)])) }
        if seconds < 3600 {
            return translator(Message("{minutes} min {seconds} s", ["minutes": String(seconds / 60), "seconds": String(seconds % 60)]))
        }
        return translator(Message("{hours} h {minutes} min", ["hours": String(seconds / 3600), "minutes": String(seconds % 3600 / 60)]))
    }
}
