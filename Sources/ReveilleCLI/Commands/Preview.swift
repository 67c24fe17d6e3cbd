import ArgumentParser
import LinuxEvents
import ReveilleDomain
import ReveilleText
import ReveilleTime
import SystemTimeZone

/// `reveille preview`: when would an alarm ring? Needs no agent.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILocale.text(Message("Print the next times an alarm would ring, without the agent.")),
        discussion: CLILocale.text(Message("Prints one RFC 3339 time per line, with the local offset, strictly after --from. The zone is $TZ (a zone name, a path or a POSIX TZ string), else /etc/localtime. --skip-next and --paused-until show what reveille skip and reveille pause would do: the skipped time is printed with \" skipped\" after it and does not count toward --count, the paused times are not printed, and stderr says \"skips Mon 07:00\" or \"paused, rings again from Tue 5 Jan\"."))
    )

    @Argument(help: .text(Message("The alarm's time: 7, 7:30, 07:30:15, 7am, 7:30pm, 12am, 12pm, noon, midnight; a day first (tomorrow 7:00, mon 7:00); or from --from: +25m, +1h30m, in 1 hour.")))
    var time: [String] = []

    @OptionGroup var days: DayOptions

    @Option(help: .text(Message("Start from this RFC 3339 time instead of now.")))
    var from: String?

    @Option(help: .text(Message("How many times to print (1 to 1000).")))
    var count: Int = 5

    @Flag(help: .text(Message("Skip the next time, as reveille skip would: it is printed with \"skipped\" after it.")))
    var skipNext = false

    @Option(help: .text(Message("Leave out every time before this day, as reveille pause --until would: tomorrow, mon..sun or YYYY-MM-DD.")),
            completion: .list(dayWords))
    var pausedUntil: String?

    func run() throws {
        let zone: ZoneRules
        do { zone = try SystemTimeZone.current(environment: Spawner.currentEnvironment()) } catch {
            throw CLIError.usage("\(error)")
        }
        let start = try startInstant()
        let request = try request(at: LocalNow(now: start ?? Instant(secondsSinceEpoch: realtimeNow().seconds), zone: zone))
        if let seconds = request.inSeconds {
            return print(rfc3339(request.from.adding(seconds: seconds), in: zone))
        }
        let occurrences = SkipAndPause().preview(request.alarm, after: request.from, zone: zone, count: request.count)
        for (occurrence, fate) in occurrences {
            print(rfc3339(occurrence.at, in: zone) + (fate == .skipped ? " skipped" : ""))
        }
        let clock = LocalNow(now: request.from, zone: zone)
        let note = SkipPauseNote.message(
            pausedUntil: request.alarm.pausedUntil, skipped: request.alarm.skippedOccurrence.map { zone.instant(for: $0) },
            nextFire: occurrences.first { $0.1 == .rings }?.0.at, snoozed: false, now: clock.now, zone: zone,
            style: clock.locale.timeStyle)
        if let note { printError(clock.locale.translator(note)) }
    }

    /// The alarm, start and count the arguments ask for, read at `clock`; a bad value is a usage error.
    /// A relative time (`+25m`) gives no alarm but the seconds after the start.
    func request(at clock: LocalNow? = nil) throws(CLIError) -> (alarm: Alarm, from: Instant, count: Int, inSeconds: Int64?) {
        guard !time.isEmpty else { throw CLIError.usage(Message("preview needs a time; accepted: {accepted}", ["accepted": WhenText.acceptedForms])) }
        let start = try startInstant()
        let clock = clock ?? LocalNow(now: start ?? Instant(secondsSinceEpoch: realtimeNow().seconds), zone: Output.zone)
        let days = try self.days.repeatDays() ?? []
        let when = try TimeExpression(words: time, dayText: self.days.date, at: clock)
        if when.date != nil && !days.isEmpty { throw CLIError.usage(Message("--date is for one-time alarms; it cannot go with --repeat")) }
        guard (1...1000).contains(count) else { throw CLIError.usage(Message("--count {count} is not between 1 and 1000", ["count": String(count)])) }
        guard let wallTime = when.time else {
            if !days.isEmpty { throw CLIError.usage(Message("a relative time (+25m, in 1 hour) cannot go with --repeat")) }
            if skipNext || pausedUntil != nil {
                throw CLIError.usage(Message("a relative time (+25m, in 1 hour) cannot go with --skip-next or --paused-until"))
            }
            return (Alarm(id: .probe, time: WallTime(hour: 0, minute: 0)!), clock.now, 1, when.inSeconds)
        }
        var alarm = Alarm(id: .probe, time: wallTime, date: when.date ?? (days.isEmpty ? ScheduleNextFire()
            .nextOccurrenceDate(of: wallTime, now: clock.now, zone: clock.zone) : nil), repeatDays: days)
        // The agent's own rules: a one-time alarm can be neither skipped nor paused past its day.
        let until = try pausedUntil.map { (text) throws(CLIError) in try PauseDate.resolve(text, at: clock) }
        do throws(SkipAndPause.Refusal) {
            if let until { alarm = try SkipAndPause().pause(alarm, until: until, now: clock.now, zone: clock.zone) }
            if skipNext { alarm = try SkipAndPause().skip(alarm, now: clock.now, zone: clock.zone, last: nil) }
        } catch {
            throw CLIError.usage(error.message)
        }
        return (alarm, clock.now, days.isEmpty ? 1 : count, nil)
    }

    /// `--from`, when given.
    func startInstant() throws(CLIError) -> Instant? {
        guard let from else { return nil }
        guard let instant = parseRFC3339(from) else {
            throw CLIError.usage(Message("--from '{value}' is not an RFC 3339 time such as 2027-03-27T12:00:00Z", ["value": from]))
        }
        return instant
    }
}

/// Runs a parser, turning its field error into a usage error.
func parsed<T>(_ body: () throws(AlarmFieldError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw .usage(error.message) }
}
