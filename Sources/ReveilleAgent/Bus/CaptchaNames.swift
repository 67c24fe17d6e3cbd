import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import Synchronization

/// Follows the captchas the agent itself starts, by a bus name each one claims.
///
/// Before it opens a terminal for an alarm, the agent makes up a name no one else knows and hands
/// it to `reveille captcha --bus-name`. While a captcha owns such a name, the core hears
/// `challengeOpened`; when the last captcha of an alarm leaves the bus (its terminal closed, or it
/// was killed), `challengeClosed`. A name is owned only as long as its connection lives, so "the
/// captcha is open" can never outlive the captcha. Other clients that read a challenge
/// (`GetChallenge`, `BeginChallenge`) are not followed: reading shows nothing. The process that
/// launched the terminal says nothing useful either: gnome-terminal and konsole return at once.
public final class CaptchaNames: Sendable {
    /// Names handed out and not claimed yet (a terminal that never started) are forgotten beyond this many.
    static let unclaimedLimit = 16

    private let inbox: WorldEvents
    private let connection = Mutex<Connection?>(nil)
    private let state = Mutex<State>(State())

    private struct Followed {
        var alarm: AlarmID
        var subscription: Subscription?
        var claimed = false
        /// Told once, when the captcha claims the name.
        var cameUp: @Sendable () -> Void
    }

    private struct State {
        /// By name, in the order they were handed out.
        var names: [String: Followed] = [:]
        var order: [String] = []
    }

    public init(inbox: WorldEvents) { self.inbox = inbox }

    /// Starts following names on `connection`, the one the service is exported on.
    public func follow(on connection: Connection) { self.connection.withLock { $0 = connection } }

    /// A new name for a captcha of `id`, followed before it is returned; nil when there is no bus to
    /// follow it on. `cameUp` runs when the captcha claims it.
    public func expect(_ id: AlarmID, cameUp: @escaping @Sendable () -> Void = {}) async -> String? {
        guard let connection = connection.withLock({ $0 }) else { return nil }
        var random = SystemRandomNumberGenerator()
        let name = BusNames.captchaPrefix + "c" + (0..<4).map { _ in String(random.next() as UInt32, radix: 16) }.joined()
        let dropped = state.withLock { state in
            state.names[name] = Followed(alarm: id, cameUp: cameUp)
            state.order.append(name)
            return Self.dropUnclaimed(&state)
        }
        for subscription in dropped { subscription.cancel() }
        do {
            let subscription = try await connection.subscribe(.nameOwnerChanged(name)) { [weak self] signal in
                guard signal.arguments.count == 3 else { return }
                if signal.arguments[2].stringValue?.isEmpty == false {
                    self?.claimed(name)
                } else {
                    self?.left(name)
                }
            }
            let kept = state.withLock { state in
                state.names[name]?.subscription = subscription
                return state.names[name] != nil
            }
            if !kept { subscription.cancel() }
        } catch {
            Log.shared.warning("cannot follow the captcha's bus name \(name): \(error)")
        }
        return name
    }

    /// Forgets the oldest names that were never claimed, beyond `unclaimedLimit`; returns their subscriptions.
    private static func dropUnclaimed(_ state: inout State) -> [Subscription] {
        var dropped: [Subscription] = []
        while state.order.count(where: { state.names[$0]?.claimed == false }) > unclaimedLimit,
              let oldest = state.order.first(where: { state.names[$0]?.claimed == false }) {
            state.order.removeAll { $0 == oldest }
            if let subscription = state.names.removeValue(forKey: oldest)?.subscription { dropped.append(subscription) }
        }
        return dropped
    }

    private func claimed(_ name: String) {
        let claimed: Followed? = state.withLock { state in
            guard state.names[name]?.claimed == false else { return nil }
            state.names[name]?.claimed = true
            return state.names[name]
        }
        guard let id = claimed?.alarm else { return }
        claimed?.cameUp()
        Log.shared.info("the captcha of \(id) is on the bus (\(name))")
        inbox.yield(.challengeOpened(id))
    }

    private func left(_ name: String) {
        let (gone, subscription, lastOfItsAlarm) = state.withLock { state -> (AlarmID?, Subscription?, Bool) in
            guard let followed = state.names[name], followed.claimed else { return (nil, nil, false) }
            state.names[name] = nil
            state.order.removeAll { $0 == name }
            let others = state.names.values.contains { $0.alarm == followed.alarm && $0.claimed }
            return (followed.alarm, followed.subscription, !others)
        }
        subscription?.cancel()
        guard let id = gone, lastOfItsAlarm else { return }
        Log.shared.info("the challenge of \(id) was closed (its captcha \(name) left the bus)")
        inbox.yield(.challengeClosed(id))
    }
}
