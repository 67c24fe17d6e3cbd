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

    @Argument(help: "The alarm's local time, HH:MM or HH:MM:SS.")
    var time: String

    @Option(name: .customLong("repeat"), help: "Days it repeats on: a comma list of mon..sun, or weekdays, weekends, daily.")
    var repeatDays: String?

    @Option(help: "The day of a one-time alarm, YYYY-MM-DD (not with --repeat).")
    var date: String?

    @Option(help: "Start from this RFC 3339 time instead of now.")
    var from: String?

    @Option(help: "How many times to print (1 to 1000).")
    var count: Int = 5

    func run() throws {
        let request = try request()
        let zone: ZoneRules
        do { zone = try SystemTimeZone.current(environment: Spawner.currentEnvironment()) } catch {
            throw CLIError.usage("\(error)")
        }
        var now = request.from ?? Instant(secondsSinceEpoch: realtimeNow().seconds)
        for _ in 0..<request.count {
            guard let fire = ScheduleNextFire().execute(alarm: request.alarm, now: now, zone: zone) else { break }
            print(rfc3339(fire, in: zone))
            now = fire
        }
    }

    /// The alarm, start and count the arguments ask for; a bad value is a usage error.
    func request() throws(CLIError) -> (alarm: Alarm, from: Instant?, count: Int) {
        let wallTime = try parsed { () throws(AlarmFieldError) in try AlarmText.parseTime(time) }
        var days: Set<Weekday> = []
        if let repeatDays { days = try parsed { () throws(AlarmFieldError) in try AlarmText.parseRepeatList(repeatDays) } }
        let day = try date.map { text throws(CLIError) in try parsed { () throws(AlarmFieldError) in try AlarmText.parseDate(text) } }
        if day != nil && !days.isEmpty { throw CLIError.usage("--date is for one-time alarms; it cannot go with --repeat") }
        guard (1...1000).contains(count) else { throw CLIError.usage("--count \(count) is not between 1 and 1000") }
        var start: Instant?
        if let from {
            guard let instant = parseRFC3339(from) else {
                throw CLIError.usage("--from '\(from)' is not an RFC 3339 time such as 2027-03-27T12:00:00Z")
            }
            start = instant
        }
        let alarm = Alarm(id: .probe, time: wallTime, date: day, repeatDays: days)
        return (alarm, start, days.isEmpty ? 1 : count)
    }
}

/// Runs a parser, turning its field error into a usage error.
func parsed<T>(_ body: () throws(AlarmFieldError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw .usage(error.message) }
}
