import ArgumentParser
import ReveilleDomain
import ReveilleTime

/// `--since` of `history` and `stats`: how far back to look, as a duration (`7d`, `12h`, `2w`).
struct HistoryWindow {
    /// The earliest due instant shown, in Unix seconds.
    static func start(_ text: String, now: Instant) throws(CLIError) -> Int64 {
        guard let seconds = WhenText.parseDuration(text), seconds > 0 else {
            throw .usage("--since '\(text)' is not a duration such as 90m, 12h, 7d or 2w")
        }
        return max(0, now.secondsSinceEpoch - min(seconds, now.secondsSinceEpoch))
    }

    /// `4 min 10 s`: seconds from due to dismissal.
    static func waitText(_ seconds: Int64) -> String {
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min \(seconds % 60) s" }
        return "\(seconds / 3600) h \(seconds % 3600 / 60) min"
    }
}
