import ArgumentParser
import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleText
import ReveilleTime

/// `reveille next`: the next alarm on one line, for status bars (waybar, polybar, i3blocks, GNOME extensions).
struct Next: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Print the next alarm on one line; exit status 1 when none is scheduled.")),
        // The --format placeholders are named in it as they are typed (`placeholders` fills each with itself).
        discussion: CLILocale.text(Message("Placeholders for --format: {time} (Mon 07:00), {in} (in 7 h 12 min), {label}, {id}, and {note}: \"paused, rings again from Tue 5 Jan\" or \"skips Mon 07:00\" when that alarm has a pause or a skip, else empty; the default format then ends in \", {note}\". With --follow it prints a new line whenever the answer changes: after the agent's signals, and once a minute for the \"in …\" text; an empty line (null with --json) means none is scheduled, and \"{gone}\" (with --json, {\"agent_running\": false}) that the agent has left the bus. Example for waybar: reveille next --follow --format '⏰ {time} ({in})'",
                                           placeholders, messages: ["gone": Next.agentGone])))

    static let defaultFormat = "{time} {label} ({in})"
    /// --format's placeholders, which the help names as they are typed.
    private static let placeholders = ["time": "{time}", "in": "{in}", "label": "{label}", "id": "{id}", "note": "{note}"]
    /// What --follow prints while no agent owns the bus name: nothing can ring, whatever was scheduled.
    /// In the reader's language on the line; in English in --json's "text".
    static let agentGone = Message("Reveille is not running: no alarm can ring")

    @Option(help: .text(Message("The line to print, with {time}, {in}, {label}, {id} and {note}.", placeholders)))
    var format: String = Next.defaultFormat

    @Flag(help: .text(Message("Print JSON: id, label, time, next_fire, in, skipped_occurrence and paused_until.")))
    var json = false

    @Flag(help: .text(Message("Keep running and print a new line each time the answer changes.")))
    var follow = false

    func run() async throws {
        let client = try AgentClient.connect()
        if follow { return try await self.follow(client) }
        let alarms = try await client.alarms()
        guard let line = NextAlarm(from: alarms).map({ render($0, at: .live()) }) else {
            throw CLIError.failed(Message("no alarm is scheduled"))
        }
        print(line)
    }

    /// `clock` carries the reader's locale, which only the default line follows.
    func render(_ next: NextAlarm?, at clock: LocalNow) -> String {
        guard let next else { return json ? "null" : "" }
        return json ? next.json(at: clock) : next.line(format, at: clock)
    }

    /// The line for "no agent owns the name": with --json an object no alarm has, so a script tells it from null.
    func renderAgentGone() -> String {
        json ? Output.json(["agent_running": .bool(false), "text": .string(Next.agentGone.english)]) : CLILocale.text(Next.agentGone)
    }

    /// Why --follow looks again.
    private enum Wakeup { case changed, minute, agentLeft, agentBack }

    /// Signals say when to ask the agent again; a minute timer only redraws the "in …" text. Nothing polls the agent.
    /// The owner of the agent's name is followed too: once it leaves the bus nothing can ring, whatever was scheduled.
    private func follow(_ client: AgentClient) async throws {
        let signals: AsyncStream<Signal>
        let owners: AsyncStream<Signal>
        do {
            signals = try await client.connection.signals(matching: MatchRule(sender: BusNames.service, path: BusNames.path))
            owners = try await client.connection.signals(matching: .nameOwnerChanged(BusNames.service))
        } catch {
            throw AgentClient.cliError(error)
        }
        let (wakeups, wake) = AsyncStream.makeStream(of: Wakeup.self)
        let listener = Task {
            for await signal in signals where signal.member != "ChallengeChanged" { wake.yield(.changed) }
            wake.finish()
        }
        let ownership = Task {
            for await signal in owners where signal.arguments.count == 3 {
                wake.yield(signal.arguments[2].stringValue?.isEmpty == false ? .agentBack : .agentLeft)
            }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(60))
                wake.yield(.minute)
            }
        }
        defer {
            listener.cancel()
            ownership.cancel()
            ticker.cancel()
        }
        var current = NextAlarm(from: try await client.alarms())
        var agentRunning = true
        var printed: String?
        var pending = wakeups.makeAsyncIterator()
        while true {
            let line = agentRunning ? render(current, at: .live()) : renderAgentGone()
            if line != printed {
                print(line)
                fflushStandardOutput()
                printed = line
            }
            guard let wakeup = await pending.next() else {
                throw CLIError(.unreachable, Message("the connection to the session bus ended"))
            }
            switch wakeup {
            case .minute: break
            case .agentLeft: agentRunning = false
            // No call while the name has no owner: it could activate an agent that was stopped on purpose.
            case .changed where !agentRunning: break
            case .changed, .agentBack:
                // An agent that left again before it answered is gone: its NameOwnerChanged follows.
                if let alarms = try? await client.alarms() {
                    current = NextAlarm(from: alarms)
                    agentRunning = true
                }
            }
        }
    }
}

extension LocalNow {
    /// Now, for `next`'s --format placeholders: their values stay as they were before translations
    /// (`Mon 07:00`, `in 7 h`, English notes) in every locale, since status bars and scripts read them.
    static func placeholders() -> LocalNow { LocalNow.live().inEnglish }

    /// The same moment and zone in the C locale.
    var inEnglish: LocalNow {
        var clock = self
        clock.locale = .english
        return clock
    }
}

/// The soonest alarm that will ring, as `next` shows it.
struct NextAlarm: Equatable {
    var id: String
    var label: String
    var fire: Instant
    /// The alarm's `skipped_occurrence` (0: none) and `paused_until` (empty: none), as the agent gives them.
    var skippedOccurrence: Int64 = 0
    var pausedUntil = ""

    /// The enabled alarm with the earliest next fire, if any.
    init?(from alarms: [[String: Value]]) {
        let due = alarms.compactMap { alarm -> NextAlarm? in
            guard alarm["enabled"]?.boolValue == true, let next = alarm["next_fire"]?.asInt64, next > 0 else { return nil }
            var found = NextAlarm(id: alarm["id"]?.stringValue ?? "", label: alarm["label"]?.stringValue ?? "",
                                  fire: Instant(secondsSinceEpoch: next))
            found.skippedOccurrence = alarm["skipped_occurrence"]?.asInt64 ?? 0
            found.pausedUntil = alarm["paused_until"]?.stringValue ?? ""
            return found
        }
        guard let first = due.min(by: { ($0.fire, $0.id) < ($1.fire, $1.id) }) else { return nil }
        self = first
    }

    init(id: String, label: String, fire: Instant) {
        self.id = id
        self.label = label
        self.fire = fire
    }

    var shownLabel: String { label.isEmpty ? "Alarm" : label }

    /// The keys the skip and pause texts read, as the agent gave them.
    private var keys: [String: Value] {
        ["skipped_occurrence": .int64(skippedOccurrence), "paused_until": .string(pausedUntil),
         "next_fire": .int64(fire.secondsSinceEpoch)]
    }

    /// "paused, rings again from Tue 5 Jan" or "skips Mon 07:00"; nil when the alarm has neither.
    func note(at clock: LocalNow) -> String? { Output.skipPauseText(keys, at: clock) }

    /// The label on one line, without control characters.
    private var lineLabel: String {
        sanitizeForTerminal(shownLabel).split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The format with its placeholders filled in; a label cannot smuggle in a placeholder or a control character.
    /// The default format is the reader's line (`defaultLine`); any other keeps its placeholders' values as in C.
    func line(_ format: String, at clock: LocalNow) -> String {
        if format == Next.defaultFormat { return defaultLine(at: clock) }
        let clock = clock.inEnglish
        let note = note(at: clock)
        let values = [
            "{note}": note ?? "",
            "{time}": TimeUntil.wallText(of: fire, now: clock.now, zone: clock.zone, style: clock.locale.timeStyle),
            "{in}": clock.locale.translator(TimeUntil.message(from: clock.now, to: fire)),
            "{label}": lineLabel,
            "{id}": id,
        ]
        var out = ""
        var rest = Substring(format)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            rest = rest[open...]
            if let (key, value) = values.first(where: { rest.hasPrefix($0.key) }) {
                out += value
                rest = rest.dropFirst(key.count)
            } else {
                out += "{"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    /// The line without --format, in the reader's language and time format: "Mon 07:00 Work (in 1 h)",
    /// ending in ", {note}" when the alarm has a skip or a pause. Under C it is the default format filled in.
    func defaultLine(at clock: LocalNow) -> String {
        let time = TimeUntil.wallText(of: fire, now: clock.now, zone: clock.zone, style: clock.locale.timeStyle)
        var messages = ["in": TimeUntil.message(from: clock.now, to: fire)]
        var arguments = ["time": time]
        if label.isEmpty { messages["label"] = Message(context: "unnamed alarm", "Alarm") } else { arguments["label"] = lineLabel }
        guard let note = note(at: clock) else {
            return clock.locale.translator(Message("{time} {label} ({in})", arguments, messages: messages))
        }
        arguments["note"] = note
        return clock.locale.translator(Message("{time} {label} ({in}), {note}", arguments, messages: messages))
    }

    func json(at clock: LocalNow) -> String {
        let local = clock.zone.localDateTime(at: fire)
        return Output.json([
            "id": .string(id), "label": .string(label), "time": .string(local.time.description),
            "next_fire": .int64(fire.secondsSinceEpoch), "in": .string(TimeUntil.message(from: clock.now, to: fire).english),
            "skipped_occurrence": .int64(skippedOccurrence), "paused_until": .string(pausedUntil),
        ])
    }
}
