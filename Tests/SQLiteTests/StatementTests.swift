import SQLite
import Testing

/// A database with one table whose columns each hold any type, in its own directory.
private struct Scratch {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.file("db"))
        try database.execute("CREATE TABLE v (a, b)")
    }

    func remove() { directory.remove() }
}

/// Stores `value` and reads it back as the statement sees it.
private func roundTrip(_ value: some SQLiteValueConvertible, in database: Database) throws -> Statement {
    try database.execute("DELETE FROM v")
    let insert = try database.prepare("INSERT INTO v (a) VALUES (?)")
    try insert.bind(value, at: 1)
    try insert.run()
    let select = try database.prepare("SELECT a FROM v")
    #expect(try select.step())
    return select
}

private let megabyte = 1 << 20

@Test(arguments: ["", "plain", "héllo wörld 🌅 起床", "nul \u{0} inside", String(repeating: "é", count: megabyte / 2)])
func stringsRoundTripExactly(_ text: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let row = try roundTrip(text, in: database)
    #expect(row.string(at: 0) == text)
    #expect(row.optionalString(at: 0) == text)
    #expect(row.value(at: 0) == .text(text))
    #expect(!row.isNull(at: 0))
}

@Test(arguments: [Int64.min, -1, 0, 1, Int64.max])
func integersRoundTripExactly(_ number: Int64) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    #expect(try roundTrip(number, in: database).int64(at: 0) == number)
    #expect(try roundTrip(Int(number), in: database).int(at: 0) == Int(number))
    #expect(try roundTrip(number, in: database).optionalInt64(at: 0) == number)
}

@Test(arguments: [-0.5, 0, 1e-300, .pi, .greatestFiniteMagnitude, -.infinity])
func doublesRoundTripExactly(_ number: Double) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let row = try roundTrip(number, in: database)
    #expect(row.double(at: 0) == number)
    #expect(row.optionalDouble(at: 0) == number)
}

@Test(arguments: [true, false])
func boolsRoundTripAsOneAndZero(_ flag: Bool) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let row = try roundTrip(flag, in: database)
    #expect(row.bool(at: 0) == flag)
    #expect(row.optionalBool(at: 0) == flag)
    #expect(row.int64(at: 0) == (flag ? 1 : 0))
}

@Test(arguments: [[], [0], [0, 255, 0, 1], (0..<megabyte).map { UInt8(truncatingIfNeeded: $0 &* 31) }])
func blobsRoundTripExactlyAndEmptyIsNotNull(_ bytes: [UInt8]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let row = try roundTrip(bytes, in: database)
    #expect(row.blob(at: 0) == bytes)
    #expect(row.optionalBlob(at: 0) == bytes)
    #expect(row.value(at: 0) == .blob(bytes))
    #expect(!row.isNull(at: 0))
}

@Test func nilBindsNullAndOptionalGettersReadNil() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let row = try roundTrip(String?.none, in: database)
    #expect(row.isNull(at: 0))
    #expect(row.value(at: 0) == .null)
    #expect(row.optionalString(at: 0) == nil)
    #expect(row.optionalInt64(at: 0) == nil)
    #expect(row.optionalInt(at: 0) == nil)
    #expect(row.optionalDouble(at: 0) == nil)
    #expect(row.optionalBool(at: 0) == nil)
    #expect(row.optionalBlob(at: 0) == nil)
    #expect(try roundTrip(SQLiteValue.null, in: database).isNull(at: 0))
}

@Test func parametersBindByNameAndInOrder() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let byName = try database.prepare("INSERT INTO v (a, b) VALUES (:label, :minutes)")
    try byName.bind(30, named: ":minutes")
    try byName.bind("nap", named: ":label")
    try byName.run()
    let inOrder = try database.prepare("INSERT INTO v (a, b) VALUES (?, ?)")
    try inOrder.bind("walk", 45)
    try inOrder.run()
    let rows = try database.prepare("SELECT a, b FROM v ORDER BY rowid").query {
        "\($0.string(at: 0))=\($0.int(at: 1))"
    }
    #expect(rows == ["nap=30", "walk=45"])
}

@Test func bindingAnUnknownNameIsAnErrorNamingIt() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let statement = try database.prepare("INSERT INTO v (a) VALUES (:label)")
    let error = #expect(throws: SQLiteError.self) { try statement.bind(1, named: ":lable") }
    #expect(error?.message.contains(":lable") == true)
}

@Test func aResetStatementRunsAgainWithNewBindings() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    let insert = try database.prepare("INSERT INTO v (a) VALUES (?)")
    for number in 1...3 {
        try insert.bind(number, at: 1)
        try insert.run()
    }
    let select = try database.prepare("SELECT a FROM v WHERE a >= ? ORDER BY a")
    try select.bind(2, at: 1)
    #expect(try select.query { $0.int(at: 0) } == [2, 3])
    try select.bind(3, at: 1)
    #expect(try select.query { $0.int(at: 0) } == [3])
    #expect(select.columnCount == 1)
}

@Test func aStatementKeepsItsDatabaseOpen() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var database: Database? = try Database(path: directory.file("db"))
    let statement = try database!.prepare("SELECT 7")
    database = nil
    #expect(try statement.step())
    #expect(statement.int(at: 0) == 7)
}

@Test func sqlWithoutAStatementIsAnError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let database = scratch.database
    #expect(throws: SQLiteError.self) { try database.prepare("  -- nothing here\n") }
}
