import Synchronization

/// A value that arrives once, from any thread, and that any number of tasks wait for. The first
/// value set is the one every waiter gets; later ones are dropped.
public final class OneShot<Value: Sendable>: Sendable {
    private let state = Mutex<(value: Value?, waiters: [CheckedContinuation<Value, Never>])>((nil, []))

    public init() {}

    /// The value, if it has arrived.
    public var value: Value? { state.withLock { $0.value } }

    /// Sets the value unless one was set before, and wakes everyone waiting with the one that holds.
    public func set(_ value: Value) {
        let (held, waiters) = state.withLock { state -> (Value, [CheckedContinuation<Value, Never>]) in
            if state.value == nil { state.value = value }
            defer { state.waiters = [] }
            return (state.value ?? value, state.waiters)
        }
        for waiter in waiters { waiter.resume(returning: held) }
    }

    /// The value, once it has arrived.
    public func wait() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                if state.value == nil { state.waiters.append(continuation) }
                return state.value
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
