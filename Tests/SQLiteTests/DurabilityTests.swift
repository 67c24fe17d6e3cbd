import Foundation
import SQLite
import Testing

// Proves "a write is acknowledged only after it is committed; kill -9 at any moment loses
// nothing acknowledged" on our own code, in a real separate process.
//
// The test plays two parts. Run as usual, it starts this same test binary again, selecting
// only itself and naming a database in `writerVariable`. In that child the test is the writer:
// it commits one row per transaction through `Database.transaction` and, only after each
// returns, writes the row's id to its standard output. The parent reads those
// acknowledgements, lets a random number go by, waits a random fraction of a commit's time and
// sends SIGKILL, so the kill usually lands inside a transaction. After three such rounds on one
// file it reopens the database and checks every acknowledged row is there, intact.
//
// A fresh process, rather than fork() inside this multi-threaded test runner, runs the writer:
// after fork only the forking thread exists, and locks other threads held stay held.
//
// What it cannot show: survival of power loss, which needs the disk itself to drop writes.
// `synchronous = FULL` is what covers that case.

private let writerVariable = "REVEILLE_SQLITE_KILL_TEST_DATABASE"
private let acknowledgement = Array("acknowledged ".utf8)
private let schema = ["CREATE TABLE ack (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)"]

private func payload(for id: Int64) -> String { String(repeating: "alarm \(id);", count: 100) }

@Test func everyCommitAcknowledgedBeforeKill9IsThereAfterReopening() throws {
    if let path = ProcessInfo.processInfo.environment[writerVariable] {
        try writeAndAcknowledgeUntilKilled(path)
        return
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("alarms.sqlite")
    var acknowledged: [Int64] = []
    for _ in 1...3 {
        let wanted = Int.random(in: 1...60)
        let round = try runWriterAndKill(path, afterAcknowledgements: wanted)
        #expect(round.signal == SIGKILL, "the writer must die by our SIGKILL, not by itself")
        #expect(round.ids.count >= wanted)
        acknowledged += round.ids
    }
    #expect(acknowledged == acknowledged.sorted() && Set(acknowledged).count == acknowledged.count)

    let database = try Database(path: path)
    #expect(try database.quickCheck())
    let select = try database.prepare("SELECT payload FROM ack WHERE id = ?")
    for id in acknowledged {
        try select.bind(id, at: 1)
        #expect(try select.query { $0.string(at: 0) } == [payload(for: id)], "acknowledged row \(id)")
    }
}

/// The child's part: commit rows one at a time, acknowledging each only after its commit.
private func writeAndAcknowledgeUntilKilled(_ path: String) throws {
    let database = try Database(path: path)
    try database.migrate(schema)
    let next = try database.prepare("SELECT coalesce(max(id), 0) + 1 FROM ack")
    let insert = try database.prepare("INSERT INTO ack (id, payload) VALUES (?, ?)")
    for _ in 0..<100_000 {
        let id = try database.transaction {
            let id = try next.query { $0.int64(at: 0) }[0]
            try insert.bind(id, payload(for: id))
            try insert.run()
            return id
        }
        // Unbuffered: an acknowledgement printed is one the parent can read after the kill.
        let line = acknowledgement + Array("\(id)\n".utf8)
        let written = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        guard written == line.count else { return }
    }
}

/// The parent's part: run the writer, kill it with SIGKILL, and return the ids it acknowledged
/// and the signal that ended it.
private func runWriterAndKill(_ path: String, afterAcknowledgements wanted: Int) throws -> (ids: [Int64], signal: Int32?) {
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    writer.arguments = ["--testing-library", "swift-testing", "--filter", "everyCommitAcknowledgedBeforeKill9IsThereAfterReopening"]
    writer.environment = ProcessInfo.processInfo.environment.merging([writerVariable: path]) { $1 }
    let output = Pipe()
    writer.standardOutput = output
    writer.standardError = FileHandle.nullDevice
    try writer.run()
    // Only a hung writer meets this: without it the read below would wait forever.
    let watchdog = DispatchWorkItem { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: watchdog)
    defer { watchdog.cancel() }

    var ids: [Int64] = []
    var pending: [UInt8] = []
    var killed = false
    while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
        pending += chunk
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[..<newline]
            pending.removeSubrange(...newline)
            // Lines without the prefix are the test runner's own output.
            guard line.starts(with: acknowledgement) else { continue }
            ids.append(Int64(String(decoding: line.dropFirst(acknowledgement.count), as: UTF8.self))!)
        }
        if !killed && ids.count >= wanted {
            usleep(UInt32.random(in: 0...5_000))
            kill(writer.processIdentifier, SIGKILL)
            killed = true
        }
    }
    writer.waitUntilExit()
    return (ids, writer.terminationReason == .uncaughtSignal ? writer.terminationStatus : nil)
}
