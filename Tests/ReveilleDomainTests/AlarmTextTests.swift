import ReveilleDomain
import ReveilleTime
import Testing

/// AlarmText: the text forms of times, dates, repeat days and challenges, and errors naming the bad value.
@Suite struct AlarmTextTests {
    /// The message of the AlarmFieldError `body` throws; nil when it throws nothing.
    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as AlarmFieldError {
            return error.message.english
        } catch {
            return "unexpected \(error)"
        }
    }

    // MARK: Times

    @Test(arguments: [
        ("07:00", wall(7, 0)), ("00:00", wall(0, 0)), ("23:59", wall(23, 59)), ("06:30:15", wall(6, 30, 15)),
        ("23:59:59", wall(23, 59, 59)),
    ])
    func validTimesParse(text: String, time: WallTime) throws {
        #expect(try AlarmText.parseTime(text) == time)
    }

    @Test(arguments: [
        "25:61", "24:00", "7:00", "07:0", "07:00:60", "07:60", "07:00:", "07", "", "07-00", " 07:00", "07:00:00:00",
        "+7:00", "٠٧:٠٠", "07:00-00", "07:00:0\u{301}", "0\u{301}7:00", "07.00",
    ])
    func invalidTimesAreRejectedNamingTheValue(text: String) {
        let error = message { _ = try AlarmText.parseTime(text) }
        #expect(error == "time '\(text)' is not a valid HH:MM time")
    }

    // MARK: Dates

    @Test func leapDayIsValidOnlyInLeapYears() throws {
        #expect(try AlarmText.parseDate("2028-02-29") == day(2028, 2, 29))
        #expect(message { _ = try AlarmText.parseDate("2027-02-29") } == "date '2027-02-29' is not a valid YYYY-MM-DD date")
    }

    @Test(arguments: [
        "2026-13-01", "2026-00-10", "2026-04-31", "2026-4-01", "26-04-01", "2026/04/01", "2026-04-01T07:00", "",
        "+026-04-01", "2026-04-0\u{301}", "2026:04-01", "2026-04:01",
    ])
    func invalidDatesAreRejectedNamingTheValue(text: String) {
        #expect(message { _ = try AlarmText.parseDate(text) } == "date '\(text)' is not a valid YYYY-MM-DD date")
    }

    // MARK: Repeat days

    @Test func repeatTokensCombineIntoDays() throws {
        #expect(try AlarmText.parseRepeat([]) == [])
        #expect(try AlarmText.parseRepeat(["mon", "wed"]) == [.monday, .wednesday])
        #expect(try AlarmText.parseRepeat(["weekdays"]) == weekdays)
        #expect(try AlarmText.parseRepeat(["weekends", "fri"]) == [.friday, .saturday, .sunday])
        #expect(try AlarmText.parseRepeat(["daily"]) == Set(Weekday.allCases))
    }

    @Test func storedRepeatFormSkipsEmptyItems() throws {
        #expect(try AlarmText.parseRepeat(joined: "") == [])
        #expect(try AlarmText.parseRepeat(joined: "mon,wed") == [.monday, .wednesday])
        #expect(try AlarmText.parseRepeat(joined: ",weekends,,fri,") == [.friday, .saturday, .sunday])
        #expect(message { _ = try AlarmText.parseRepeat(joined: "mon,Tue") }?.contains("'Tue'") == true)
    }

    @Test func unknownRepeatTokenIsNamedInTheError() throws {
        let error = try #require(message { _ = try AlarmText.parseRepeat(["mon", "funday"]) })
        #expect(error.hasPrefix("repeat day 'funday' is not one of"))
    }

    @Test func repeatListIgnoresCaseAndSpacesAroundCommas() throws {
        #expect(try AlarmText.parseRepeatList("mon, Wed ,FRI") == [.monday, .wednesday, .friday])
        #expect(try AlarmText.parseRepeatList("weekdays,sat") == weekdays.union([.saturday]))
    }

    @Test func repeatListWithAnEmptyDayIsRejected() {
        #expect(message { _ = try AlarmText.parseRepeatList("mon,,tue") } == "repeat 'mon,,tue' has an empty day")
    }

    @Test func repeatDaysFormatInWeekOrder() {
        #expect(AlarmText.formatRepeat([.sunday, .monday, .friday]) == ["mon", "fri", "sun"])
    }

    // MARK: Challenges

    @Test func mathChallengeTakesItsLevelAndTheDefaultTimeLimit() throws {
        for level in MathDifficulty.allCases {
            #expect(try AlarmText.parseChallenge("math:\(level.rawValue)") == .math(difficulty: level, timeLimit: 60))
        }
        #expect(message { _ = try AlarmText.parseChallenge("math:extreme") } == "math level 'extreme' is not easy, medium or hard")
    }

    @Test func qrCodeOfSixToOneHundredTwentyEightCharactersIsAccepted() throws {
        #expect(try AlarmText.parseChallenge("qr:K1-a:b") == .qr(expected: "K1-a:b"))
        let longest = String(repeating: "Q", count: 128)
        #expect(try AlarmText.parseChallenge("qr:" + longest) == .qr(expected: longest))
        #expect(try AlarmText.parseChallenge("qr:door:left") == .qr(expected: "door:left"))
    }

    @Test(arguments: ["qr:", "qr:K", "qr:12345", "qr:" + String(repeating: "Q", count: 129), "qr:ab\u{7}cdef", "qr:tab\there", "qr:new\nline"])
    func badQRCodeIsRejectedWithoutEchoingTheSecret(text: String) {
        #expect(message { _ = try AlarmText.parseChallenge(text) } == "a qr code must be 6 to 128 printable characters")
    }

    @Test func typingTakesOneToTwentyWords() throws {
        #expect(try AlarmText.parseChallenge("typing:1") == .typing(words: 1))
        #expect(try AlarmText.parseChallenge("typing:20") == .typing(words: 20))
    }

    @Test(arguments: ["0", "21", "", "x", "+5", "-1", "6 "])
    func typingWordCountOutOfRangeIsNamedInTheError(count: String) {
        let error = message { _ = try AlarmText.parseChallenge("typing:\(count)") }
        #expect(error == "typing word count '\(count)' is not a number from 1 to 20")
    }

    @Test(arguments: ["steps:100", "math", "", "MATH:easy", "walk:3"])
    func unknownChallengeKindIsNamedInTheError(text: String) {
        #expect(message { _ = try AlarmText.parseChallenge(text) } == "challenge '\(text)' is not math:LEVEL, qr:CODE or typing:N, nor card:LABEL")
    }

    @Test func challengesFormatBackAndHideQRCodes() {
        #expect(AlarmText.formatChallenge(.math(difficulty: .hard, timeLimit: 60)) == "math:hard")
        #expect(AlarmText.formatChallenge(.typing(words: 6)) == "typing:6")
        #expect(AlarmText.formatChallenge(.qr(expected: "KITCHEN-42")) == "qr:*")
        #expect(AlarmText.formatChallenge(.qr(expected: "KITCHEN-42"), revealingSecrets: true) == "qr:KITCHEN-42")
    }

    @Test func formattedChallengesParseBackToThemselves() throws {
        let params: [Challenge.Params] = [.math(difficulty: .medium, timeLimit: 60), .typing(words: 12), .qr(expected: "a b:cd")]
        for param in params {
            #expect(try AlarmText.parseChallenge(AlarmText.formatChallenge(param, revealingSecrets: true)) == param)
        }
    }

    // MARK: Messages stay one readable line

    @Test func badValuesAreShortenedAndControlCharactersReplaced() throws {
        let long = String(repeating: "9", count: 60)
        let error = try #require(message { _ = try AlarmText.parseTime(long) })
        #expect(error == "time '\(String(repeating: "9", count: 40))…' is not a valid HH:MM time")
        #expect(message { _ = try AlarmText.parseTime("07:\u{1B}[2J") } == "time '07:?[2J' is not a valid HH:MM time")
        #expect(message { _ = try AlarmText.parseTime("7\n00") } == "time '7?00' is not a valid HH:MM time")
    }
}
