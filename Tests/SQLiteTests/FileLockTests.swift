import Foundation
import SQLite
import SystemSupport
import Testing

/// Whether another process can take the lock: `flock -n` exits 0 when it got the lock
/// (and drops it at once) and 1 when someone else holds it. flock(1) uses flock(2), the same
/// lock `FileLock` takes.
private func anotherProcessCanLock(_ path: String) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    process.arguments = ["-n", path, "true"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect([0, 1].contains(process.terminationStatus))
    return process.terminationStatus == 0
}

@Test func aHeldLockExcludesAnotherProcessUntilReleased() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("agent.lock")
    var lock: FileLock? = try FileLock(path: path)
    #expect(lock?.path == path)
    #expect(try anotherProcessCanLock(path) == false)
    lock = nil
    #expect(try anotherProcessCanLock(path))
}

@Test func aSecondLockInThisProcessFailsNamingTheHolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("agent.lock")
    let first = try FileLock(path: path)
    let error = #expect(throws: FileLockError.self) { try FileLock(path: path) }
    #expect(error == .alreadyLocked(path: path, holderProcessID: getpid()))
    #expect(error?.description == "\(path) is locked by another process (pid \(getpid()))")
    withExtendedLifetime(first) {}
}

@Test func aLockCanBeRetakenAfterItsHolderIsGone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("agent.lock")
    do { _ = try FileLock(path: path) }
    let again = try FileLock(path: path)
    #expect(again.path == path)
}

@Test func theLockFileIsReadableOnlyByTheOwner() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("agent.lock")
    let lock = try withUmask022 { try FileLock(path: path) }
    #expect(permissions(of: path) == 0o600)
    withExtendedLifetime(lock) {}
}

@Test func aLockFileInAMissingDirectoryIsASystemError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("missing/agent.lock")
    #expect(throws: FileLockError.system(SystemError(call: "open", path: path, code: ENOENT))) {
        try FileLock(path: path)
    }
}
