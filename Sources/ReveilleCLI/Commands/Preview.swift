import ArgumentParser
import ReveilleDomain
import ReveilleTime
import SystemTimeZone
import LinuxEvents

/// `reveille preview`: when would an alarm ring? Needs no agent.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the next times an alarm would ring, without the agent.",
        discussion: """
            Prints one RFC 3339 time per line, with the local offset, strictly after --from. \
            The zone is $TZ (a zone name, a path or a POSIX TZ string), else /etc/localtime.
            """
    )

    @Argument(help: """
        The alarm's time: 7, 7:30, 07:30:15, 7am, 7:30pm, 12am, 12pm, noon, midnight; a day first \
        (tomorrow 7:00, mon 7:00); or from --from: +25m, +1h30m, in 1 hour.
        """)
    var time: [String] = []

    @OptionGroup var days: DayOptions

    @Option(help: "Start from this RFC 3339 time instead of now.")
    var from: String?

    @Option(help: "How many times to print (1 to 1000).")
    var count: Int = 5

    func run() throws {
        let zone: ZoneRules
        do { zone = try SystemTimeZone.current(environment: Spawner.currentEnvironment()) } catch {
            throw CLIError.usage("\(error)")
        }
        let start = try startInstant()
        let request = try request(at: LocalNow(now: start ?? Instant(secondsSinceEpoch: realtimeNow().seconds), zone: zone))
        var now = request.from
        if let seconds = request.inSeconds {
            return print(rfc3339(now.adding(seconds: seconds), in: zone))
        }
        for _ in 0..<request.count {
            guard let fire = ScheduleNextFire().execute(alarm: request.alarm, now: now, zone: zone) else { break }
            print(rfc3339(fire, in: zone))
            now = fire
        }
    }

    /// The alarm, start and count the arguments ask for, read at `clock`; a bad value is a usage error.
    /// A relative time (`+25m`) gives no alarm but the seconds after the start.
    func request(at clock: LocalNow? = nil) throws(CLIError) -> (alarm: Alarm, from: Instant, count: Int, inSeconds: Int64?) {
        guard !time.isEmpty else { throw CLIError.usage("preview needs a time; accepted: \(WhenText.acceptedForms)") }
        let start = try startInstant()
        let clock = clock ?? LocalNow(now: start ?? Instant(secondsSinceEpoch: realtimeNow().seconds), zone: Output.zone)
        let days = try self.days.repeatDays() ?? []
        let when = try TimeExpression(words: time, dayText: self.days.date, at: clock)
        if when.date != nil && !days.isEmpty { throw CLIError.usage("--date is for one-time alarms; it cannot go with --repeat") }
        guard (1...1000).contains(count) else { throw CLIError.usage("--count \(count) is not between 1 and 1000") }
        guard let wallTime = when.time else {
            if !days.isEmpty { throw CLIError.usage("a relative time (+25m, in 1 hour) cannot go with --repeat") }
            return (Alarm(id: .probe, time: WallTime(hour: 0, minute: 0)!), clock.now, 1, when.inSeconds)
        }
        let alarm = Alarm(id: .probe, time: wallTime, date: when.date, repeatDays: days)
        return (alarm, clock.now, days.isEmpty ? 1 : count, nil)
    }

    /// `--from`, when given.
    func startInstant() throws(CLIError) -> Instant? {
        guard let from else { return nil }
        guard let instant = parseRFC3339(from) else {
            throw CLIError.usage("--from '\(from)' is not an RFC 3339 time such as 2027-03-27T12:00:00Z")
        }
        return instant
    }
}

/// Runs a parser, turning its field error into a usage error.
func parsed<T>(_ body: () throws(AlarmFieldError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw .usage(error.message) }
}
