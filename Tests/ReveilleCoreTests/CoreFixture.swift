import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Synchronization
import Testing

/// 2027-01-04 (a Monday) 06:00:00 UTC.
let mondayMorning = Instant(secondsSinceEpoch: 1_799_042_400)

/// A core on fakes, with helpers to make alarms and answer their problems.
struct CoreFixture {
    let fakes: FakeWorld
    let core: AgentCore
    let events: EventLog

    init(now: Instant = mondayMorning, store: FakeStore = FakeStore(), config: AgentConfig = AgentConfig(),
         terminalMissing: Bool = false, timerWakesMachine: Bool = true,
         words: WordLists = WordLists(english: ["apple", "river", "stone"]),
         languages: @escaping @Sendable () -> [String] = { [] },
         timeStyle: @escaping @Sendable () -> TimeStyle = { .posix }) async throws {
        fakes = FakeWorld(now: now, store: store, terminalMissing: terminalMissing, timerWakesMachine: timerWakesMachine)
        core = AgentCore(world: fakes.world, config: config, words: words, languages: languages, timeStyle: timeStyle, random: .seeded(7),
                         inbox: fakes.inbox)
        events = EventLog(core.events)
        // The agent's one loop: the fake timer's events reach the core through it, as the live ones do.
        Task { [core] in await CoreService(core: core).run() }
        // As the agent does, with nothing between the two: it owns its name at once here.
        try await core.load()
        await core.resume()
    }

    /// Adds an alarm `minutesAhead` minutes from now (UTC zone).
    func addAlarm(minutesAhead: Int64 = 60, _ configure: (inout AlarmChanges) -> Void = { _ in }) async throws -> AlarmID {
        let local = fakes.zone.current().localDateTime(at: fakes.clock.now().adding(seconds: minutesAhead * 60))
        var changes = AlarmChanges()
        changes.time = local.time
        configure(&changes)
        return try await core.add(changes)
    }

    /// Moves the clock to the timer's deadline and fires it; a wake that only prepared a ring
    /// (`PrepareRing.lead` before it) goes on to the ring.
    func fireTimer() async {
        await fireTimerOnce()
        let ringAt = fakes.clock.now().adding(seconds: PrepareRing.lead)
        if fakes.timer.armedAt == ringAt, fakes.sound.hasPreparations { await fireTimerOnce() }
    }

    /// Moves the clock to the timer's deadline and fires it, once.
    func fireTimerOnce() async {
        if let at = fakes.timer.armedAt, at > fakes.clock.now() { fakes.clock.set(at) }
        await core.wake()
    }

    func advance(seconds: Int64) async {
        fakes.clock.advance(by: seconds)
        await core.wake()
    }

    /// Answers the current problem correctly.
    func solve(_ id: AlarmID) async throws -> AnswerOutcome {
        let view = try await core.challenge(id)
        return try await core.submit(id, answer: answer(to: view.prompt)).0
    }
}

/// Computes the answer to a prompt such as `7 × 12 − 45 = ?` or `Type: apple river`.
func answer(to prompt: String) -> String {
    if prompt.hasPrefix("Type: ") { return String(prompt.dropFirst(6)) }
    let tokens = prompt.split(separator: " ").filter { $0 != "=" && $0 != "?" }
    var value = Int(tokens[0])!
    var index = 1
    while index + 1 < tokens.count {
        let operand = Int(tokens[index + 1])!
        switch tokens[index] {
        case "+": value += operand
        case "−": value -= operand
        default: value *= operand
        }
        index += 2
    }
    return String(value)
}

/// Records the core's events as they happen.
final class EventLog: Sendable {
    private let events = Mutex<[AgentEvent]>([])

    init(_ relay: EventRelay) {
        relay.listen { [self] event in self.events.withLock { $0.append(event) } }
    }

    var all: [AgentEvent] { events.withLock { $0 } }
}

/// Waits (at most two seconds) for work the core started on its own, such as a timer's wake.
func waitUntil(_ condition: () async -> Bool) async throws {
    for _ in 0..<200 {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the condition never held")
}
