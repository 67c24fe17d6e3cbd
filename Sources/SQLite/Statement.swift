import CSQLite

/// A compiled SQL statement: bind parameters, step through rows, read columns.
///
/// Parameter and column indexes follow SQLite: parameters count from 1, columns from 0.
/// A statement keeps its `Database` open for as long as it lives.
public final class Statement {
    let handle: OpaquePointer
    // A statement must be finalized before its connection closes: holding the database
    // makes that order certain.
    private let database: Database
    /// The SQL this statement was compiled from.
    public let sql: String

    /// Compiles the first statement in `sql`.
    /// The corresponding C function is `sqlite3_prepare_v2`.
    init(database: Database, sql: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        try check(sqlite3_prepare_v2(database.handle, sql, -1, &prepared, nil), database.handle, sql: sql)
        guard let prepared else {
            // Only whitespace or comments: SQLite succeeds but gives no statement to run.
            throw SQLiteError(
                code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE,
                message: "the SQL holds no statement", sql: sql)
        }
        self.handle = prepared
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Parameters

    /// Binds `value` to the parameter at `index` (from 1); `nil` binds NULL.
    /// The corresponding C functions are `sqlite3_bind_int64`, `_double`, `_text64`, `_blob64`
    /// and `_null`.
    public func bind(_ value: some SQLiteValueConvertible, at index: Int) throws(SQLiteError) {
        let slot = Int32(clamping: index)
        let result: Int32
        switch value.sqliteValue {
        case .null: result = sqlite3_bind_null(handle, slot)
        case .integer(let number): result = sqlite3_bind_int64(handle, slot, number)
        case .real(let number): result = sqlite3_bind_double(handle, slot, number)
        case .text(let text): result = bindText(text, at: slot)
        case .blob(let bytes): result = bindBlob(bytes, at: slot)
        }
        try check(result, database.handle, sql: sql)
    }

    /// Binds `value` to the parameter written `name` in the SQL, prefix included (`":id"`).
    /// The corresponding C function is `sqlite3_bind_parameter_index`.
    public func bind(_ value: some SQLiteValueConvertible, named name: String) throws(SQLiteError) {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw SQLiteError(
                code: SQLITE_RANGE, extendedCode: SQLITE_RANGE,
                message: "the statement has no parameter named \(name)", sql: sql)
        }
        try bind(value, at: Int(index))
    }

    /// Binds `values` to the parameters 1, 2, … in order.
    public func bind(_ values: any SQLiteValueConvertible...) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try bind(value.sqliteValue, at: offset + 1)
        }
    }

    /// Sets every parameter back to NULL.
    /// The corresponding C function is `sqlite3_clear_bindings`.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    private func bindText(_ text: String, at slot: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // A null pointer would bind NULL, not the empty string.
            guard let start = bytes.baseAddress else {
                return sqlite3_bind_text(handle, slot, "", 0, csqlite_transient())
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(
                    handle, slot, $0, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    private func bindBlob(_ bytes: [UInt8], at slot: Int32) -> Int32 {
        // A null pointer would bind NULL, not an empty blob.
        guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, slot, 0) }
        return bytes.withUnsafeBytes {
            sqlite3_bind_blob64(handle, slot, $0.baseAddress, UInt64($0.count), csqlite_transient())
        }
    }

    // MARK: Running

    /// Runs the statement to its next row; returns `true` while a row is available to read.
    /// The corresponding C function is `sqlite3_step`.
    public func step() throws(SQLiteError) -> Bool {
        try check(sqlite3_step(handle), database.handle, sql: sql) == SQLITE_ROW
    }

    /// Makes the statement ready to run again; bindings are kept.
    /// The corresponding C function is `sqlite3_reset`.
    public func reset() {
        // Its result repeats the error of the last step, which `step()` has already thrown.
        sqlite3_reset(handle)
    }

    /// Runs a statement that returns no rows (or ignores them), then resets it for reuse.
    public func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Runs the statement and maps every row through `row`, then resets it for reuse.
    public func query<Row>(_ row: (Statement) throws -> Row) throws -> [Row] {
        defer { reset() }
        var rows: [Row] = []
        while try step() { rows.append(try row(self)) }
        return rows
    }

    // MARK: Columns of the current row

    /// The number of columns in a result row.
    /// The corresponding C function is `sqlite3_column_count`.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The corresponding C function is `sqlite3_column_type`.
    public func isNull(at column: Int) -> Bool {
        sqlite3_column_type(handle, Int32(clamping: column)) == SQLITE_NULL
    }

    /// The column as an integer; NULL reads as 0.
    /// The corresponding C function is `sqlite3_column_int64`.
    public func int64(at column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(clamping: column))
    }

    public func int(at column: Int) -> Int { Int(int64(at: column)) }

    /// Nonzero reads as `true`.
    public func bool(at column: Int) -> Bool { int64(at: column) != 0 }

    /// The column as a floating-point number; NULL reads as 0.
    /// The corresponding C function is `sqlite3_column_double`.
    public func double(at column: Int) -> Double {
        sqlite3_column_double(handle, Int32(clamping: column))
    }

    /// The column as UTF-8 text; NULL reads as the empty string.
    /// The corresponding C functions are `sqlite3_column_text` and `sqlite3_column_bytes`.
    public func string(at column: Int) -> String {
        let slot = Int32(clamping: column)
        // The pointer must be fetched before the length: fetching it may convert the value.
        guard let text = sqlite3_column_text(handle, slot) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, slot))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column's bytes; NULL reads as no bytes.
    /// The corresponding C functions are `sqlite3_column_blob` and `sqlite3_column_bytes`.
    public func blob(at column: Int) -> [UInt8] {
        let slot = Int32(clamping: column)
        guard let bytes = sqlite3_column_blob(handle, slot) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, slot))))
    }

    public func optionalInt64(at column: Int) -> Int64? { isNull(at: column) ? nil : int64(at: column) }
    public func optionalInt(at column: Int) -> Int? { isNull(at: column) ? nil : int(at: column) }
    public func optionalBool(at column: Int) -> Bool? { isNull(at: column) ? nil : bool(at: column) }
    public func optionalDouble(at column: Int) -> Double? { isNull(at: column) ? nil : double(at: column) }
    public func optionalString(at column: Int) -> String? { isNull(at: column) ? nil : string(at: column) }
    public func optionalBlob(at column: Int) -> [UInt8]? { isNull(at: column) ? nil : blob(at: column) }

    /// The column as stored, in its own storage class.
    public func value(at column: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(clamping: column)) {
        case SQLITE_INTEGER: .integer(int64(at: column))
        case SQLITE_FLOAT: .real(double(at: column))
        case SQLITE_TEXT: .text(string(at: column))
        case SQLITE_BLOB: .blob(blob(at: column))
        default: .null
        }
    }
}
