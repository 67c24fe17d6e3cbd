import Foundation
import ReveilleTime
@testable import SystemTimeZone
import Testing

private let july = parseRFC3339("2027-07-01T12:00:00Z")!

@Test func zoneNamesAreReadFromTheZoneinfoDirectory() throws {
    for tz in ["Europe/Berlin", ":Europe/Berlin"] {
        let zone = try SystemTimeZone.current(environment: ["TZ": tz])
        #expect(zone.offset(at: july) == 7200)
        #expect(zone.name == "Europe/Berlin")
    }
}

@Test func absolutePathsAreReadAsTZifFiles() throws {
    let zone = try SystemTimeZone.current(environment: ["TZ": "/usr/share/zoneinfo/America/New_York"])
    #expect(zone.offset(at: july) == -4 * 3600)
    #expect(zone.name == "America/New_York")
}

@Test func theZoneNameIsWhatFollowsTheLastZoneinfoDirectory() {
    #expect(SystemTimeZone.zoneName(inPath: "/usr/share/zoneinfo/Europe/Berlin") == "Europe/Berlin")
    #expect(SystemTimeZone.zoneName(inPath: "../usr/share/zoneinfo/America/New_York") == "America/New_York")
    #expect(SystemTimeZone.zoneName(inPath: "/zoneinfo/old/usr/share/zoneinfo/UTC") == "UTC")
    #expect(SystemTimeZone.zoneName(inPath: "zoneinfo/Asia/Tokyo") == "Asia/Tokyo")
    #expect(SystemTimeZone.zoneName(inPath: "/usr/share/zoneinfo/") == nil)
    #expect(SystemTimeZone.zoneName(inPath: "/etc/localtime") == nil)
    #expect(SystemTimeZone.zoneName(inPath: "zone") == nil)
    #expect(SystemTimeZone.zoneName(inPath: "") == nil)
}

@Test func posixStringsAreUsedWhenNoZoneFileHasThatName() throws {
    let central = try SystemTimeZone.current(environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"])
    #expect(central.offset(at: july) == 7200)
    let tehran = try SystemTimeZone.current(environment: ["TZ": "<+0330>-3:30"])
    #expect(tehran.offset(at: july) == 12_600)
}

@Test func unknownZoneNamesFailWithAMessageNamingTheValue() {
    #expect {
        _ = try SystemTimeZone.current(environment: ["TZ": "Mars/Olympus_Mons"])
    } throws: { error in
        let message = (error as? SystemTimeZoneError)?.message ?? ""
        return message.contains("Mars/Olympus_Mons") && message.contains("POSIX")
    }
}

@Test func namesClimbingOutOfTheZoneinfoDirectoryAreRefused() {
    #expect {
        _ = try SystemTimeZone.load(tz: "../zoneinfo/Europe/Berlin", zoneinfoDirectory: "/usr/share/zoneinfo")
    } throws: { error in
        (error as? SystemTimeZoneError)?.message.contains("..") == true
    }
}

@Test func unreadableOrInvalidFilesAtAbsolutePathsFail() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let garbage = directory.appendingPathComponent("garbage")
    try Data("not a zone".utf8).write(to: garbage)
    for path in [garbage.path, directory.appendingPathComponent("missing").path, directory.path] {
        #expect(throws: SystemTimeZoneError.self, "\(path)") { try SystemTimeZone.current(environment: ["TZ": path]) }
    }
}

@Test func tzdirReplacesTheZoneinfoDirectory() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("Test"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
        atPath: "/usr/share/zoneinfo/Asia/Kolkata", toPath: directory.appendingPathComponent("Test/Zone").path)
    let zone = try SystemTimeZone.current(environment: ["TZ": "Test/Zone", "TZDIR": directory.path])
    #expect(zone.offset(at: july) == 19_800)
    #expect(zone.name == "Test/Zone")
    #expect(throws: SystemTimeZoneError.self) { try SystemTimeZone.current(environment: ["TZ": "Test/Zone"]) }
}

@Test func withoutTZTheLocaltimeFileDecidesAndItsLinkGivesTheName() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("localtime").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
    let zone = try SystemTimeZone.current(environment: [:], localtimePath: link)
    #expect(zone.offset(at: july) == 9 * 3600)
    #expect(zone.name == "Asia/Tokyo")
}

@Test func withoutTZAndWithoutLocaltimeTheZoneIsUTC() throws {
    let missing = try SystemTimeZone.current(environment: [:], localtimePath: "/nonexistent/localtime")
    #expect(missing == .utc)
    #expect(try SystemTimeZone.current(environment: ["TZ": ""]) == .utc)
}

@Test func aCorruptLocaltimeFileIsAnError() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("localtime")
    try Data("TZif2 but not really".utf8).write(to: path)
    #expect(throws: SystemTimeZoneError.self) { try SystemTimeZone.current(environment: [:], localtimePath: path.path) }
}
