import ReveilleTime

/// Since when the agent has been running and awake with the clock going straight on: no stop, no
/// suspend (announced by logind or seen in the clock's time asleep), no clock set.
///
/// `late_grace` is for occurrences that came due while nobody watched: the machine was off or
/// asleep, the agent was not running, or the clock jumped over them. One that came due within the
/// vigil rings however late the agent got to it (a busy or stalled loop), whatever `late_grace` says.
struct Vigil {
    /// When the agent last began to watch; nil while it is not watching (going to sleep, or
    /// between a clock jump and the plan made after it).
    private(set) var since: Instant?
    /// The clock's `secondsAsleep()` when the vigil began.
    private var asleepAtStart: Int64 = 0

    /// The agent watches from `now` on.
    mutating func begin(at now: Instant, asleep: Int64) {
        since = now
        asleepAtStart = asleep
    }

    /// The agent stops watching: a suspend or a clock jump comes.
    mutating func end() { since = nil }

    /// A suspend the clock shows (more than a second asleep since the vigil began) that nobody
    /// announced: the vigil begins again at `now`, so what came due before it was not watched.
    mutating func check(asleep: Int64, now: Instant) {
        guard since != nil, asleep - asleepAtStart > 1 else { return }
        begin(at: now, asleep: asleep)
    }

    /// Whether the occurrence due at `due` came due while the agent watched.
    func watched(_ due: Instant) -> Bool {
        guard let since else { return false }
        return due >= since
    }
}
