import LinuxEvents
import ReveilleCore

/// The alarm database's thread: a worker of its own, so that SQLite's wait for a lock (up to its
/// busy timeout) or a slow disk holds up only the writes and reads behind it.
extension WorkerThread: StoreThread {
    public func run(_ work: @escaping @Sendable () -> Void) { schedule(work) }
}
