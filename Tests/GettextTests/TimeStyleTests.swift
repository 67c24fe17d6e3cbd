import Gettext
import ReveilleTime
import Testing

// Needs the locales en_US, en_GB, de_DE, fr_FR and es_ES (.UTF-8) generated (scripts/install-deps.sh).
@Suite struct LocaleTimeStyleTests {
    let seven = WallTime(hour: 7, minute: 0)!
    let evening = WallTime(hour: 19, minute: 5, second: 30)!
    let midnight = WallTime(hour: 0, minute: 30)!
    let noon = WallTime(hour: 12, minute: 0)!

    func style(_ name: String) throws -> TimeStyle {
        try #require(TimeStyle(locale: name), "locale \(name) is not generated (localedef -i … -f UTF-8)")
    }

    @Test func posixWritesWhatReveillePrintedBefore() {
        #expect(TimeStyle.posix.time(seven) == "07:00")
        #expect(TimeStyle.posix.time(evening) == "19:05:30")
        #expect(TimeStyle.posix.weekday(.monday) == "Mon")
        #expect(TimeStyle.posix.month(1) == "Jan")
        #expect(TimeStyle.posix.dayAndMonth(CivilDate(year: 2027, month: 1, day: 5)!) == "Tue 5 Jan")
        #expect(TimeStyle.posix.dayAndMonth(CivilDate(year: 2028, month: 1, day: 5)!, withYear: true) == "Wed 5 Jan 2028")
    }

    @Test func theCLocaleIsPosix() throws {
        #expect(try style("C.UTF-8") == .posix)
        #expect(try style("C") == .posix)
        #expect(try style("POSIX") == .posix)
    }

    @Test func americanEnglishIsTwelveHourWithoutLeadingZero() throws {
        let us = try style("en_US.UTF-8")
        #expect(us.time(seven) == "7:00 AM")
        #expect(us.time(evening) == "7:05:30 PM")
        #expect(us.time(midnight) == "12:30 AM")
        #expect(us.time(noon) == "12:00 PM")
        #expect(us.weekday(.monday) == "Mon")
        #expect(us.dayAndMonth(CivilDate(year: 2027, month: 1, day: 5)!) == "Tue, Jan 5")
    }

    @Test func britishGermanFrenchSpanishAreTwentyFourHour() throws {
        for name in ["en_GB.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8"] {
            let style = try style(name)
            #expect(style.time(seven) == "07:00", "\(name)")
            #expect(style.time(evening) == "19:05:30", "\(name)")
            #expect(!style.twelveHour, "\(name)")
        }
    }

    @Test func namesAreTheLanguagesOwn() throws {
        let de = try style("de_DE.UTF-8"), fr = try style("fr_FR.UTF-8"), es = try style("es_ES.UTF-8")
        #expect(de.weekday(.tuesday) == "Di")
        #expect(de.month(3) == "Mär")
        #expect(de.weekdayName(.monday) == "Montag")
        #expect(de.dayAndMonth(CivilDate(year: 2027, month: 3, day: 2)!) == "Di 2. Mär")
        #expect(fr.weekday(.sunday) == "dim.")
        #expect(fr.monthName(3) == "mars")
        #expect(es.weekdayName(.monday) == "lunes")
        #expect(try style("en_GB.UTF-8").dayAndMonth(CivilDate(year: 2027, month: 1, day: 5)!) == "Tue 5 Jan")
    }

    @Test func aLocaleThatIsNotInstalledIsNil() {
        #expect(TimeStyle(locale: "xx_YY.UTF-8") == nil)
    }
}
