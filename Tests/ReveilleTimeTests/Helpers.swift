import Foundation
import ReveilleTime
import SystemTimeZone
import Testing

/// Shorthand for a local date and time; traps on fields that do not exist, as a test typo should.
func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> LocalDateTime {
    LocalDateTime(date: CivilDate(year: year, month: month, day: day)!, time: WallTime(hour: hour, minute: minute, second: second)!)
}

/// The instant an RFC 3339 literal names; records a failure for a malformed literal.
func at(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Instant {
    guard let instant = parseRFC3339(text) else {
        Issue.record("bad RFC 3339 literal \(text)", sourceLocation: sourceLocation)
        return Instant(secondsSinceEpoch: 0)
    }
    return instant
}

/// A zone from the system tz database.
func systemZone(_ name: String) throws -> ZoneRules {
    try SystemTimeZone.load(tz: name, zoneinfoDirectory: "/usr/share/zoneinfo")
}

/// Runs a program to completion, feeding it `input`; returns its standard output, throwing on a non-zero exit.
func runProgram(_ path: String, _ arguments: [String], input: String = "") throws -> String {
    // Input goes through a file, so reading a large output cannot deadlock against writing the input.
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputFile = directory.appendingPathComponent("input")
    try Data(input.utf8).write(to: inputFile)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: inputFile)
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProgramFailure(description: "\(path) \(arguments) exited with \(process.terminationStatus)")
    }
    return String(decoding: output, as: UTF8.self)
}

struct ProgramFailure: Error, CustomStringConvertible { var description: String }

/// A scratch directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-time-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
