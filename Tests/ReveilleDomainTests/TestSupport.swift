import ReveilleDomain
import ReveilleTime
import Testing

/// A tiny deterministic random source (Steele, Lea and Flood's SplitMix64), so draws repeat from a seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// POSIX TZ rules of the zones the tests travel through.
enum Zone {
    /// Europe/Berlin: CET, CEST from the last Sunday of March 02:00 to the last Sunday of October 03:00.
    static let berlin = "CET-1CEST,M3.5.0,M10.5.0/3"
    /// America/New_York: EST, EDT from the second Sunday of March to the first Sunday of November, at 02:00.
    static let newYork = "EST5EDT,M3.2.0,M11.1.0"
    /// Australia/Sydney: AEST, AEDT from the first Sunday of October 02:00 to the first Sunday of April 03:00.
    static let sydney = "AEST-10AEDT,M10.1.0,M4.1.0/3"
    /// Asia/Kolkata: a half-hour offset and no DST.
    static let kolkata = "<+0530>-5:30"
    /// America/Sao_Paulo today: a whole-hour offset west of UTC and no DST.
    static let saoPaulo = "<-03>3"
    /// America/Santiago: changes at 24:00 on Saturdays, so Sunday's first hour is missing or doubled.
    static let santiago = "<-04>4<-03>,M9.1.6/24,M4.1.6/24"
    /// Australia/Lord_Howe: DST moves clocks by half an hour.
    static let lordHowe = "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"
    /// Not a real zone: a gap from 23:30 to 00:30, so a late alarm on the gap day rings on the next date.
    static let lateGap = "<+01>-1<+02>,M3.5.0/23:30,M10.5.0/3"

    static func rules(_ posix: String) throws -> ZoneRules { try ZoneRules(posix: posix) }
}

func day(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
    CivilDate(year: year, month: month, day: day)!
}

func wall(_ hour: Int, _ minute: Int, _ second: Int = 0) -> WallTime {
    WallTime(hour: hour, minute: minute, second: second)!
}

/// The instant a clock at UTC offset `utcOffsetHours` shows the given local date and time.
func instant(
    _ year: Int, _ month: Int, _ dayOfMonth: Int, _ hour: Int, _ minute: Int, _ second: Int = 0,
    utcOffsetHours: Int = 0
) -> Instant {
    let local = LocalDateTime(date: day(year, month, dayOfMonth), time: wall(hour, minute, second))
    return Instant(secondsSinceEpoch: local.secondsSinceLocalEpoch - Int64(utcOffsetHours * 3600))
}

let sampleAlarmID = AlarmID("6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b")!

func makeAlarm(
    at time: WallTime, on days: Set<Weekday> = [], date: CivilDate? = nil, isEnabled: Bool = true,
    snooze: SnoozePolicy = SnoozePolicy(), challenges: [Challenge] = []
) -> Alarm {
    Alarm(
        id: sampleAlarmID, time: time, date: date, repeatDays: days, isEnabled: isEnabled, snooze: snooze,
        challenges: challenges
    )
}

/// A challenge with a readable id (`c0`, `c1`…) at `orderIndex`.
func makeChallenge(_ params: Challenge.Params, at orderIndex: Int) -> Challenge {
    Challenge(id: ChallengeID("c\(orderIndex)"), params: params, orderIndex: orderIndex)
}

let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
let weekends: Set<Weekday> = [.saturday, .sunday]
