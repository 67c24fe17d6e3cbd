import Foundation
import ReveilleTime
import Testing

private func systemFile(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
}

/// A hand-built version 1 TZif file with types UTC+1 "AAA" (0) and UTC+2 "BBB" (1, DST);
/// by default it switches from the first to the second at 1 000 000.
private func versionOneFile(times: [Int32] = [1_000_000], types: [UInt8] = [1], firstOffset: Int32 = 3600) -> [UInt8] {
    func be32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    let counts: [Int32] = [0, 0, 0, Int32(times.count), 2, 8]  // isut, isstd, leap, time, type, char
    return Array("TZif".utf8) + [0] + [UInt8](repeating: 0, count: 15) + counts.flatMap(be32)
        + times.flatMap(be32) + types
        + be32(firstOffset) + [0, 0] + be32(7200) + [1, 4]
        + Array("AAA\0BBB\0".utf8)
}

@Test func versionOneFilesAreRead() throws {
    let rules = try ZoneRules(tzif: versionOneFile())
    #expect(rules.offset(at: Instant(secondsSinceEpoch: 999_999)) == 3600)
    #expect(rules.abbreviation(at: Instant(secondsSinceEpoch: 999_999)) == "AAA")
    #expect(rules.offset(at: Instant(secondsSinceEpoch: 1_000_000)) == 7200)
    #expect(rules.abbreviation(at: Instant(secondsSinceEpoch: 1_000_000)) == "BBB")
    #expect(rules.isDaylightSavingTime(at: Instant(secondsSinceEpoch: 1_000_000)))
}

@Test func fatSystemFilesUseTheirFooterPast2037() throws {
    let berlin = try ZoneRules(tzif: systemFile("Europe/Berlin"))
    #expect(berlin.offset(at: at("2061-03-27T00:59:59Z")) == 3600)
    #expect(berlin.offset(at: at("2061-03-27T01:00:00Z")) == 7200)
    #expect(berlin.abbreviation(at: at("2061-07-01T00:00:00Z")) == "CEST")
}

@Test func leapSecondFilesAgreeWithPlainFilesInUnixTime() throws {
    let plain = try ZoneRules(tzif: systemFile("Europe/Berlin"))
    let right = try ZoneRules(tzif: systemFile("right/Europe/Berlin"))
    let year = plain.transitions(from: at("2025-01-01T00:00:00Z"), through: at("2026-01-01T00:00:00Z"))
    #expect(year.count == 2)
    #expect(right.transitions(from: at("2025-01-01T00:00:00Z"), through: at("2026-01-01T00:00:00Z")) == year)
}

@Test func garbageIsRejected() {
    for bytes in [[], Array("not a zone file".utf8), Array("TZif".utf8), Array("TZif9".utf8) + [UInt8](repeating: 0, count: 60)] {
        #expect(throws: ZoneError.self) { try ZoneRules(tzif: bytes) }
    }
}

@Test func everyTruncationOfARealFileIsRejected() throws {
    for name in ["Europe/Berlin", "America/New_York", "Asia/Kolkata"] {
        let bytes = try systemFile(name)
        _ = try ZoneRules(tzif: bytes)
        for length in 0..<bytes.count {
            #expect(throws: ZoneError.self, "\(name) cut to \(length) bytes") { try ZoneRules(tzif: Array(bytes[..<length])) }
        }
    }
    let versionOne = versionOneFile()
    for length in 0..<versionOne.count {
        #expect(throws: ZoneError.self) { try ZoneRules(tzif: Array(versionOne[..<length])) }
    }
}

@Test func corruptedBytesNeverCrashTheParser() throws {
    // Every byte of a real file set to each of a few hostile values: parsing may fail or succeed,
    // and whatever it builds must still answer queries.
    let bytes = try systemFile("Australia/Lord_Howe")
    var rejected = 0
    for index in bytes.indices {
        for value: UInt8 in [0x00, 0x7F, 0x80, 0xFF] where bytes[index] != value {
            var corrupt = bytes
            corrupt[index] = value
            do {
                let rules = try ZoneRules(tzif: corrupt)
                let local = rules.localDateTime(at: at("2030-10-06T01:00:00Z"))
                _ = rules.instant(for: local)
            } catch {
                rejected += 1
            }
        }
    }
    #expect(rejected > 0)
}

@Test func outOfRangeTypeIndexOffsetAndDisorderedTimesAreRejected() throws {
    _ = try ZoneRules(tzif: versionOneFile(times: [10, 20], types: [1, 0]))
    #expect(throws: ZoneError.self) { try ZoneRules(tzif: versionOneFile(types: [2])) }
    #expect(throws: ZoneError.self) { try ZoneRules(tzif: versionOneFile(firstOffset: 100_000)) }
    #expect(throws: ZoneError.self) { try ZoneRules(tzif: versionOneFile(times: [20, 10], types: [1, 0])) }
    #expect(throws: ZoneError.self) { try ZoneRules(tzif: versionOneFile(times: [20, 20], types: [1, 0])) }
}
