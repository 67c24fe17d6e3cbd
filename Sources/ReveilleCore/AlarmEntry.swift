import ReveilleDomain
import ReveilleTime

/// One alarm as the core holds it: the alarm, its plan, and its run while one is open.
struct AlarmEntry: Equatable {
    var alarm: Alarm
    /// The planned next occurrence, while the alarm is enabled and no run is open.
    var nextFire: Instant?
    /// The latest occurrence that rang or was reported missed, so that neither happens twice.
    var lastOccurrence: LastOccurrence?
    /// The sound asked to get ready for the next ring (`PrepareRing`), until it rings or changes.
    var preparedSound: PreparedSound?
    /// The occurrence whose `on_before_ring` hook has run (`BeforeRing`), so that it never runs
    /// twice for one occurrence. Kept in memory only: after a restart inside the window it runs again.
    var beforeRingRan: Instant?
    /// While the alarm rings, is snoozed, or waits for its wake-up check.
    var run: RunState?
}

/// An open run: the stored record, and what the core keeps of it in memory only.
///
/// Every field but `record` belongs to one ring. A snooze, or a wake-up check after the solved
/// stack, starts the next ring with `RunState(record:)`, and the end of the run sets the entry's
/// `run` to nil: a field added here is cleared by those sites without any change to them.
struct RunState: Equatable {
    var record: AlarmRun
    /// The challenge being solved, once it started.
    var session: ChallengeSession?
    /// A lockout whose end has not been announced yet.
    var lockoutEnd: Instant?
    /// Whether this ring was nudged already.
    var nudged = false
    /// Whether "Still up?" is on screen; not stored, so a restart asks again.
    var wakeCheckAsked = false
    /// The captcha the agent started for this ring, while it may be showing the challenge.
    var captcha: CaptchaPresence?
    /// Why the terminal opened for this ring's challenge did not open, once one failed: the
    /// notification then says how to stop the alarm from a terminal the person opens.
    var terminalFailure: String?

    init(record: AlarmRun, session: ChallengeSession? = nil) {
        self.record = record
        self.session = session
    }
}

/// A ring the sound was asked to get ready for: what it plays, and when.
struct PreparedSound: Equatable {
    var due: Instant
    var sound: String
    var volume: Double
}
