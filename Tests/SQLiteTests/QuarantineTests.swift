import Foundation
import SQLite
import SystemSupport
import Testing

private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

private func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
}

/// `YYYYMMDDTHHMMSSZ` for `date`, as the quarantine names files.
private func stamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.string(from: date)
}

@Test func moveAsideRenamesTheDatabaseAndItsSiblingsWithAUTCTimestamp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("alarms.sqlite")
    for suffix in ["", "-wal", "-shm"] { try write("content\(suffix)", to: path + suffix) }
    let before = Date()

    let moved = try Quarantine.moveAside(path: path)

    let candidates = (0...5).map { "\(path).corrupt-\(stamp(before.addingTimeInterval(Double($0))))" }
    #expect(candidates.contains(moved), "\(moved)")
    for suffix in ["", "-wal", "-shm"] {
        #expect(!fileExists(path + suffix))
        #expect(try read(moved + suffix) == "content\(suffix)")
    }
    #expect(!fileExists(moved + "-journal"))
}

@Test func moveAsideNeverReplacesAnEarlierQuarantine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("alarms.sqlite")
    // Occupy the names for the next few seconds, so the one moveAside picks is taken.
    let now = Date()
    let taken = (0...5).map { "\(path).corrupt-\(stamp(now.addingTimeInterval(Double($0))))" }
    for name in taken { try write("earlier \(name)", to: name) }
    try write("latest", to: path)

    let moved = try Quarantine.moveAside(path: path)

    #expect(taken.map { $0 + ".1" }.contains(moved), "\(moved)")
    #expect(try read(moved) == "latest")
    for name in taken { #expect(try read(name) == "earlier \(name)") }
}

@Test func moveAsideOfAMissingFileThrowsAndCreatesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = #expect(throws: SystemError.self) {
        try Quarantine.moveAside(path: directory.file("absent"))
    }
    #expect(error?.code == ENOENT)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
}
