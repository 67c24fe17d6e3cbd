import ReveilleCore
import ReveilleTime

/// The typing challenge's words, compiled in so that the agent never depends on finding
/// `words.txt`: a binary run from the build tree, or a damaged install, still rings.
/// The same words as `data/words.txt`; a test keeps the two equal.
enum BuiltInWords {
    static let list: [String] = [
        "apple", "river", "stone", "cloud", "garden", "window", "pencil", "bottle", "candle", "forest",
        "orange", "silver", "yellow", "purple", "basket", "button", "carpet", "castle", "circle", "coffee",
        "dinner", "doctor", "engine", "family", "farmer", "finger", "flower", "friend", "guitar", "hammer",
        "island", "jacket", "kitten", "ladder", "lemon", "letter", "magnet", "market", "meadow", "mirror",
        "monkey", "morning", "number", "ocean", "office", "paper", "parrot", "pepper", "pillow", "planet",
        "pocket", "potato", "rabbit", "rocket", "saddle", "school", "shadow", "singer", "spider", "spring",
        "summer", "sunset", "table", "teacher", "ticket", "tomato", "travel", "turtle", "valley", "velvet",
        "wallet", "winter", "wooden", "zebra", "bridge", "camera", "chicken", "desert", "energy",
    ]

    /// Fewer words than this make the typing challenge too easy to guess.
    static let minimumCount = 20

    /// The words of a `words.txt`: one per line, blank lines and `#` comments skipped.
    static func parse(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingBlanks() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
