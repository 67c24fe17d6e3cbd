/// What polkit answered to `CheckAuthorization`, or why it could not be asked.
public enum AuthorityAnswer: Equatable, Sendable {
    /// The reply's `is_authorized` and `is_challenge`.
    case answered(isAuthorized: Bool, isChallenge: Bool)
    /// No reply: polkit is not installed, not running, or the call failed.
    case unavailable(String)
}

/// Who may set wakes: whoever polkit authorises for `actionID`, asked without interaction
/// (flags 0), so that nobody is asked for a password at 3 a.m.
public enum WakeAuthorization {
    /// The polkit action, shipped in `io.github.reveille1.policy`: `allow_active=yes`,
    /// `allow_inactive=no`, `allow_any=no`.
    public static let actionID = "io.github.reveille1.set-wake"

    /// Nil when the call may go on; otherwise why it may not. Anything but a plain yes refuses:
    /// a challenge would need a password prompt this helper never shows, and a polkit that cannot
    /// be asked grants nothing.
    public static func refusal(for answer: AuthorityAnswer) -> WakeRefusal? {
        switch answer {
        case .answered(isAuthorized: true, _):
            nil
        case .answered(isAuthorized: false, isChallenge: true):
            .notAuthorized("polkit would ask for a password, and the helper never asks; only a user of an active local session may set wakes")
        case .answered(isAuthorized: false, isChallenge: false):
            .notAuthorized("polkit refused; only a user of an active local session may set wakes (an agent of a TTY-only or lingering user may be refused)")
        case .unavailable(let why):
            .notAuthorized("polkit could not be asked: \(why)")
        }
    }
}
