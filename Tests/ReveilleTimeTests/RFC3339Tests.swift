import ReveilleTime
import Testing

@Test func formattingAlwaysWritesANumericOffset() throws {
    #expect(rfc3339(Instant(secondsSinceEpoch: 0), in: .utc) == "1970-01-01T00:00:00+00:00")
    let newYork = try ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0")
    #expect(rfc3339(Instant(secondsSinceEpoch: 0), in: newYork) == "1969-12-31T19:00:00-05:00")
    let kathmandu = try ZoneRules(posix: "<+0545>-5:45")
    #expect(rfc3339(Instant(secondsSinceEpoch: 0), in: kathmandu) == "1970-01-01T05:45:00+05:45")
    let marquesas = try ZoneRules(posix: "<-0930>9:30")
    #expect(rfc3339(Instant(secondsSinceEpoch: 0), in: marquesas) == "1969-12-31T14:30:00-09:30")
}

@Test func offsetsWithSecondsAreRoundedToTheMinuteAndStillNameTheSameInstant() throws {
    // Berlin's local mean time was +00:53:28; New York's was -04:56:02.
    let berlin = try systemZone("Europe/Berlin")
    let early = at("1890-01-01T00:00:00Z")
    #expect(berlin.offset(at: early) == 3208)
    #expect(rfc3339(early, in: berlin) == "1890-01-01T00:53:00+00:53")
    #expect(parseRFC3339(rfc3339(early, in: berlin)) == early)
    let newYork = try systemZone("America/New_York")
    let earlier = at("1880-01-01T00:00:00Z")
    #expect(newYork.offset(at: earlier) == -17_762)
    #expect(rfc3339(earlier, in: newYork) == "1879-12-31T19:04:00-04:56")
    #expect(parseRFC3339(rfc3339(earlier, in: newYork)) == earlier)
}

@Test func parsingAcceptsTheRFC3339Variants() {
    let expected = Instant(secondsSinceEpoch: 20_905 * 86_400 + 5_400)  // 2027-03-28T01:30:00Z
    for text in [
        "2027-03-28T01:30:00Z", "2027-03-28t01:30:00z", "2027-03-28 01:30:00Z", "2027-03-28T03:30:00+02:00",
        "2027-03-27T20:30:00-05:00", "2027-03-28T01:30:00.999999Z", "2027-03-28T01:30:00.1+00:00",
        "2027-03-28T01:30:00-00:00",
    ] {
        #expect(parseRFC3339(text) == expected, "\(text)")
    }
    #expect(parseRFC3339("1969-12-31T23:59:59.5Z") == Instant(secondsSinceEpoch: -1))
    #expect(parseRFC3339("2016-12-31T23:59:60Z") == parseRFC3339("2017-01-01T00:00:00Z"))
}

@Test func parsingRejectsMalformedTimestamps() {
    for text in [
        "", "2027-03-28", "2027-03-28T01:30:00", "2027-03-28T01:30Z", "2027-3-28T01:30:00Z", "2027-02-29T01:30:00Z",
        "2027-13-01T01:30:00Z", "2027-03-28T24:00:00Z", "2027-03-28T01:60:00Z", "2027-03-28T01:30:61Z",
        "2027-03-28T01:30:00+2:00", "2027-03-28T01:30:00+0200", "2027-03-28T01:30:00+24:00", "2027-03-28T01:30:00.Z",
        "2027-03-28T01:30:00Zjunk", "2027-03-28X01:30:00Z", " 2027-03-28T01:30:00Z", "2027-03-28T01:30:00 Z",
        "2027-03-28T01:30:00." + String(repeating: "9", count: 400),
    ] {
        #expect(parseRFC3339(text) == nil, "\(text)")
    }
}

@Test func formattingRoundTripsThroughParsingInEveryKindOfZone() throws {
    for name in ["Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Chatham", "UTC"] {
        let zone = try systemZone(name)
        for seconds in stride(from: Int64(1_700_000_000), to: 1_900_000_000, by: 3_600_007) {
            let instant = Instant(secondsSinceEpoch: seconds)
            #expect(parseRFC3339(rfc3339(instant, in: zone)) == instant, "\(name) \(seconds)")
        }
    }
}
