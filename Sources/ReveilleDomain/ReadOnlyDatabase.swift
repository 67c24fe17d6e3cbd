import ReveilleText

/// Why the alarm database is open for reading only: its alarms ring, and changes wait in memory.
public struct ReadOnlyDatabase: Equatable, Sendable {
    /// In a few words a notification can show: "the disk is full", "the file system … is read-only".
    public var reason: Message
    /// For want of room, which freeing space ends; otherwise the file system or access refuses writes.
    public var diskFull: Bool

    public init(reason: Message, diskFull: Bool) {
        self.reason = reason
        self.diskFull = diskFull
    }
}
