import ReveilleWake
import Synchronization

/// A timer that records what it was set to: `armed` is the deadline it holds now.
final class FakeTimer: WakeTimer {
    private let state = Mutex<(armed: Int64?, calls: Int, failing: Bool)>((nil, 0, false))

    var armed: Int64? { state.withLock { $0.armed } }
    /// How many times it was set or disarmed.
    var calls: Int { state.withLock { $0.calls } }
    func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }

    struct Failure: Error {}

    func arm(atUnixSeconds seconds: Int64) throws {
        try state.withLock { state throws in
            if state.failing { throw Failure() }
            state.armed = seconds
            state.calls += 1
        }
    }

    func disarm() throws {
        try state.withLock { state throws in
            if state.failing { throw Failure() }
            state.armed = nil
            state.calls += 1
        }
    }

    /// What the kernel does when the deadline passes: a one-shot timer disarms itself.
    func fire() { state.withLock { $0.armed = nil } }
}

/// A bus whose callers' uids and polkit's answers the test sets.
final class FakeBus: WakeBus {
    private struct State {
        var uids: [String: UInt32] = [:]
        var answer: AuthorityAnswer = .answered(isAuthorized: true, isChallenge: false)
        var followed: Set<String> = []
        var gone: Set<String> = []
        var authorizations: [String] = []
    }
    private let state = Mutex(State())

    func connect(_ connection: String, uid: UInt32) { state.withLock { $0.uids[connection] = uid } }
    func answer(_ answer: AuthorityAnswer) { state.withLock { $0.answer = answer } }
    /// The connection has left: follow says so from now on.
    func leave(_ connection: String) { state.withLock { _ = $0.gone.insert(connection) } }
    var followed: Set<String> { state.withLock { $0.followed } }
    /// Whom polkit was asked about, in order.
    var authorizations: [String] { state.withLock { $0.authorizations } }

    struct NoSuchConnection: Error {}

    func unixUser(of connection: String) async throws -> UInt32 {
        guard let uid = state.withLock({ $0.uids[connection] }) else { throw NoSuchConnection() }
        return uid
    }

    func authorize(_ connection: String) async -> AuthorityAnswer {
        state.withLock { state in
            state.authorizations.append(connection)
            return state.answer
        }
    }

    func follow(_ connection: String) async -> Bool {
        state.withLock { state in
            guard !state.gone.contains(connection) else { return false }
            state.followed.insert(connection)
            return true
        }
    }

    func unfollow(_ connection: String) { state.withLock { _ = $0.followed.remove(connection) } }
}

/// A clock the test moves by hand.
final class FakeClock: WakeClock {
    private let state = Mutex<(unix: Int64, uptime: Duration)>((1_800_000_000, .seconds(1_000)))

    var unixSeconds: Int64 { state.withLock { $0.unix } }
    var uptime: Duration { state.withLock { $0.uptime } }

    func advance(by seconds: Int64) {
        state.withLock {
            $0.unix += seconds
            $0.uptime += .seconds(seconds)
        }
    }

    /// The wall clock jumps; uptime does not.
    func setWall(_ unix: Int64) { state.withLock { $0.unix = unix } }
}
