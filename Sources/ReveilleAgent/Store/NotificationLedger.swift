import LinuxEvents
import ReveilleCore
import ReveilleDomain

/// A ringing alarm's notification as the server numbered it, and which server that was (its
/// unique bus name): numbers start again from 1 when a server restarts.
struct PostedNotification: Equatable, Sendable {
    var alarm: AlarmID
    var number: UInt32
    var server: String
}

/// Where the agent remembers the notifications it has on screen, so that an agent started after
/// a crash closes its predecessor's rather than leave two.
protocol NotificationLedger: Sendable {
    func remember(_ posted: PostedNotification) throws
    func forget(_ alarm: AlarmID) throws
    func posted() throws -> [PostedNotification]
}

extension AlarmDatabase: NotificationLedger {
    func remember(_ posted: PostedNotification) throws { try store().remember(posted) }
    func forget(_ alarm: AlarmID) throws { try store().forget(alarm) }
    func posted() throws -> [PostedNotification] { try store().posted() }
}

/// A ledger whose writes run on the store's thread: the notifier hands them over and goes on, so
/// that a locked database never holds up the loop that posts notifications. A write that fails
/// is logged; the ledger only serves the next start after a crash.
struct ThreadedLedger: NotificationLedger {
    let ledger: any NotificationLedger
    let thread: any StoreThread

    init(_ ledger: any NotificationLedger, on thread: any StoreThread) {
        self.ledger = ledger
        self.thread = thread
    }

    func remember(_ posted: PostedNotification) {
        thread.run { [ledger] in
            do { try ledger.remember(posted) } catch {
                Log.shared.warning("cannot keep the number of \(posted.alarm)'s notification: \(error)")
            }
        }
    }

    func forget(_ alarm: AlarmID) {
        thread.run { [ledger] in
            do { try ledger.forget(alarm) } catch {
                Log.shared.warning("cannot forget the number of \(alarm)'s notification: \(error)")
            }
        }
    }

    /// Read at start, before anything rings.
    func posted() throws -> [PostedNotification] { try ledger.posted() }
}
