import Foundation
import SQLite
import Testing

private let alarmSchema = [
    "CREATE TABLE alarm (id INTEGER PRIMARY KEY, label TEXT NOT NULL)",
    "ALTER TABLE alarm ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1",
]

private func labels(in database: Database) throws -> [String] {
    try database.prepare("SELECT label FROM alarm ORDER BY id").query { $0.string(at: 0) }
}

@Test func dataWrittenAfterMigrationIsThereAfterReopening() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("alarms.sqlite")
    do {
        let database = try Database(path: path)
        try database.migrate(alarmSchema)
        try database.execute("INSERT INTO alarm (label) VALUES ('work'), ('gym')")
    }
    let reopened = try Database(path: path)
    #expect(try reopened.migrate(alarmSchema) == 0)
    #expect(try labels(in: reopened) == ["work", "gym"])
    #expect(try reopened.userVersion() == 2)
}

@Test func migrationsRunOnceEachAndInOrder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    let steps = [
        "CREATE TABLE log (step INTEGER)",
        "INSERT INTO log VALUES (1)",
        "INSERT INTO log VALUES (2)",
    ]
    #expect(try database.migrate(steps) == 3)
    #expect(try database.migrate(steps) == 0)
    #expect(try database.migrate(steps + ["INSERT INTO log VALUES (3)"]) == 1)
    let logged = try database.prepare("SELECT step FROM log ORDER BY rowid").query { $0.int(at: 0) }
    #expect(logged == [1, 2, 3])
    #expect(try database.userVersion() == 4)
}

@Test func aDatabaseNewerThanTheCodeIsRefusedAndLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    try database.setUserVersion(5)
    #expect(throws: SchemaVersionError.newerThanKnown(found: 5, known: 2)) {
        try database.migrate(alarmSchema)
    }
    #expect(try database.userVersion() == 5)
    #expect(throws: SQLiteError.self) { try database.execute("SELECT * FROM alarm") }
}

@Test func aFailingMigrationStepLeavesTheSchemaAsItWas() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    try database.migrate([alarmSchema[0]])
    #expect(throws: SQLiteError.self) {
        try database.migrate([alarmSchema[0], alarmSchema[1], "CREATE TABLE broken ("])
    }
    #expect(try database.userVersion() == 1)
    // The second step's column must not exist: the whole migration rolled back.
    #expect(throws: SQLiteError.self) { try database.execute("SELECT enabled FROM alarm") }
}

private struct Abandon: Error {}

@Test func aTransactionThatThrowsRollsBackAndRethrows() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    try database.migrate(alarmSchema)
    #expect(throws: Abandon.self) {
        try database.transaction {
            try database.execute("INSERT INTO alarm (label) VALUES ('lost')")
            throw Abandon()
        }
    }
    let kept = try database.transaction {
        try database.execute("INSERT INTO alarm (label) VALUES ('kept')")
        return database.lastInsertedRowID
    }
    #expect(try labels(in: database) == ["kept"])
    #expect(kept == 1)
}

@Test func aTransactionInsideAnotherIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    #expect(throws: SQLiteError.self) {
        try database.transaction { try database.transaction {} }
    }
    // The outer transaction rolled back, so a new one can begin.
    try database.transaction {}
}

@Test func aSyntaxErrorNamesTheProblemAndTheStatement() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    let error = #expect(throws: SQLiteError.self) { try database.prepare("SELEC 1") }
    #expect(error?.code == 1)
    #expect(error?.message.contains("syntax error") == true)
    #expect(error?.message.contains("SELEC") == true)
    #expect(error?.sql == "SELEC 1")
    #expect(error?.description.contains("near \"SELEC\": syntax error") == true)
    #expect(error?.description.contains("SELEC 1") == true)
}

@Test func foreignKeysAreEnforced() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    try database.execute("""
        CREATE TABLE alarm (id INTEGER PRIMARY KEY);
        CREATE TABLE ring (alarm INTEGER NOT NULL REFERENCES alarm(id));
        """)
    let error = #expect(throws: SQLiteError.self) {
        try database.execute("INSERT INTO ring VALUES (42)")
    }
    #expect(error?.isConstraintViolation == true)
    #expect(error?.message.contains("FOREIGN KEY") == true)
}

@Test func connectionsUseWriteAheadLogWithFullSync() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try Database(path: directory.file("db"))
    #expect(try database.prepare("PRAGMA journal_mode").query { $0.string(at: 0) } == ["wal"])
    // 2 is FULL: every commit syncs the log before it returns.
    #expect(try database.prepare("PRAGMA synchronous").query { $0.int(at: 0) } == [2])
}

@Test func databaseFilesAreReadableOnlyByTheOwnerUnderUmask022() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fresh = directory.file("fresh.sqlite")
    let existing = directory.file("existing.sqlite")
    #expect(FileManager.default.createFile(atPath: existing, contents: nil, attributes: [.posixPermissions: 0o644]))
    for path in [fresh, existing] {
        let database = try withUmask022 {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            return database
        }
        #expect(permissions(of: path) == 0o600, "\(path)")
        #expect(permissions(of: path + "-wal") == 0o600, "\(path)-wal")
        #expect(permissions(of: path + "-shm") == 0o600, "\(path)-shm")
        withExtendedLifetime(database) {}
    }
}

@Test func aFileThatIsNotADatabaseFailsAtOpenAndCanBeQuarantinedIntact() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("alarms.sqlite")
    let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255) })
    try garbage.write(to: URL(fileURLWithPath: path))

    let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
    #expect(error?.isCorruption == true)
    #expect(error?.code == 26)  // SQLITE_NOTADB
    #expect(!fileExists(path + "-wal"))

    let moved = try Quarantine.moveAside(path: path)
    #expect(!fileExists(path))
    #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == garbage)
    // The agent can now start afresh at the old path.
    try Database(path: path).migrate(alarmSchema)
}

@Test func aFailedOpenLeavesNoDescriptorOnTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("garbage")
    try Data(repeating: 0xAB, count: 4096).write(to: URL(fileURLWithPath: path))
    #expect(throws: SQLiteError.self) { try Database(path: path) }
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    let onFile = descriptors.filter {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path
    }
    #expect(onFile.isEmpty)
}

@Test func quickCheckPassesAHealthyDatabaseAndFailsADamagedOne() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("db")
    do {
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (x TEXT); CREATE INDEX t_x ON t (x)")
        let insert = try database.prepare("INSERT INTO t VALUES (?)")
        try database.transaction {
            for number in 0..<2_000 {
                try insert.bind(String(repeating: "\(number)", count: 20), at: 1)
                try insert.run()
            }
        }
        #expect(try database.quickCheck())
    }
    // Closing the last connection folded the log into the file; now spoil a page in the middle.
    let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try file.seek(toOffset: 20 * 4096)
    try file.write(contentsOf: Data(repeating: 0xFF, count: 4096))
    try file.close()

    let damaged = try Database(path: path)
    do {
        #expect(try damaged.quickCheck() == false)
        #expect(try !damaged.quickCheckProblems().isEmpty)
    } catch {
        #expect(error.isCorruption, "\(error)")
    }
}

@Test func aDatabaseThatCannotBeCreatedFailsWithTheReason() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("missing/alarms.sqlite")
    let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
    #expect(error?.code == 14)  // SQLITE_CANTOPEN
    #expect(error?.description == "SQLite error 14 (unable to open database file): open \(path): No such file or directory")
}
