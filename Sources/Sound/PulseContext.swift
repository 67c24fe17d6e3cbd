import CPulse
import ReveilleTime

/// A connection to the sound server: the one owner of a `pa_threaded_mainloop` and its `pa_context`.
///
/// libpulse runs every callback on the mainloop's thread with the mainloop lock held; every other
/// thread takes that lock (`withLock`) before touching the context, its streams or the Swift state
/// that callbacks share. That lock is what makes this type, and the types built on it, `Sendable`.
final class PulseContext: @unchecked Sendable {
    let mainloop: OpaquePointer
    let context: OpaquePointer
    /// How long to wait for any answer from the server before calling it hung.
    let timeout: Duration
    /// Called on the mainloop's thread for each event `SoundPlayer.followChanges` asked for.
    /// Set and read with the lock held.
    var onChange: (@Sendable () -> Void)?

    /// Connects to `serverAddress`, or where libpulse looks by default (`$PULSE_SERVER`, client.conf,
    /// the user's runtime dir) when nil. Never spawns a server.
    /// The corresponding C functions are `pa_context_new` and `pa_context_connect`.
    init(serverAddress: String?, applicationName: String, timeout: Duration) throws(PulseError) {
        guard let mainloop = pa_threaded_mainloop_new() else {
            throw PulseError(kind: .failed, operation: "pa_threaded_mainloop_new", detail: "out of memory")
        }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), applicationName) else {
            pa_threaded_mainloop_free(mainloop)
            throw PulseError(kind: .failed, operation: "pa_context_new", detail: "out of memory")
        }
        self.mainloop = mainloop
        self.context = context
        self.timeout = timeout
        // From here on deinit frees both handles if connecting fails.
        pa_context_set_state_callback(context, { _, userdata in
            pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
        }, UnsafeMutableRawPointer(mainloop))
        guard pa_threaded_mainloop_start(mainloop) == 0 else {
            throw PulseError(kind: .failed, operation: "pa_threaded_mainloop_start", detail: "cannot start thread")
        }
        try withLock { () throws(PulseError) in
            let flags = PA_CONTEXT_NOAUTOSPAWN
            try check(pa_context_connect(context, serverAddress, flags, nil), "pa_context_connect", failure: .unreachable)
            try wait("pa_context_connect", failure: .unreachable) {
                pa_context_get_state(context) == PA_CONTEXT_READY
            }
        }
    }

    deinit {
        // Stopping the mainloop joins its thread, which would deadlock on that thread itself.
        precondition(pa_threaded_mainloop_in_thread(mainloop) == 0, "PulseContext freed on its own mainloop")
        pa_threaded_mainloop_lock(mainloop)
        pa_context_set_state_callback(context, nil, nil)
        pa_context_set_subscribe_callback(context, nil, nil)
        pa_context_disconnect(context)
        pa_context_unref(context)
        pa_threaded_mainloop_unlock(mainloop)
        pa_threaded_mainloop_stop(mainloop)
        pa_threaded_mainloop_free(mainloop)
    }

    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return try body()
    }

    /// Whether the connection is up. Call with the lock held.
    var isReady: Bool { pa_context_get_state(context) == PA_CONTEXT_READY }

    /// Throws the context's last error if `result`, a libpulse return code, is negative.
    func check(_ result: Int32, _ operation: String, failure: PulseError.Kind = .failed) throws(PulseError) {
        guard result >= 0 else { throw error(failure, operation) }
    }

    /// The error for the context's last failure; `serverGone` once the connection itself is lost.
    /// The corresponding C function is `pa_context_errno`.
    func error(_ kind: PulseError.Kind, _ operation: String) -> PulseError {
        PulseError(lastErrorOf: context, kind: kind, operation: operation)
    }

    /// Waits, with the lock held, until `done()` holds. Every libpulse callback signals the mainloop,
    /// so this sleeps on the mainloop's condition and re-checks only when something happened.
    /// A timer event on the mainloop bounds the wait, since a hung server would never signal.
    /// Throws when the context fails (as `failure`, or `serverGone` once connected) or time runs out.
    func wait(
        _ operation: String,
        failure: PulseError.Kind = .serverGone,
        timeout: Duration? = nil,
        until done: () -> Bool
    ) throws(PulseError) {
        if done() { return }
        let timeout = timeout ?? self.timeout
        let deadline = DeadlineFlag(mainloop: mainloop)
        let event = pa_context_rttime_new(context, pa_rtclock_now() + UInt64(max(0, timeout.wholeMicroseconds)), { _, _, _, userdata in
            let deadline = Unmanaged<DeadlineFlag>.fromOpaque(userdata!).takeUnretainedValue()
            deadline.passed = true
            pa_threaded_mainloop_signal(deadline.mainloop, 0)
        }, Unmanaged.passUnretained(deadline).toOpaque())
        guard let event else {
            throw PulseError(kind: .failed, operation: "pa_context_rttime_new", detail: "cannot arm a timer")
        }
        defer {
            // The flag must outlive the timer event that points at it.
            pa_threaded_mainloop_get_api(mainloop).pointee.time_free(event)
            withExtendedLifetime(deadline) {}
        }
        while !done() {
            guard PA_CONTEXT_IS_GOOD(pa_context_get_state(context)) != 0 else {
                throw error(failure, operation)
            }
            guard !deadline.passed else {
                throw PulseError(kind: .timedOut, operation: operation, detail: "no answer within \(timeout)")
            }
            pa_threaded_mainloop_wait(mainloop)
        }
    }

    /// Runs one server operation, with the lock held, and waits for it to complete.
    /// `start` receives the reply slot as callback userdata and returns the `pa_operation`.
    func perform<Value>(
        _ operation: String,
        into reply: Reply<Value>,
        timeout: Duration? = nil,
        _ start: (UnsafeMutableRawPointer) -> OpaquePointer?
    ) throws(PulseError) -> Value {
        guard let pending = start(Unmanaged.passUnretained(reply).toOpaque()) else {
            throw error(.failed, operation)
        }
        defer { pa_operation_unref(pending) }
        do {
            try wait(operation, timeout: timeout) { pa_operation_get_state(pending) != PA_OPERATION_RUNNING }
        } catch {
            pa_operation_cancel(pending)  // so its callback never sees the freed reply slot
            throw error
        }
        guard let value = reply.value else { throw error(.failed, operation) }
        return value
    }
}

/// Where a libpulse callback leaves its answer for the thread waiting in `PulseContext.perform`.
final class Reply<Value> {
    let mainloop: OpaquePointer
    var value: Value?

    init(_ context: PulseContext) { mainloop = context.mainloop }

    /// Hands a `Reply` to a C callback through its userdata pointer.
    static func from(_ userdata: UnsafeMutableRawPointer?) -> Reply<Value> {
        Unmanaged<Reply<Value>>.fromOpaque(userdata!).takeUnretainedValue()
    }

    /// Called from the callback: store the answer and wake the waiter.
    func deliver(_ value: Value?) {
        self.value = value
        pa_threaded_mainloop_signal(mainloop, 0)
    }
}

private final class DeadlineFlag {
    let mainloop: OpaquePointer
    var passed = false
    init(mainloop: OpaquePointer) { self.mainloop = mainloop }
}
