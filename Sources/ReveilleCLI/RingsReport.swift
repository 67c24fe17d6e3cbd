import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleText
import ReveilleTime

extension AgentClient {
    /// Resolves `reference`, makes the change to the alarm it names, and says on stderr when it rings.
    func change(_ reference: String, _ body: (String) async throws(CLIError) -> Void) async throws(CLIError) {
        let id = try await resolve(reference)
        try await body(id)
        await reportWhenItRings(id)
    }

    /// Says on stderr when the alarm rings next, after a change. stdout stays what scripts read.
    /// The change is already made: an alarm that cannot be read back now only goes unreported.
    func reportWhenItRings(_ id: String, at clock: LocalNow = .live()) async {
        guard let alarm = try? await call(.getAlarm, [.string(id)]).first?.vardictValue else { return }
        printError(Output.ringsText(alarm, at: clock))
    }
}

extension Output {
    /// "rings in 7 h 12 min (Mon 07:00)", "disabled", or "ringing now"; after a pause or a skip
    /// if the alarm has one: "skips Mon 07:00; rings in 1 d 7 h (Tue 07:00)".
    static func ringsText(_ alarm: [String: Value], at clock: LocalNow) -> String {
        if alarm["ringing"]?.boolValue == true { return clock.locale.translator(Message("ringing now")) }
        let next = alarm["next_fire"]?.asInt64 ?? 0
        let rings = clock.locale.translator(TimeUntil.ringsMessage(
            enabled: alarm["enabled"]?.boolValue == true, fire: next > 0 ? Instant(secondsSinceEpoch: next) : nil,
            now: clock.now, zone: clock.zone, style: clock.locale.timeStyle))
        return skipPauseText(alarm, at: clock).map { $0 + "; " + rings } ?? rings
    }
}
