import DBus
import ReveilleCore
import ReveilleDomain
import Synchronization

/// Follows the clients that show a challenge, by their own connection to the bus: the captcha
/// calls GetChallenge and SubmitAnswer, so its unique name is known. When the last client
/// showing an alarm's challenge leaves the bus (its terminal closed, or it was killed), the core
/// hears `challengeClosed`. The process that launched the terminal says nothing useful:
/// gnome-terminal and konsole return at once.
public final class ChallengeClients: Sendable {
    private let inbox: WorldEvents
    private let connection = Mutex<Connection?>(nil)
    private let state = Mutex<State>(State())

    private struct State {
        /// The alarms each client (by unique name) has shown.
        var shown: [String: Set<AlarmID>] = [:]
        var subscriptions: [String: Subscription] = [:]
    }

    public init(inbox: WorldEvents) { self.inbox = inbox }

    /// Starts following clients on `connection`, the one the service is exported on.
    public func follow(on connection: Connection) { self.connection.withLock { $0 = connection } }

    /// `client` asks for `id`'s challenge; returns once the core knows, so that the request
    /// that follows finds the challenge shown.
    func saw(_ client: String, showing id: AlarmID) async {
        inbox.yield(.challengeOpened(id))
        let isNew = state.withLock { state in
            defer { state.shown[client, default: []].insert(id) }
            return state.shown[client] == nil
        }
        if isNew, let connection = connection.withLock({ $0 }) { await watch(client, on: connection) }
        await inbox.settled()
    }

    private func watch(_ client: String, on connection: Connection) async {
        do {
            let subscription = try await connection.subscribe(.nameOwnerChanged(client)) { [weak self] signal in
                guard signal.arguments.count == 3, signal.arguments[2].stringValue == "" else { return }
                self?.left(client)
            }
            let gone = state.withLock { state in
                if state.shown[client] != nil { state.subscriptions[client] = subscription }
                return state.shown[client] == nil
            }
            if gone { return subscription.cancel() }
            // It may have left before the subscription was in place.
            if try await !connection.nameHasOwner(client) { left(client) }
        } catch {
            Log.shared.warning("cannot follow the challenge client \(client) on the bus: \(error)")
        }
    }

    private func left(_ client: String) {
        let (closed, subscription) = state.withLock { state in
            let alarms = state.shown.removeValue(forKey: client) ?? []
            let stillShown = state.shown.values.reduce(into: Set<AlarmID>()) { $0.formUnion($1) }
            return (alarms.subtracting(stillShown), state.subscriptions.removeValue(forKey: client))
        }
        subscription?.cancel()
        for id in closed.sorted() {
            Log.shared.info("the challenge of \(id) was closed (\(client) left the bus); it rings on")
            inbox.yield(.challengeClosed(id))
        }
    }
}
