import ReveilleTime
import Testing

@Test func daysSinceEpochMatchKnownDates() {
    #expect(CivilDate(year: 1970, month: 1, day: 1)!.daysSinceEpoch == 0)
    #expect(CivilDate(year: 1969, month: 12, day: 31)!.daysSinceEpoch == -1)
    #expect(CivilDate(year: 2000, month: 3, day: 1)!.daysSinceEpoch == 11_017)
    #expect(CivilDate(year: 2027, month: 3, day: 28)!.daysSinceEpoch == 20_905)
    #expect(CivilDate(year: 1600, month: 2, day: 29)!.daysSinceEpoch == -135_081)
}

@Test func daysSinceEpochRoundTripsAcrossCenturiesAndBeforeTheEpoch() {
    // Walks day by day from 1600 to 2134 with the plain calendar rules as the reference.
    var expected = CivilDate(year: 1600, month: 1, day: 1)!
    for days in Int64(-135_140)...Int64(60_000) {
        let date = CivilDate(daysSinceEpoch: days)
        guard date == expected, date.daysSinceEpoch == days else {
            Issue.record("day \(days): got \(date), expected \(expected)")
            return
        }
        if expected.day < CivilDate.daysIn(month: expected.month, year: expected.year) {
            expected.day += 1
        } else {
            expected = expected.month == 12
                ? CivilDate(year: expected.year + 1, month: 1, day: 1)!
                : CivilDate(year: expected.year, month: expected.month + 1, day: 1)!
        }
    }
}

@Test func weekdaysFollowTheCalendar() {
    #expect(CivilDate(year: 1970, month: 1, day: 1)!.weekday == .thursday)
    #expect(CivilDate(year: 2027, month: 3, day: 28)!.weekday == .sunday)
    #expect(CivilDate(year: 2027, month: 11, day: 8)!.weekday == .monday)
    #expect(CivilDate(year: 1969, month: 12, day: 29)!.weekday == .monday)
    #expect(CivilDate(year: 2000, month: 2, day: 29)!.weekday == .tuesday)
}

@Test func impossibleDatesAndTimesAreRejected() {
    #expect(CivilDate(year: 2027, month: 2, day: 29) == nil)
    #expect(CivilDate(year: 2028, month: 2, day: 29) != nil)
    #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
    #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
    #expect(CivilDate(year: 2027, month: 13, day: 1) == nil)
    #expect(CivilDate(year: 2027, month: 4, day: 31) == nil)
    #expect(WallTime(hour: 24, minute: 0) == nil)
    #expect(WallTime(hour: 23, minute: 60) == nil)
}

@Test func localDateTimeConvertsSecondsBeforeTheEpoch() {
    #expect(LocalDateTime(secondsSinceLocalEpoch: -1) == local(1969, 12, 31, 23, 59, 59))
    #expect(LocalDateTime(secondsSinceLocalEpoch: -86_400) == local(1969, 12, 31))
    #expect(local(2027, 3, 28, 2, 30).secondsSinceLocalEpoch == 20_905 * 86_400 + 9_000)
    #expect(local(2027, 3, 28, 2, 30).description == "2027-03-28T02:30:00")
}
