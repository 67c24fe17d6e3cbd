import ReveilleTime
import Testing

/// The next `count` instants a daily alarm at `time` fires strictly after `start`.
private func dailyFires(at time: WallTime, after start: Instant, in zone: ZoneRules, count: Int) -> [Instant] {
    var date = zone.localDateTime(at: start).date
    var fires: [Instant] = []
    while fires.count < count {
        let fire = zone.instant(for: LocalDateTime(date: date, time: time))
        if fire > start { fires.append(fire) }
        date = date.adding(days: 1)
    }
    return fires
}

@Test func dailyAlarmInBerlinFiresAsFarPastTheSpringGapThenAtItsTime() throws {
    let berlin = try systemZone("Europe/Berlin")
    let fires = dailyFires(at: WallTime(hour: 2, minute: 30)!, after: at("2027-03-27T12:00:00Z"), in: berlin, count: 2)
    #expect(fires.map { rfc3339($0, in: berlin) } == ["2027-03-28T03:30:00+02:00", "2027-03-29T02:30:00+02:00"])
}

@Test func repeatedHourInNewYorkMeansTheFirstOccurrence() throws {
    let newYork = try systemZone("America/New_York")
    #expect(rfc3339(newYork.instant(for: local(2027, 11, 7, 1, 30)), in: newYork) == "2027-11-07T01:30:00-04:00")
    #expect(rfc3339(newYork.instant(for: local(2027, 11, 8, 1, 30)), in: newYork) == "2027-11-08T01:30:00-05:00")
}

@Test func halfHourGapOnLordHoweShiftsByHalfAnHour() throws {
    let lordHowe = try systemZone("Australia/Lord_Howe")
    #expect(rfc3339(lordHowe.instant(for: local(2027, 10, 3, 2, 15)), in: lordHowe) == "2027-10-03T02:45:00+11:00")
    #expect(rfc3339(lordHowe.instant(for: local(2027, 4, 4, 1, 45)), in: lordHowe) == "2027-04-04T01:45:00+11:00")
}

@Test func samoasSkippedDayKeepsTheGapPolicy() throws {
    // Apia went from 2011-12-29T23:59:59-10:00 straight to 2011-12-31T00:00:00+14:00.
    let apia = try systemZone("Pacific/Apia")
    #expect(rfc3339(apia.instant(for: local(2011, 12, 30, 9, 0)), in: apia) == "2011-12-31T09:00:00+14:00")
    #expect(rfc3339(apia.instant(for: local(2011, 12, 29, 23, 59)), in: apia) == "2011-12-29T23:59:00-10:00")
    #expect(rfc3339(apia.instant(for: local(2011, 12, 31, 0, 0)), in: apia) == "2011-12-31T00:00:00+14:00")
}

@Test func standardOffsetChangeInCaracasSkipsHalfAnHour() throws {
    // On 2016-05-01 clocks went from 02:30 (-04:30) to 03:00 (-04:00): 02:40 was never shown.
    let caracas = try systemZone("America/Caracas")
    let change = caracas.transitions(from: at("2016-01-01T00:00:00Z"), through: at("2017-01-01T00:00:00Z"))
    #expect(change == [ZoneTransition(instant: at("2016-05-01T07:00:00Z"), offsetBefore: -16_200, offsetAfter: -14_400)])
    #expect(rfc3339(caracas.instant(for: local(2016, 5, 1, 2, 40)), in: caracas) == "2016-05-01T03:10:00-04:00")
}

@Test func posixRulesAndTheTZifFileAgreeOnTheExamples() throws {
    let berlin = try ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3")
    #expect(rfc3339(berlin.instant(for: local(2027, 3, 28, 2, 30)), in: berlin) == "2027-03-28T03:30:00+02:00")
    #expect(rfc3339(berlin.instant(for: local(2027, 10, 31, 2, 30)), in: berlin) == "2027-10-31T02:30:00+02:00")
    #expect(rfc3339(berlin.instant(for: local(2027, 10, 31, 3, 0)), in: berlin) == "2027-10-31T03:00:00+01:00")
}
