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
