import CDBus
import LinuxEvents

/// Drives one connection from the event loop: a descriptor watch per enabled
/// `DBusWatch`, a deadline per enabled `DBusTimeout`, and a dispatch of
/// queued messages whenever libdbus reports some. Nothing polls.
///
/// Every libdbus call on the connection happens on the loop's thread (`queue`),
/// so libdbus calls these functions there too. That is also why no wakeup-main function
/// is installed: libdbus wants it for messages queued from other threads.
final class EventLoop: @unchecked Sendable {
    let queue: Reactor
    let connection: OpaquePointer

    private init(queue: Reactor, connection: OpaquePointer) {
        self.queue = queue
        self.connection = connection
    }

    /// Installs the loop with `dbus_connection_set_watch_functions`,
    /// `dbus_connection_set_timeout_functions` and
    /// `dbus_connection_set_dispatch_status_function`. The connection keeps the
    /// loop alive and releases it when it is finalized. Call on `queue`.
    static func install(on connection: OpaquePointer, queue: Reactor) throws(DBusError) {
        precondition(queue.isCurrent, "libdbus is driven from the event loop's thread only")
        let loop = EventLoop(queue: queue, connection: connection)
        try checkMemory(
            dbus_connection_set_watch_functions(
                connection, addWatch, removeWatch, watchToggled, loop.retained(), releaseLoop),
            "dbus_connection_set_watch_functions")
        try checkMemory(
            dbus_connection_set_timeout_functions(
                connection, addTimeout, removeTimeout, timeoutToggled, loop.retained(), releaseLoop),
            "dbus_connection_set_timeout_functions")
        dbus_connection_set_dispatch_status_function(connection, dispatchStatusChanged, loop.retained(), releaseLoop)
        // Messages that arrived while registering with the bus are already queued.
        loop.scheduleDispatch()
    }

    private func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    fileprivate static func from(_ data: UnsafeMutableRawPointer?) -> EventLoop {
        Unmanaged<EventLoop>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Runs `dbus_connection_dispatch` until the incoming queue is empty. The
    /// extra reference keeps the connection alive if it is closed meanwhile.
    fileprivate func scheduleDispatch() {
        let connection = QueueBound(dbus_connection_ref(self.connection)!)
        queue.async {
            while dbus_connection_dispatch(connection.value) == DBUS_DISPATCH_DATA_REMAINS {}
            dbus_connection_unref(connection.value)
        }
    }
}

// MARK: - Watches

// dbus_watch_handle and dbus_timeout_handle return FALSE only when out of
// memory; libdbus then simply tries again the next time the descriptor or deadline fires.

/// The loop's watch for one `DBusWatch`, stored as its data with
/// `dbus_watch_set_data` and cancelled when libdbus frees that data.
private final class WatchSources {
    let watch: OpaquePointer
    let queue: Reactor
    var registration: Reactor.Watch?

    init(watch: OpaquePointer, queue: Reactor) {
        self.watch = watch
        self.queue = queue
    }

    /// Re-registers for the watch's current flags
    /// (`dbus_watch_get_enabled`, `dbus_watch_get_flags`, `dbus_watch_get_unix_fd`).
    func update() {
        cancel()
        guard dbus_watch_get_enabled(watch) != 0 else { return }
        let fd = dbus_watch_get_unix_fd(watch)
        let flags = dbus_watch_get_flags(watch)
        var interest = Reactor.Readiness()
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { interest.insert(.readable) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { interest.insert(.writable) }
        let watch = QueueBound(self.watch)
        // A descriptor the loop cannot watch is one libdbus will find broken on its next read or write.
        registration = try? queue.watch(fd, for: interest) { [interest] ready in
            var condition: UInt32 = 0
            if ready.contains(.readable), interest.contains(.readable) { condition |= DBUS_WATCH_READABLE.rawValue }
            if ready.contains(.writable), interest.contains(.writable) { condition |= DBUS_WATCH_WRITABLE.rawValue }
            if ready.contains(.hungUp) { condition |= DBUS_WATCH_HANGUP.rawValue }
            if ready.contains(.failed) { condition |= DBUS_WATCH_ERROR.rawValue }
            guard condition != 0 else { return }
            dbus_watch_handle(watch.value, condition)
        }
    }

    /// Cancelled on the loop's thread, the handler never runs again, so the
    /// watch pointer it holds is never used after libdbus frees the watch.
    func cancel() {
        registration?.cancel()
        registration = nil
    }
}

private func watchSources(_ watch: OpaquePointer?) -> WatchSources? {
    dbus_watch_get_data(watch).map { Unmanaged<WatchSources>.fromOpaque($0).takeUnretainedValue() }
}

private let addWatch: DBusAddWatchFunction = { watch, data in
    let sources = WatchSources(watch: watch!, queue: EventLoop.from(data).queue)
    dbus_watch_set_data(watch, Unmanaged.passRetained(sources).toOpaque(), releaseWatchSources)
    sources.update()
    return 1
}

private let watchToggled: DBusWatchToggledFunction = { watch, _ in
    watchSources(watch)?.update()
}

private let removeWatch: DBusRemoveWatchFunction = { watch, _ in
    dbus_watch_set_data(watch, nil, nil)  // frees the old data: releaseWatchSources
}

private let releaseWatchSources: DBusFreeFunction = { data in
    let sources = Unmanaged<WatchSources>.fromOpaque(data!).takeRetainedValue()
    sources.cancel()
}

// MARK: - Timeouts

/// The loop's deadline for one `DBusTimeout`, stored with `dbus_timeout_set_data`.
private final class TimeoutSource: @unchecked Sendable {
    let timeout: OpaquePointer
    let queue: Reactor
    var deadline: Reactor.Deadline?
    /// Counts re-arms, so that a deadline replaced while its handler ran does not re-arm itself.
    var generation = 0

    init(timeout: OpaquePointer, queue: Reactor) {
        self.timeout = timeout
        self.queue = queue
    }

    /// Re-arms from `dbus_timeout_get_enabled` and `dbus_timeout_get_interval`;
    /// libdbus timeouts repeat until removed or disabled.
    func update() {
        cancel()
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        arm(after: .milliseconds(Int(dbus_timeout_get_interval(timeout))), generation: generation)
    }

    private func arm(after interval: Duration, generation armed: Int) {
        deadline = queue.after(interval) { [self] in
            guard generation == armed else { return }
            _ = dbus_timeout_handle(timeout)
            guard generation == armed else { return }
            arm(after: interval, generation: armed)
        }
    }

    func cancel() {
        generation += 1
        deadline?.cancel()
        deadline = nil
    }
}

private let addTimeout: DBusAddTimeoutFunction = { timeout, data in
    let source = TimeoutSource(timeout: timeout!, queue: EventLoop.from(data).queue)
    dbus_timeout_set_data(timeout, Unmanaged.passRetained(source).toOpaque(), releaseTimeoutSource)
    source.update()
    return 1
}

private let timeoutToggled: DBusTimeoutToggledFunction = { timeout, _ in
    dbus_timeout_get_data(timeout).map { Unmanaged<TimeoutSource>.fromOpaque($0).takeUnretainedValue() }?.update()
}

private let removeTimeout: DBusRemoveTimeoutFunction = { timeout, _ in
    dbus_timeout_set_data(timeout, nil, nil)  // frees the old data: releaseTimeoutSource
}

private let releaseTimeoutSource: DBusFreeFunction = { data in
    Unmanaged<TimeoutSource>.fromOpaque(data!).takeRetainedValue().cancel()
}

// MARK: - Dispatch status

/// libdbus must not be re-entered from this callback, so dispatching is scheduled.
private let dispatchStatusChanged: DBusDispatchStatusFunction = { _, status, data in
    if status == DBUS_DISPATCH_DATA_REMAINS { EventLoop.from(data).scheduleDispatch() }
}

private let releaseLoop: DBusFreeFunction = { data in
    Unmanaged<EventLoop>.fromOpaque(data!).release()
}

/// A C pointer carried into a block that runs on the connection's queue,
/// the only place it is used.
struct QueueBound<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
