import DBus
import Glibc
import ReveilleAPI
import LinuxEvents

/// Runs the captcha screen for one alarm against the agent: it shows what `GetChallenge`
/// says, sends answers with `SubmitAnswer`, and follows `ChallengeChanged` and `Dismissed`.
/// The agent holds the problems and their answers; this side only shows and asks.
struct CaptchaSession {
    let client: AgentClient
    let id: String

    /// Returns true when the stack was solved, false when the person left.
    func run() async throws(CLIError) -> Bool {
        let label = try await client.call("GetAlarm", [.string(id)]).first?.vardictValue?["label"]?.stringValue
        let ui: CaptchaUI
        do { ui = try CaptchaUI(label: label, clock: { realtimeNow().seconds }, look: .current()) } catch {
            throw .failed("cannot use this terminal for the challenge: \(error)")
        }
        defer { ui.close() }
        let subscription: Subscription
        do {
            subscription = try await client.connection.subscribe(
                MatchRule(sender: BusNames.service, path: BusNames.path, interface: BusNames.manager, arg0: id)
            ) { signal in
                switch signal.member {
                case "ChallengeChanged": Task { await refresh(ui) }
                case "Dismissed": ui.send(.alarmStopped)
                default: break
                }
            }
        } catch {
            throw AgentClient.cliError(error)
        }
        defer { subscription.cancel() }
        await refresh(ui)
        for await effect in ui.effects {
            switch effect {
            case .submit(let answer): await submit(answer, ui)
            case .quit: return false
            case .finished:
                try? await Task.sleep(for: .seconds(2))
                return true
            }
        }
        return false
    }

    private func refresh(_ ui: CaptchaUI) async {
        do {
            guard let view = try await client.call("GetChallenge", [.string(id)]).first?.vardictValue else { return }
            ui.send(.challenge(Self.challenge(view)))
        } catch {
            ui.send(Self.event(for: error))
        }
    }

    private func submit(_ answer: String, _ ui: CaptchaUI) async {
        do {
            let reply = try await client.call("SubmitAnswer", [.string(id), .string(answer)])
            guard let outcome = reply.first?.stringValue.flatMap(CaptchaOutcome.init(rawValue:)) else { return }
            let next = reply.dropFirst().first?.vardictValue.flatMap { $0.isEmpty ? nil : Self.challenge($0) }
            ui.send(.answered(outcome, next: next))
        } catch {
            ui.send(Self.event(for: error))
            await refresh(ui)
        }
    }

    private static func event(for error: CLIError) -> CaptchaEvent {
        if error.status == .unreachable { return .agentUnreachable }
        return error.message.contains("is not ringing") ? .alarmStopped : .agentUnreachable
    }

    static func challenge(_ view: [String: Value]) -> CaptchaChallenge {
        CaptchaChallenge(
            index: Int(view["index"]?.asInt64 ?? 0), total: Int(view["total"]?.asInt64 ?? 1),
            kind: .init(wireName: view["kind"]?.stringValue ?? ""), prompt: view["prompt"]?.stringValue ?? "",
            deadline: view["deadline"]?.asInt64 ?? 0, attempts: Int(view["attempts"]?.asInt64 ?? 0),
            lockedUntil: view["locked_until"]?.asInt64 ?? 0)
    }
}
