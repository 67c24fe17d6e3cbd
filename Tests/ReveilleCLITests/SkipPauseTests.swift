import DBus
@testable import ReveilleCLI
import ReveilleDomain
import ReveilleTime
import Testing

/// Mon 2027-01-04 06:00 UTC, an hour before the daily 07:00 alarm of these tests.
private let monday = LocalNow(now: Instant(secondsSinceEpoch: 1_799_042_400), zone: .utc)
private let mondaySeven: Int64 = 1_799_046_000
private let tuesdaySeven: Int64 = 1_799_132_400

private func daily(skipped: Int64 = 0, pausedUntil: String = "", next: Int64) -> [String: Value] {
    [
        "id": .string("3f2b9c1e-8d4a-4f6e-9b1a-2c7d5e8f0a13"), "label": .string("Work"), "time": .string("07:00"),
        "repeat": .array("s", ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map(Value.string)), "enabled": .bool(true),
        "next_fire": .int64(next), "ringing": .bool(false), "snoozed": .bool(false),
        "skipped_occurrence": .int64(skipped), "paused_until": .string(pausedUntil),
    ]
}

@Suite struct SkipPauseArgumentTests {
    @Test func pauseTakesAnIdAndADay() throws {
        let (target, date) = try Pause.parse(["3f2b", "--until", "2027-01-05"]).request(at: monday)
        #expect(target == .one("3f2b"))
        #expect(date == CivilDate(year: 2027, month: 1, day: 5))
    }

    @Test func pauseAllReadsDaysAsAddDoes() throws {
        #expect(try Pause.parse(["--all", "--until", "tomorrow"]).request(at: monday) == (.all, CivilDate(year: 2027, month: 1, day: 5)!))
        #expect(try Pause.parse(["--all", "--until", "fri"]).request(at: monday).1 == CivilDate(year: 2027, month: 1, day: 8))
    }

    @Test func todaysWeekdayMeansNextWeek() throws {
        #expect(try Pause.parse(["--all", "--until", "mon"]).request(at: monday).1 == CivilDate(year: 2027, month: 1, day: 11))
    }

    @Test(arguments: [
        ["3f2b", "--all", "--until", "tue"], ["--until", "tue"], ["3f2b", "--until", "someday"],
        ["3f2b", "--until", "today"], ["3f2b", "--until", "2027-01-04"], ["3f2b", "--until", "2026-12-31"],
        ["3f2b", "--until", "2027-02-30"],
    ])
    func badPauseArgumentsAreUsageErrors(arguments: [String]) throws {
        let command = try Pause.parse(arguments)
        do {
            _ = try command.request(at: monday)
            Issue.record("pause took \(arguments)")
        } catch { #expect(error.status == .usage) }
    }

    @Test func pauseNeedsUntil() {
        #expect(throws: (any Error).self) { try Pause.parse(["3f2b"]) }
    }

    @Test func resumeTakesAnIdOrAll() throws {
        #expect(try Resume.parse(["3f2b"]).selection.target() == .one("3f2b"))
        #expect(try Resume.parse(["--all"]).selection.target() == .all)
        #expect(throws: CLIError.self) { try Resume.parse([]).selection.target() }
        #expect(throws: CLIError.self) { try Resume.parse(["3f2b", "--all"]).selection.target() }
    }

    @Test func skipAndUnskipTakeAnId() throws {
        #expect(try Skip.parse(["3f2b"]).alarm.id == "3f2b")
        #expect(try Unskip.parse(["3f2b"]).alarm.id == "3f2b")
        #expect(throws: (any Error).self) { try Skip.parse([]) }
    }

    @Test func pauseAllNamesWhatItLeftAlone() {
        let report = PauseEachReport(changed: 2, leftAlone: ["3f2b9c1e Work (ringing)"])
        #expect(report.lines(verb: "paused") == ["paused 2 alarms", "left alone: 3f2b9c1e Work (ringing)"])
        #expect(PauseEachReport(changed: 1).lines(verb: "resumed") == ["resumed 1 alarm"])
    }
}

@Suite struct SkipPauseTextTests {
    @Test func daysReadAsWeekdayDayAndMonth() {
        let today = CivilDate(year: 2026, month: 11, day: 26)!
        #expect(Output.dayText(CivilDate(year: 2027, month: 1, day: 5)!, today: today) == "Tue 5 Jan")
        #expect(Output.dayText(CivilDate(year: 2028, month: 1, day: 4)!, today: today) == "Tue 4 Jan 2028")
    }

    @Test func aSkipNamesItsOccurrence() {
        let alarm = daily(skipped: mondaySeven, next: tuesdaySeven)
        #expect(Output.skipText(alarm, at: monday) == "skips Mon 07:00")
        #expect(Output.pauseText(alarm, at: monday) == nil)
        #expect(Output.skipText(daily(next: mondaySeven), at: monday) == nil)
    }

    @Test func aPauseNamesTheDayOfTheNextRing() {
        let alarm = daily(pausedUntil: "2027-01-05", next: tuesdaySeven)
        #expect(Output.pauseText(alarm, at: monday) == "paused, rings again from Tue 5 Jan")
        var off = alarm
        off["next_fire"] = .int64(0)
        #expect(Output.pauseText(off, at: monday) == "paused, no ring before Tue 5 Jan")
    }

    @Test func listSaysSoInTheStateColumn() {
        let skipped = Output.alarmLine(daily(skipped: mondaySeven, next: tuesdaySeven), now: monday.now, zone: .utc)
        #expect(skipped.contains("next Tue 2027-01-05 07:00, skips Mon 07:00"))
        let paused = Output.alarmLine(daily(pausedUntil: "2027-01-05", next: tuesdaySeven), now: monday.now, zone: .utc)
        #expect(paused.contains("paused, rings again from Tue 5 Jan"))
        #expect(!paused.contains("next "))
        let plain = Output.alarmLine(daily(next: mondaySeven), now: monday.now, zone: .utc)
        #expect(plain.contains("next Mon 2027-01-04 07:00 (in 1 h)  "))
    }

    @Test func showSaysSoOnTheKeysLines() {
        let lines = Output.alarmDetails(daily(skipped: mondaySeven, pausedUntil: "2027-01-05", next: tuesdaySeven), at: monday)
            .split(separator: "\n")
        #expect(lines.contains("skipped_occurrence: skips Mon 07:00"))
        #expect(lines.contains("paused_until:   2027-01-05 (paused, rings again from Tue 5 Jan)"))
        let none = Output.alarmDetails(daily(next: mondaySeven), at: monday).split(separator: "\n")
        #expect(none.contains("skipped_occurrence: none") && none.contains("paused_until:   none"))
    }

    @Test func nextSaysSoAfterItsDefaultLine() throws {
        let next = try #require(NextAlarm(from: [daily(skipped: mondaySeven, next: tuesdaySeven)]))
        #expect(next.line(Next.defaultFormat, at: monday) == "Tue 07:00 Work (in 1 d 1 h), skips Mon 07:00")
        #expect(next.line("{time}|{note}", at: monday) == "Tue 07:00|skips Mon 07:00")
        let plain = try #require(NextAlarm(from: [daily(next: mondaySeven)]))
        #expect(plain.line(Next.defaultFormat, at: monday) == "Mon 07:00 Work (in 1 h)")
        #expect(next.json(at: monday).contains("\"skipped_occurrence\":\(mondaySeven)"))
        #expect(next.json(at: monday).contains("\"paused_until\":\"\""))
    }

    @Test func changesReportTheSkipBeforeTheRing() {
        #expect(Output.ringsText(daily(skipped: mondaySeven, next: tuesdaySeven), at: monday)
            == "skips Mon 07:00; rings in 1 d 1 h (Tue 07:00)")
    }
}

@Suite struct PreviewSkipPauseTests {
    @Test func skipNextSkipsTheFirstOccurrence() throws {
        let request = try Preview.parse(["7:00", "--repeat", "daily", "--skip-next"]).request(at: monday)
        #expect(request.alarm.skippedOccurrence == LocalDateTime(date: CivilDate(year: 2027, month: 1, day: 4)!, time: WallTime(hour: 7, minute: 0)!))
        #expect(ScheduleNextFire().execute(alarm: request.alarm, now: monday.now, zone: .utc) == Instant(secondsSinceEpoch: tuesdaySeven))
    }

    @Test func pausedUntilHoldsTheDaysBefore() throws {
        let request = try Preview.parse(["7:00", "--repeat", "daily", "--paused-until", "thu"]).request(at: monday)
        #expect(request.alarm.pausedUntil == CivilDate(year: 2027, month: 1, day: 7))
    }

    @Test(arguments: [
        ["7:00", "--date", "2027-01-05", "--paused-until", "2027-01-06"], ["7:00", "--skip-next"],
        ["+25m", "--skip-next"], ["7:00", "--repeat", "daily", "--paused-until", "2027-01-04"],
    ])
    func whatTheAgentWouldRefuseIsAUsageError(arguments: [String]) throws {
        let command = try Preview.parse(arguments)
        do {
            _ = try command.request(at: monday)
            Issue.record("preview took \(arguments)")
        } catch { #expect(error.status == .usage) }
    }
}
