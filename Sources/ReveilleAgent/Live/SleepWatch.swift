import DBus
import ReveilleCore

/// Follows logind's `PrepareForSleep` on the system bus: before a suspend the core sets its wake
/// (and lets go of its sleep delay); after a resume the core plans again,
/// so an alarm that came due while the machine slept rings (within `late_grace`) or is missed,
/// and a clock the firmware set wrong while it slept is planned from as it is now.
final class SleepWatch: Sendable {
    /// Kept open for the subscription's sake.
    private let connection: Connection
    private let subscription: Subscription

    private init(connection: Connection, subscription: Subscription) {
        self.connection = connection
        self.subscription = subscription
    }

    /// nil without a system bus: alarms still ring, only a resume is not noticed at once.
    static func start(inbox: WorldEvents, system: Connection?) async -> SleepWatch? {
        guard let system else { return nil }
        let rule = MatchRule(sender: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                             interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep")
        do {
            let subscription = try await system.subscribe(rule) { signal in
                guard signal.arguments.first?.boolValue == false else {
                    Log.shared.info("the machine is going to sleep")
                    // The core sets a wake, then lets go of its sleep delay.
                    return inbox.yield(.preparingForSleep)
                }
                Log.shared.info("resumed from suspend; planning again")
                inbox.yield(.clockChanged)
            }
            return SleepWatch(connection: system, subscription: subscription)
        } catch {
            Log.shared.warning("cannot follow suspend and resume on the system bus: \(error)")
            return nil
        }
    }
}
