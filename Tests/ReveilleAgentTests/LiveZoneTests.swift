import Foundation
@testable import ReveilleAgent
import ReveilleTime
import Testing

/// The agent's zone never turns to UTC in silence: a zone file that cannot be read leaves the
/// last zone read fine in force, kept in the database for a start with the broken file.
@Suite struct LiveZoneTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-zone-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
    var localtime: String { directory + "/localtime" }
    let losAngeles = "/usr/share/zoneinfo/America/Los_Angeles"

    func breakZoneFile() throws {
        try FileManager.default.removeItem(atPath: localtime)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: losAngeles)).prefix(100)
        try bytes.write(to: URL(fileURLWithPath: localtime))
    }

    @Test func aStartWithABrokenZoneFileRingsByTheZoneKeptInTheDatabase() throws {
        let store = try SQLiteAlarmStore(path: directory + "/alarms.db")
        try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: losAngeles)
        let good = LiveZone(environment: [:], localtimePath: localtime)
        #expect(good.settle(with: store) == nil && good.problem == nil)
        #expect(good.current().name == "America/Los_Angeles")

        try breakZoneFile()
        let restarted = LiveZone(environment: [:], localtimePath: localtime)
        let problem = restarted.settle(with: store)
        #expect(problem?.contains("not a valid time zone file") == true)
        #expect(problem?.contains("America/Los_Angeles") == true)
        #expect(restarted.problem == problem)
        #expect(restarted.current() == good.current())
    }

    @Test func aBadTZWithNothingKeptRingsByUTCAndSaysSo() throws {
        let store = try SQLiteAlarmStore(path: directory + "/alarms.db")
        let zone = LiveZone(environment: ["TZ": "Not/A_Zone"], localtimePath: localtime)
        let problem = zone.settle(with: store)
        #expect(problem?.contains("TZ=\"Not/A_Zone\"") == true && problem?.contains("UTC") == true)
        #expect(zone.current() == .utc)
    }
}
