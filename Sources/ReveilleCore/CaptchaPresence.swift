import ReveilleTime

/// Whether a captcha the agent started may be showing an alarm's challenge.
enum CaptchaPresence: Equatable, Sendable {
    /// A terminal was opened for it at this instant; its captcha has not claimed its bus name yet.
    case launched(at: Instant)
    /// The captcha claimed its bus name and has not left the bus.
    case open

    /// How long a launch counts as showing the challenge before its captcha is on the bus, so
    /// that a double click on Dismiss opens one terminal, not two.
    static let debounceSeconds: Int64 = 2

    func isShowing(at now: Instant) -> Bool {
        switch self {
        case .open: true
        case .launched(let at): now < at.adding(seconds: Self.debounceSeconds) && now >= at
        }
    }
}
