import Synchronization

/// Collects values that handlers deliver on other threads, and lets a test wait for them.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    var values: [Value] { storage.withLock { $0 } }

    func record(_ value: Value) { storage.withLock { $0.append(value) } }

    /// Waits until at least `count` values arrived, or `seconds` passed: a bound for a test that
    /// would otherwise hang, not a speed requirement.
    @discardableResult
    func waitFor(count: Int, upToSeconds seconds: Double = 10) async -> [Value] {
        let step = 0.02
        for _ in 0..<Int(seconds / step) {
            if values.count >= count { break }
            try? await Task.sleep(for: .seconds(step))
        }
        return values
    }
}
