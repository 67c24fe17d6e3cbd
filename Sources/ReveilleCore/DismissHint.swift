import ReveilleDomain
import ReveilleText

extension RingNotification {
    /// What the notification's Dismiss leads to, so that a half-asleep person is not surprised by a
    /// terminal: "Dismiss opens a math challenge", or "Dismiss opens 2 challenges: math, then typing".
    public static func dismissHint(for challenges: [Challenge]) -> Message {
        let kinds = challenges.sorted { $0.orderIndex < $1.orderIndex }.map(\.kind)
        guard let first = kinds.first, let last = kinds.last else { return Message("Dismiss opens the challenge") }
        guard kinds.count > 1 else { return single(first) }
        let list = kinds.dropFirst().dropLast().reduce(name(of: first)) { list, kind in
            Message(context: "list", "{list}, {item}", messages: ["list": list, "item": name(of: kind)])
        }
        return Message(one: "Dismiss opens {count} challenge: {list}, then {last}",
                       other: "Dismiss opens {count} challenges: {list}, then {last}", count: kinds.count,
                       messages: ["list": list, "last": name(of: last)])
    }

    /// One challenge, with its article: a whole sentence each, as languages inflect differently.
    private static func single(_ kind: Challenge.Kind) -> Message {
        switch kind {
        case .math: Message("Dismiss opens a math challenge")
        case .typing: Message("Dismiss opens a typing challenge")
        case .qr: Message("Dismiss opens a code challenge")
        case .card: Message("Dismiss opens a code card challenge")
        }
    }

    /// The words the CLI and the man page use for the kinds.
    private static func name(of kind: Challenge.Kind) -> Message {
        switch kind {
        case .math: Message(context: "challenge kind", "math")
        case .typing: Message(context: "challenge kind", "typing")
        case .qr: Message(context: "challenge kind", "code")
        case .card: Message(context: "challenge kind", "code card")
        }
    }
}
