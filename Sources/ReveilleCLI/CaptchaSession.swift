import DBus
import Glibc
import LinuxEvents
import ReveilleAPI
import ReveilleModel
import ReveilleText
import Synchronization

/// Runs the captcha screen for one alarm against the agent: `BeginChallenge` rings a snoozed alarm
/// again and gives the first problem, answers go with `SubmitAnswer` (its reply is the next view),
/// and `ChallengeChanged` and `Dismissed` are followed. The agent holds the problems and their
/// answers; this side only shows and asks.
///
/// Every call to the agent is made by one loop, in order, from the screen's effects. Signals are
/// numbered as they arrive; a view is as new as the signals that had arrived when its reply did, and
/// the screen drops a signal or a view older than what it shows (`CaptchaState`).
///
/// The screen speaks this process's language (`CLILocale`): the agent starts it with the
/// session's locale variables, and the prompts come from the agent in that language already.
struct CaptchaSession {
    let client: AgentClient
    let id: String

    /// Returns true when the stack was solved, false when the person left. An alarm neither ringing
    /// nor snoozed is an error before the screen opens.
    func run() async throws(CLIError) -> Bool {
        let label = try await client.call(.getAlarm, [.string(id)]).first?.vardictValue?["label"]?.stringValue
        let arrived = SignalCount()
        let (signals, delivered) = AsyncStream.makeStream(of: CaptchaEvent.self)
        let subscription: Subscription
        do {
            // Before BeginChallenge, so that no change after its reply goes unseen.
            subscription = try await client.connection.subscribe(
                MatchRule(sender: BusNames.service, path: BusNames.path, interface: BusNames.manager, arg0: id)
            ) { signal in
                switch BusSignal(rawValue: signal.member) {
                case .challengeChanged: delivered.yield(.challengeChanged(serial: arrived.next()))
                case .dismissed: delivered.yield(.alarmStopped)
                case .snoozed:
                    let until = signal.arguments.count > 2 ? signal.arguments[2].integer(as: Int64.self) ?? 0 : 0
                    delivered.yield(.alarmSnoozed(until: Output.localClock(until)))
                default: break
                }
            }
        } catch {
            throw AgentClient.cliError(error)
        }
        defer { subscription.cancel() }
        let first = try await client.challenge(.beginChallenge, id)
        let asOf = arrived.current
        let ui: CaptchaUI
        let scanner = WebcamScanner()
        do {
            ui = try CaptchaUI(label: label, clock: { realtimeNow().seconds }, look: .current(), scanAvailable: scanner != nil,
                               translator: CLILocale.current.translator)
        } catch {
            throw .failed(Message("cannot use this terminal for the challenge: {error}", ["error": "\(error)"]))
        }
        defer {
            scanner?.stop()
            ui.close()
        }
        ui.send(.challenge(Self.challenge(first), asOf: asOf))
        let forwarding = Task {
            for await event in signals { ui.send(event) }
        }
        defer {
            delivered.finish()
            forwarding.cancel()
        }
        for await effect in ui.effects {
            switch effect {
            case .submit(let answer): await submit(answer, ui, arrived)
            case .refresh: await refresh(ui, arrived)
            case .scan:
                if let scanner { scanner.scan { code in ui.send(.scanned(code)) } } else { ui.send(.scanned(nil)) }
            case .quit: return false
            case .finished:
                try? await Task.sleep(for: .seconds(2))
                return true
            case .snoozed:
                try? await Task.sleep(for: .seconds(2))
                return false
            }
        }
        return false
    }

    private func refresh(_ ui: CaptchaUI, _ arrived: SignalCount) async {
        do {
            let view = try await client.challenge(.getChallenge, id)
            ui.send(.challenge(Self.challenge(view), asOf: arrived.current))
        } catch {
            ui.send(Self.event(for: error))
        }
    }

    private func submit(_ answer: String, _ ui: CaptchaUI, _ arrived: SignalCount) async {
        do {
            let (outcome, next) = try await client.submit(id, answer: answer)
            guard let outcome = CaptchaOutcome(rawValue: outcome.rawValue) else { return }
            ui.send(.answered(outcome, next: next.map(Self.challenge), asOf: arrived.current))
        } catch {
            ui.send(Self.event(for: error))
            await refresh(ui, arrived)
        }
    }

    private static func event(for error: CLIError) -> CaptchaEvent {
        error.kind == .notRinging ? .alarmStopped : .agentUnreachable
    }

    static func challenge(_ view: ChallengeView) -> CaptchaChallenge {
        CaptchaChallenge(
            index: view.index, total: view.total, kind: .init(wireName: view.kind.rawValue), prompt: view.prompt,
            deadline: view.deadline?.secondsSinceEpoch ?? 0, attempts: view.attempts,
            lockedUntil: view.lockedUntil?.secondsSinceEpoch ?? 0)
    }
}

/// How many `ChallengeChanged` signals have arrived: the number of the latest one.
final class SignalCount: Sendable {
    private let count = Mutex<UInt64>(0)

    func next() -> UInt64 { count.withLock { $0 += 1; return $0 } }
    var current: UInt64 { count.withLock { $0 } }
}
