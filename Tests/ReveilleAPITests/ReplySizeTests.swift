import DBus
import ReveilleAPI
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTime
import Testing

/// No reply may exceed what a bus carries: the largest is ListAlarms with every alarm at its largest.
@Suite struct ReplySizeTests {
    /// Under every bus's limit with room to spare: dbus-daemon allows 32 MB on the system bus
    /// and 128 MB on a session bus, and libdbus refuses arrays over 64 MB.
    static let replyLimit = 8_000_000

    /// An alarm as large as new input can make it, and then some: a date and all seven days.
    static func largestAlarm(using random: inout some RandomNumberGenerator) throws -> AlarmSnapshot {
        var changes = AlarmChanges()
        changes.label = String(repeating: "\u{1F600}", count: Alarm.maximumLabelBytes / 4)
        changes.sound = "/" + String(repeating: "s", count: Alarm.maximumSoundPathBytes - 1)
        changes.challenges = Array(repeating: .new(.math(difficulty: .medium, timeLimit: 60)), count: Alarm.maximumChallenges)
        changes.maxSnoozes = -1
        var alarm = try changes.apply(to: Alarm(id: .random(using: &random), time: WallTime(hour: 23, minute: 59, second: 59)!),
                                      using: &random)
        alarm.repeatDays = Set(Weekday.allCases)
        alarm.date = CivilDate(year: 2099, month: 12, day: 31)
        return AlarmSnapshot(alarm: alarm, nextFire: Instant(secondsSinceEpoch: 4_102_444_800), snoozeCount: 10, ringing: true)
    }

    @Test func listAlarmsAtTheLimitWithTheLargestAlarmsStaysUnderEightMegabytes() throws {
        var random = SystemRandomNumberGenerator()
        let alarms = try (0..<Alarm.maximumCount).map { _ in try Self.largestAlarm(using: &random) }
        #expect(alarms[0].alarm.label.utf8.count == Alarm.maximumLabelBytes)
        let size = try wireSize(ofBody: [.vardictArray(alarms.map(AlarmCodec.encode))])
        #expect(size > Alarm.maximumCount * (Alarm.maximumLabelBytes + Alarm.maximumSoundPathBytes))
        #expect(size < Self.replyLimit)
    }
}
