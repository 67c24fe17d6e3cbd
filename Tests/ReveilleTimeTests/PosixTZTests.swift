import ReveilleTime
import Testing

@Test(arguments: [
    "EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "CET-1CEST,M3.5.0,M10.5.0/3", "UTC0", "JST-9",
    "<-04>4<-03>,M9.1.6/24,M4.1.6/24", "EET-2EEST,M3.4.4/50,M10.4.4/50", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0",
    "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", "XXX3YYY,J60/2,300", "NST3:30NDT,M3.2.0/0:01,M11.1.0/0:01",
    "EST5EDT", "AAA+5BBB+4:00:00,0/0,J365/25", "<UTC+14>-14",
])
func validPosixStringsParse(text: String) throws {
    _ = try ZoneRules(posix: text)
}

@Test(arguments: [
    "", "EST", "ES5", "5EST", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
    "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J100", "EST5EDT,366,100", "EST25", "EST5:60", "<+03", "<+3>-3",
    "EST5EDT,M3.2.0/168,M11.1.0", "EST5 ", "EST5EDT,M3.2.0,M11.1.0,", "UTC0\n", "CET-1CEST,M3.5.0,M10.5.0/3x",
])
func invalidPosixStringsAreRejectedWithTheTextInTheMessage(text: String) {
    #expect {
        _ = try ZoneRules(posix: text)
    } throws: { error in
        (error as? ZoneError)?.message.contains("\"\(text)\"") == true
    }
}

@Test func northernRuleSwitchesOffsetsAtLocalTimes() throws {
    let newYork = try ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0")
    #expect(newYork.offset(at: at("2027-03-14T06:59:59Z")) == -5 * 3600)
    #expect(newYork.offset(at: at("2027-03-14T07:00:00Z")) == -4 * 3600)
    #expect(newYork.offset(at: at("2027-11-07T05:59:59Z")) == -4 * 3600)
    #expect(newYork.offset(at: at("2027-11-07T06:00:00Z")) == -5 * 3600)
    #expect(newYork.abbreviation(at: at("2027-07-01T00:00:00Z")) == "EDT")
    #expect(newYork.isDaylightSavingTime(at: at("2027-07-01T00:00:00Z")))
}

@Test func southernRuleKeepsDaylightTimeAcrossNewYear() throws {
    let sydney = try ZoneRules(posix: "AEST-10AEDT,M10.1.0,M4.1.0/3")
    #expect(sydney.offset(at: at("2027-01-01T00:00:00Z")) == 11 * 3600)
    #expect(sydney.offset(at: at("2027-07-01T00:00:00Z")) == 10 * 3600)
    #expect(sydney.offset(at: at("2027-04-03T15:59:59Z")) == 11 * 3600)  // 02:59:59 AEDT
    #expect(sydney.offset(at: at("2027-04-03T16:00:00Z")) == 10 * 3600)
}

@Test func julianAndZeroBasedDaysCountFebruary29Differently() throws {
    // J60 is March 1 in every year; day 59 is February 29 in a leap year and March 1 otherwise.
    let julian = try ZoneRules(posix: "AAA0BBB,J60/0,J300/0")
    #expect(julian.offset(at: at("2028-02-29T23:59:59Z")) == 0)
    #expect(julian.offset(at: at("2028-03-01T00:00:00Z")) == 3600)
    let zeroBased = try ZoneRules(posix: "AAA0BBB,59/0,300/0")
    #expect(zeroBased.offset(at: at("2028-02-28T23:59:59Z")) == 0)
    #expect(zeroBased.offset(at: at("2028-02-29T00:00:00Z")) == 3600)
    #expect(zeroBased.offset(at: at("2027-03-01T00:00:00Z")) == 3600)
    #expect(zeroBased.offset(at: at("2027-02-28T23:59:59Z")) == 0)
}

@Test func transitionTimesMayBeNegativeOrBeyondOneDay() throws {
    // Greenland: DST starts on the last Saturday of March at 23:00 (-1 on Sunday), UTC-2 standard.
    let scoresbysund = try ZoneRules(posix: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
    #expect(scoresbysund.offset(at: at("2027-03-28T00:59:59Z")) == -7200)
    #expect(scoresbysund.offset(at: at("2027-03-28T01:00:00Z")) == -3600)
    // Gaza: DST starts on the Saturday after the fourth Thursday of March at 02:00 (Thursday + 50 h).
    let gaza = try ZoneRules(posix: "EET-2EEST,M3.4.4/50,M10.4.4/50")
    #expect(gaza.offset(at: at("2027-03-27T01:00:00+02:00")) == 7200)
    #expect(gaza.offset(at: at("2027-03-27T03:00:00+03:00")) == 10_800)
}

@Test func daylightTimeAllYearStaysInForce() throws {
    let always = try ZoneRules(posix: "EST5EDT,0/0,J365/25")
    for text in ["2027-01-01T04:59:59Z", "2027-01-01T05:00:00Z", "2027-07-01T00:00:00Z", "2027-12-31T23:00:00Z"] {
        #expect(always.offset(at: at(text)) == -4 * 3600, "\(text)")
    }
    #expect(always.transitions(from: at("2026-06-01T00:00:00Z"), through: at("2028-06-01T00:00:00Z")).isEmpty)
}

@Test func fixedZonesHaveOneOffsetAndName() throws {
    let tehran = try ZoneRules(posix: "<+0330>-3:30")
    #expect(tehran.offset(at: at("2027-06-01T00:00:00Z")) == 12_600)
    #expect(tehran.abbreviation(at: at("2027-06-01T00:00:00Z")) == "+0330")
    #expect(tehran.name == "<+0330>-3:30")
    #expect(try ZoneRules(posix: "UTC0").offset(at: at("2027-06-01T00:00:00Z")) == 0)
    #expect(try ZoneRules(posix: "<-0930>9:30").offset(at: at("2027-06-01T00:00:00Z")) == -34_200)
}

@Test func daylightTimeWithoutRulesFollowsTheUSRulesAsGlibcDoes() throws {
    let eastern = try ZoneRules(posix: "EST5EDT")
    #expect(eastern.offset(at: at("2027-03-14T06:59:59Z")) == -5 * 3600)
    #expect(eastern.offset(at: at("2027-03-14T07:00:00Z")) == -4 * 3600)
}
