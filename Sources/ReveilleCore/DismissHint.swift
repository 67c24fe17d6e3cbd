import ReveilleDomain

extension RingNotification {
    /// What the notification's Dismiss leads to, so that a half-asleep person is not surprised by a
    /// terminal: "Dismiss opens a math challenge", or "Dismiss opens 2 challenges: math, then typing".
    public static func dismissHint(for challenges: [Challenge]) -> String {
        let kinds = challenges.sorted { $0.orderIndex < $1.orderIndex }.map { name(of: $0.kind) }
        switch kinds.count {
        case 0: return "Dismiss opens the challenge"
        case 1: return "Dismiss opens \(article(kinds[0])) \(kinds[0]) challenge"
        default: return "Dismiss opens \(kinds.count) challenges: " + kinds.dropLast().joined(separator: ", ") + ", then \(kinds.last!)"
        }
    }

    /// The words the CLI and the man page use for the kinds.
    private static func name(of kind: Challenge.Kind) -> String {
        switch kind {
        case .math: "math"
        case .typing: "typing"
        case .qr: "code"
        case .card: "code card"
        }
    }

    private static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
