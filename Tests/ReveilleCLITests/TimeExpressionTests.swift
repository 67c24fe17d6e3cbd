import DBus
@testable import ReveilleCLI
import ReveilleCore
import ReveilleDomain
import ReveilleTime
import Testing

@Suite struct TimeExpressionTests {
    /// Saturday 2027-03-13 07:00 in New York (EST), the day before spring forward.
    let saturday = LocalNow(now: Instant(secondsSinceEpoch: 1_804_939_200), zone: try! ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0"))

    @Test func addSendsATimeAndTheResolvedDay() throws {
        let changes = try Add.parse(["tomorrow", "7am", "--label", "Work"]).changes(at: saturday)
        #expect(changes.time == WallTime(hour: 7, minute: 0))
        #expect(changes.date == CivilDate(year: 2027, month: 3, day: 14))
        #expect(changes.inSeconds == nil)
    }

    @Test func addSendsARelativeTimeAsInSeconds() throws {
        let changes = try Add.parse(["in", "25", "min"]).changes(at: saturday)
        #expect(changes.inSeconds == 1500 && changes.time == nil && changes.date == nil)
    }

    @Test func theDateOptionTakesDayWords() throws {
        #expect(try Add.parse(["7:00", "--date", "mon"]).changes(at: saturday).date == CivilDate(year: 2027, month: 3, day: 15))
        #expect(try Add.parse(["6:00", "--date", "sat"]).changes(at: saturday).date == CivilDate(year: 2027, month: 3, day: 20))
        #expect(try Add.parse(["8:00", "--date", "sat"]).changes(at: saturday).date == CivilDate(year: 2027, month: 3, day: 13))
        #expect(try Edit.parse(["3f2a", "--date", "today"]).changes(at: saturday).date == CivilDate(year: 2027, month: 3, day: 13))
    }

    @Test(arguments: [
        ["+25m", "--date", "tomorrow"], ["+25m", "--repeat", "mon"], ["tomorrow", "7:00", "--date", "mon"], ["13pm"], [],
    ])
    func conflictingOrBadAddArgumentsAreUsageErrors(arguments: [String]) throws {
        let command = try Add.parse(arguments)
        #expect(throws: CLIError.self) { try command.changes(at: saturday) }
        do { _ = try command.changes(at: saturday) } catch { #expect(error.status == .usage) }
    }

    @Test func editRefusesARelativeTime() throws {
        let command = try Edit.parse(["3f2a", "--time", "+5m"])
        do {
            _ = try command.changes(at: saturday)
            Issue.record("edit took a relative time")
        } catch { #expect(error.status == .usage) }
    }

    @Test func previewOfARelativeTimeIsTheStartPlusItsSeconds() throws {
        let request = try Preview.parse(["+90s"]).request(at: saturday)
        #expect(request.inSeconds == 90 && request.from == saturday.now)
    }
}

@Suite struct NextLineTests {
    let now = LocalNow(now: Instant(secondsSinceEpoch: 1_799_042_400), zone: .utc)  // Mon 2027-01-04 06:00 UTC
    let alarms: [[String: Value]] = [
        ["id": .string("b"), "label": .string("Later"), "enabled": .bool(true), "next_fire": .int64(1_799_042_400 + 7200)],
        ["id": .string("a"), "label": .string("Work {id}"), "enabled": .bool(true), "next_fire": .int64(1_799_042_400 + 3600 + 720)],
        ["id": .string("c"), "label": .string("Off"), "enabled": .bool(false), "next_fire": .int64(0)],
    ]

    @Test func theSoonestEnabledAlarmIsNext() throws {
        let next = try #require(NextAlarm(from: alarms))
        #expect(next.id == "a")
        #expect(NextAlarm(from: [alarms[2]]) == nil)
    }

    @Test func placeholdersAreFilledAndALabelCannotAddOne() throws {
        let next = try #require(NextAlarm(from: alarms))
        #expect(next.line(Next.defaultFormat, at: now) == "Mon 07:12 Work {id} (in 1 h 12 min)")
        #expect(next.line("{id}|{in}|{label}|{other}|{", at: now) == "a|in 1 h 12 min|Work {id}|{other}|{")
    }

    @Test func listShowsInForTheNext24HoursOnly() {
        let soon = Output.alarmLine(alarms[1], now: now.now)
        #expect(soon.contains("(in 1 h 12 min)"))
        let far = Output.alarmLine(alarms[1], now: now.now.adding(seconds: -2 * 86_400))
        #expect(!far.contains("(in "))
        #expect(Output.ringsText(alarms[2], at: now) == "disabled")
    }
}
