import Foundation
import ReveilleTime
import SystemTimeZone
import Testing

/// Compares ZoneRules with CPython's `zoneinfo` reading the same tz files, at test time.
///
/// Python scans each requested UTC year in 3-hour steps, bisects every offset change to the
/// second, and prints what it says about instants and wall times around each change and at
/// samples through the year. Line formats (all numbers are seconds; walls are local seconds
/// since 1970-01-01T00:00 as if UTC):
///   T zone year instant offsetBefore offsetAfter   a change in (Jan 1 of year, Jan 1 of year + 1]
///   O zone instant offset abbreviation             the offset at an instant
///   L zone wall instant kind                       fold=0 reading of a wall time; kind: plain, gap or fold
private let oracleScript = #"""
import sys, zoneinfo
from datetime import datetime, timedelta, timezone
zoneinfo.reset_tzpath([sys.argv[1]])
EPOCH = datetime(1970, 1, 1)
def info(z, t):
    d = datetime.fromtimestamp(t, z)
    return int(d.utcoffset().total_seconds()), d.tzname()
def off(z, t): return info(z, t)[0]
def wall_of(z, t): return t + off(z, t)
def show(name, z, t): print("O", name, t, *info(z, t))
def read(name, z, w):
    naive = EPOCH + timedelta(seconds=w)
    u0 = int(naive.replace(tzinfo=z, fold=0).timestamp())
    u1 = int(naive.replace(tzinfo=z, fold=1).timestamp())
    kind = "gap" if wall_of(z, u0) != w else ("fold" if u0 != u1 else "plain")
    print("L", name, w, u0, kind)
for line in sys.stdin:
    name, *years = line.split()
    z = zoneinfo.ZoneInfo(name)
    for year in map(int, years):
        a = int(datetime(year, 1, 1, tzinfo=timezone.utc).timestamp())
        b = int(datetime(year + 1, 1, 1, tzinfo=timezone.utc).timestamp())
        t, before = a, off(z, a)
        while t < b:
            n = min(t + 10800, b)
            after = off(z, n)
            if after != before:
                lo, hi = t, n
                while hi - lo > 1:
                    mid = (lo + hi) // 2
                    lo, hi = (mid, hi) if off(z, mid) == before else (lo, mid)
                print("T", name, year, hi, before, off(z, hi))
                for s in (hi - 1, hi, hi + 1): show(name, z, s)
                low, high = sorted((hi + before, hi + off(z, hi)))
                for w in (low - 1, low, (low + high) // 2, high - 1, high): read(name, z, w)
            t, before = n, after
        for s in range(a + 25200, b, 5 * 86400 + 3600):
            show(name, z, s)
            read(name, z, wall_of(z, s) // 1800 * 1800)
"""#

/// The zones checked and their years: every zone gets `commonYears`; some get the years their rules changed.
private let zoneYears: [(zone: String, extraYears: [Int])] = [
    ("Europe/Berlin", []), ("America/New_York", []), ("America/Los_Angeles", []), ("Australia/Sydney", []),
    ("Pacific/Auckland", []), ("Europe/London", []), ("America/Sao_Paulo", [2018, 2019]), ("Asia/Tokyo", []),
    ("UTC", []), ("Asia/Kolkata", []), ("Australia/Adelaide", []), ("Asia/Kathmandu", []),
    ("Pacific/Chatham", []), ("Australia/Lord_Howe", []), ("America/St_Johns", []), ("America/Havana", []),
    ("America/Santiago", [2022]), ("Asia/Beirut", [2023]), ("Europe/Moscow", [2011, 2014]),
    ("Pacific/Apia", [2011, 2021]), ("America/Caracas", [2007, 2016]), ("Africa/Casablanca", [2018, 2019]),
    ("Asia/Tehran", [2022, 2023]), ("Asia/Gaza", []), ("America/Scoresbysund", [2023]), ("America/Nuuk", [2023]),
    ("Europe/Dublin", []), ("Africa/Cairo", [2023]), ("America/Asuncion", [2023]), ("Asia/Jerusalem", []),
    ("America/Mexico_City", [2022]), ("Pacific/Kiritimati", [1994, 1995]), ("Pacific/Pago_Pago", []),
    ("America/Anchorage", []), ("Antarctica/Troll", []), ("Europe/Lisbon", []), ("Pacific/Norfolk", [2019]),
    ("Atlantic/Azores", []), ("America/Miquelon", []), ("Europe/Kyiv", [])
]
private let commonYears = [2024, 2025, 2026, 2040, 2060]

private func years(_ extraYears: [Int]) -> [Int] { Array(Set(commonYears + extraYears)).sorted() }

/// Runs the oracle over `directory` and returns every disagreement, plus counts proving it checked something.
private func disagreements(zoneinfoDirectory directory: String) throws -> (problems: [String], counts: [String: Int]) {
    let input = zoneYears.map { ([$0.zone] + years($0.extraYears).map(String.init)).joined(separator: " ") }
    let output = try runProgram("/usr/bin/python3", ["-c", oracleScript, directory], input: input.joined(separator: "\n") + "\n")
    var zones: [String: ZoneRules] = [:]
    for (zone, _) in zoneYears { zones[zone] = try SystemTimeZone.load(tz: zone, zoneinfoDirectory: directory) }

    var problems: [String] = []
    var counts: [String: Int] = [:]
    var expectedTransitions: [String: [ZoneTransition]] = [:]  // keyed by "zone year"
    for line in output.split(separator: "\n") {
        let field = line.split(separator: " ").map(String.init)
        guard let rules = zones[field[1]] else { problems.append("unexpected line: \(line)"); continue }
        let number = { (index: Int) in Int64(field[index])! }
        switch field[0] {
        case "T":
            let transition = ZoneTransition(
                instant: Instant(secondsSinceEpoch: number(3)), offsetBefore: Int(number(4)), offsetAfter: Int(number(5)))
            expectedTransitions["\(field[1]) \(field[2])", default: []].append(transition)
        case "O":
            let instant = Instant(secondsSinceEpoch: number(2))
            if rules.offset(at: instant) != Int(number(3)) || rules.abbreviation(at: instant) != field[4] {
                problems.append("\(line): got \(rules.offset(at: instant)) \(rules.abbreviation(at: instant))")
            }
        case "L":
            let wall = LocalDateTime(secondsSinceLocalEpoch: number(2))
            let got = rules.instant(for: wall)
            if got.secondsSinceEpoch != number(3) { problems.append("\(line) (\(wall)): got \(got.secondsSinceEpoch)") }
            if field[4] == "gap", let problem = gapPolicyProblem(rules, wall: wall, answer: got) { problems.append("\(line): \(problem)") }
        default:
            problems.append("unexpected line: \(line)")
        }
        counts[field[0] == "L" ? field[4] : field[0], default: 0] += 1
    }
    for (zone, extraYears) in zoneYears {
        for year in years(extraYears) {
            let start = Instant(secondsSinceEpoch: CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch * 86_400)
            let end = Instant(secondsSinceEpoch: CivilDate(year: year + 1, month: 1, day: 1)!.daysSinceEpoch * 86_400)
            let got = zones[zone]!.transitions(from: start.adding(seconds: 1), through: end)
            let expected = expectedTransitions["\(zone) \(year)"] ?? []
            if got != expected { problems.append("transitions of \(zone) in \(year): expected \(expected), got \(got)") }
        }
    }
    return (problems, counts)
}

/// Checks Reveille's gap policy directly: the answer lies as far past the gap's end as the wall time lies past its start.
private func gapPolicyProblem(_ rules: ZoneRules, wall: LocalDateTime, answer: Instant) -> String? {
    guard let change = rules.transitions(from: answer.adding(seconds: -2 * 86_400), through: answer).last,
          change.offsetAfter > change.offsetBefore
    else { return "no spring-forward transition before the answer" }
    let gapStart = change.instant.secondsSinceEpoch + Int64(change.offsetBefore)
    let gapEnd = change.instant.secondsSinceEpoch + Int64(change.offsetAfter)
    let shown = rules.localDateTime(at: answer).secondsSinceLocalEpoch
    return shown - gapEnd == wall.secondsSinceLocalEpoch - gapStart ? nil : "answer shows \(rules.localDateTime(at: answer))"
}

@Test func offsetsAndWallTimesMatchPythonZoneinfoOnTheSystemFatFiles() throws {
    let (problems, counts) = try disagreements(zoneinfoDirectory: "/usr/share/zoneinfo")
    #expect(problems.isEmpty, "\(problems.count) disagreements, first: \(problems.prefix(15).joined(separator: "\n"))")
    // The comparison must have covered real transitions, gaps and overlaps.
    #expect(counts["T", default: 0] > 300 && counts["gap", default: 0] > 300 && counts["fold", default: 0] > 300, "\(counts)")
}

@Test func offsetsAndWallTimesMatchPythonZoneinfoOnSlimFilesWhoseFooterCarriesTheRules() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try runProgram("/usr/sbin/zic", ["-b", "slim", "-d", directory.path, "/usr/share/zoneinfo/tzdata.zi"])
    let berlin = try Data(contentsOf: directory.appendingPathComponent("Europe/Berlin"))
    #expect(berlin.count < 1200, "zic should have written a slim file, got \(berlin.count) bytes")

    let (problems, counts) = try disagreements(zoneinfoDirectory: directory.path)
    #expect(problems.isEmpty, "\(problems.count) disagreements, first: \(problems.prefix(15).joined(separator: "\n"))")
    #expect(counts["T", default: 0] > 300 && counts["gap", default: 0] > 300 && counts["fold", default: 0] > 300, "\(counts)")
}
