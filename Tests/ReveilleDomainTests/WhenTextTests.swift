import ReveilleDomain
import ReveilleTime
import Testing

@Suite struct WhenTextTests {
    @Test(arguments: [
        ("7", wall(7, 0)), ("7:30", wall(7, 30)), ("07:30", wall(7, 30)), ("07:30:15", wall(7, 30, 15)),
        ("0", wall(0, 0)), ("23", wall(23, 0)), ("23:59:59", wall(23, 59, 59)),
        ("7am", wall(7, 0)), ("7 am", wall(7, 0)), ("7AM", wall(7, 0)), ("07am", wall(7, 0)),
        ("7:30pm", wall(19, 30)), ("7:30:15pm", wall(19, 30, 15)), ("11:59pm", wall(23, 59)),
        ("12am", wall(0, 0)), ("12:30am", wall(0, 30)), ("12pm", wall(12, 0)), ("12:45pm", wall(12, 45)),
        ("1am", wall(1, 0)), ("noon", wall(12, 0)), ("midnight", wall(0, 0)), (" Noon ", wall(12, 0)),
    ])
    func everyTimeFormReadsAsItsWallTime(text: String, expected: WallTime) throws {
        #expect(try WhenText.parseTime(text) == expected)
        #expect(try WhenText.parse([text]) == .at(expected, day: nil))
    }

    @Test(arguments: [
        "13pm", "0am", "00pm", "19:00pm", "24", "24:00", "7:3", "7:60", "7:30:60", "123", "007", "7:", ":30", "7::30",
        "7.30", "7h30", "7 o'clock", "am", "pm", "7amm", "7 am pm", "", " ", "noonish", "-7", "+7", "7:30 pm 5",
        "\u{0667}:00", "7:0\u{301}", "\u{FF17}:00", "1\u{FE0F}\u{20E3}:00",
    ])
    func anythingElseIsAnErrorThatListsTheAcceptedForms(text: String) {
        #expect(throws: AlarmFieldError.self) { try WhenText.parse([text]) }
        do { _ = try WhenText.parse([text]) } catch {
            #expect(error.message.english.contains(WhenText.acceptedForms))
        }
    }

    @Test func anAmbiguousAmPmHourSaysWhyItIsRefused() {
        #expect(throws: AlarmFieldError.self) { try WhenText.parseTime("13pm") }
        do { _ = try WhenText.parseTime("13pm") } catch { #expect(error.message.english.contains("from 1 to 12")) }
    }

    static let relative: [([String], Int64)] = [
        (["+25m"], 1500), (["+1h30m"], 5400), (["+90s"], 90), (["+2d"], 172_800), (["+1w"], 604_800),
        (["+1h 30m"], 5400), (["in 25 min"], 1500), (["in", "25", "min"], 1500), (["in 1 hour"], 3600),
        (["in 2 hours"], 7200), (["in 90 seconds"], 90), (["in 1h30m"], 5400), (["in 1 hour 30 minutes"], 5400),
        (["In 5 Min"], 300), (["+1d1s"], 86_401),
    ]

    @Test(arguments: relative)
    func relativeFormsAreSecondsFromNow(words: [String], seconds: Int64) throws {
        #expect(try WhenText.parse(words) == .after(seconds: seconds))
    }

    @Test(arguments: [["+0s"], ["+"], ["in"], ["+5x"], ["in 5 parsecs"], ["+25"], ["in 25"], ["+-5m"], ["+53w"], ["in 1000000000s"], ["+m"]])
    func badRelativeFormsAreErrors(words: [String]) {
        #expect(throws: AlarmFieldError.self) { try WhenText.parse(words) }
    }

    @Test func durationsTakeSecondsMinutesHoursDaysAndWeeks() {
        #expect(WhenText.parseDuration("30s") == 30)
        #expect(WhenText.parseDuration("5m") == 300)
        #expect(WhenText.parseDuration("5min") == 300)
        #expect(WhenText.parseDuration("2h") == 7200)
        #expect(WhenText.parseDuration("7d") == 604_800)
        #expect(WhenText.parseDuration("2w") == 1_209_600)
        #expect(WhenText.parseDuration("1h 30min") == 5400)
        #expect(WhenText.parseDuration("0") == 0)
        #expect(WhenText.parseDuration("30") == nil)
        #expect(WhenText.parseDuration("") == nil)
        #expect(WhenText.parseDuration("3y") == nil)
        #expect(WhenText.parseDuration(String(repeating: "999999999w", count: 20_000)) == nil)
    }

    @Test(arguments: [
        (["tomorrow 7:00"], DayWord.tomorrow, wall(7, 0)), (["tomorrow", "7:00"], .tomorrow, wall(7, 0)),
        (["mon 7:00"], .weekday(.monday), wall(7, 0)), (["mon", "7am"], .weekday(.monday), wall(7, 0)),
        (["Monday 7:00"], .weekday(.monday), wall(7, 0)), (["today noon"], .today, wall(12, 0)),
        (["7:00 tomorrow"], .tomorrow, wall(7, 0)), (["2027-03-14 6:45"], .date(day(2027, 3, 14)), wall(6, 45)),
        (["sun 7:30 pm"], .weekday(.sunday), wall(19, 30)),
    ])
    func dayWordsGoWithATime(words: [String], day: DayWord, time: WallTime) throws {
        #expect(try WhenText.parse(words) == .at(time, day: day))
    }

    @Test(arguments: [["tomorrow"], ["mon"], ["someday 7:00"], ["mon tue 7:00"], ["tomorrow 25:00"], ["2027-02-30 7:00"]])
    func aDayAloneOrAnUnknownDayIsAnError(words: [String]) {
        #expect(throws: AlarmFieldError.self) { try WhenText.parse(words) }
    }

    @Test func aWeekdayIsItsNextOccurrence() throws {
        let zone = try Zone.rules(Zone.newYork)
        // Saturday 2027-03-13 07:00 EST.
        let now = instant(2027, 3, 13, 12, 0)
        #expect(DayWord.weekday(.sunday).resolve(time: wall(7, 0), now: now, zone: zone) == day(2027, 3, 14))
        #expect(DayWord.weekday(.monday).resolve(time: wall(7, 0), now: now, zone: zone) == day(2027, 3, 15))
        #expect(DayWord.weekday(.friday).resolve(time: wall(7, 0), now: now, zone: zone) == day(2027, 3, 19))
        // Today's weekday: today while its time is ahead, next week once it has passed.
        #expect(DayWord.weekday(.saturday).resolve(time: wall(8, 0), now: now, zone: zone) == day(2027, 3, 13))
        #expect(DayWord.weekday(.saturday).resolve(time: wall(7, 0), now: now, zone: zone) == day(2027, 3, 20))
        #expect(DayWord.weekday(.saturday).resolve(time: nil, now: now, zone: zone) == day(2027, 3, 13))
        #expect(DayWord.today.resolve(time: nil, now: now, zone: zone) == day(2027, 3, 13))
        #expect(DayWord.tomorrow.resolve(time: nil, now: now, zone: zone) == day(2027, 3, 14))
    }

    @Test func theDayIsTheLocalOneNotUTCs() throws {
        // 2027-11-07 03:30 UTC is still Saturday evening in New York (EDT, before the fall back).
        let now = instant(2027, 11, 7, 3, 30)
        #expect(DayWord.tomorrow.resolve(time: nil, now: now, zone: try Zone.rules(Zone.newYork)) == day(2027, 11, 7))
        #expect(DayWord.tomorrow.resolve(time: nil, now: now, zone: try Zone.rules(Zone.berlin)) == day(2027, 11, 8))
    }

    @Test func dayWordsAcrossDSTDaysFireAtTheirWallTime() throws {
        let newYork = try Zone.rules(Zone.newYork)
        let saturday = instant(2027, 3, 13, 12, 0)
        let sunday = DayWord.tomorrow.resolve(time: wall(7, 0), now: saturday, zone: newYork)
        let fire = ScheduleNextFire().execute(alarm: Alarm(id: .probe, time: wall(7, 0), date: sunday), now: saturday, zone: newYork)
        #expect(fire == instant(2027, 3, 14, 7, 0, utcOffsetHours: -4))
        let berlin = try Zone.rules(Zone.berlin)
        let gapDay = DayWord.weekday(.sunday).resolve(time: wall(2, 30), now: instant(2027, 3, 27, 12, 0), zone: berlin)
        let gapFire = ScheduleNextFire().execute(
            alarm: Alarm(id: .probe, time: wall(2, 30), date: gapDay), now: instant(2027, 3, 27, 12, 0), zone: berlin)
        #expect(gapFire == instant(2027, 3, 28, 3, 30, utcOffsetHours: 2))
        let fallBack = instant(2027, 11, 6, 12, 0)
        let twice = DayWord.tomorrow.resolve(time: wall(1, 30), now: fallBack, zone: newYork)
        let first = ScheduleNextFire().execute(alarm: Alarm(id: .probe, time: wall(1, 30), date: twice), now: fallBack, zone: newYork)
        #expect(first == instant(2027, 11, 7, 1, 30, utcOffsetHours: -4))
    }
}

@Suite struct TimeUntilTests {
    let now = instant(2027, 1, 4, 6, 0)  // a Monday

    static let countdowns: [(Int64, String)] = [
        (0, "in 0 s"), (45, "in 45 s"), (59, "in 59 s"), (60, "in 1 min"), (89, "in 1 min"), (90, "in 2 min"),
        (720, "in 12 min"), (1499, "in 25 min"), (3569, "in 59 min"), (3570, "in 1 h"),
        (3600, "in 1 h"), (25_920, "in 7 h 12 min"), (86_369, "in 23 h 59 min"), (86_370, "in 1 d"),
        (273_600, "in 3 d 4 h"), (259_200, "in 3 d"), (948_600, "in 11 d"),
    ]

    @Test(arguments: countdowns)
    func theCountdownHasFourForms(seconds: Int64, expected: String) {
        #expect(TimeUntil.message(from: now, to: now.adding(seconds: seconds)).english == expected)
    }

    @Test func aPassedFireReadsAsNow() {
        #expect(TimeUntil.message(from: now, to: now.adding(seconds: -5)).english == "in 0 s")
    }

    @Test func ringsTextNamesTheDayAndTime() throws {
        let fire = now.adding(seconds: 7 * 3600 + 12 * 60)
        #expect(TimeUntil.ringsMessage(enabled: true, fire: fire, now: now, zone: .utc).english == "rings in 7 h 12 min (Mon 13:12)")
        #expect(TimeUntil.ringsMessage(enabled: false, fire: nil, now: now, zone: .utc).english == "disabled")
        #expect(TimeUntil.ringsMessage(enabled: true, fire: nil, now: now, zone: .utc).english == "not scheduled")
        let far = instant(2027, 1, 11, 7, 0)
        #expect(TimeUntil.wallText(of: far, now: now, zone: .utc) == "Mon 2027-01-11 07:00")
        let berlin = try Zone.rules(Zone.berlin)
        #expect(TimeUntil.wallText(of: instant(2027, 1, 5, 6, 0, 30), now: now, zone: berlin) == "Tue 07:00:30")
    }

    @Test func onlyTheNext24HoursAreSoon() {
        #expect(TimeUntil.isSoon(now.adding(seconds: 86_400), now: now))
        #expect(!TimeUntil.isSoon(now.adding(seconds: 86_401), now: now))
    }
}
