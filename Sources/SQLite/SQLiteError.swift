import CSQLite
import Glibc

/// A failure reported by SQLite: its result codes, its message and the SQL it was running.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code, such as 1 (`SQLITE_ERROR`) or 26 (`SQLITE_NOTADB`).
    public let code: Int32
    /// The extended result code, which refines `code` (its low byte equals `code`).
    public let extendedCode: Int32
    /// SQLite's own explanation, from `sqlite3_errmsg`.
    public let message: String
    /// The statement being prepared or run, when there was one.
    public let sql: String?
    /// The `errno` of the system call that failed under SQLite (`ENOSPC`, `EROFS`, …); 0 when none did.
    public let systemErrno: Int32

    public init(code: Int32, extendedCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// The file is damaged or is not a database at all: the caller should quarantine it.
    public var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// A UNIQUE, NOT NULL, CHECK or FOREIGN KEY constraint refused the change.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// The disk (or the database's page limit) is full: SQLite says so, or the system call under it
    /// failed with `ENOSPC` or `EDQUOT` (SQLite calls a `-shm` file it cannot extend an I/O error).
    public var isFull: Bool { code == SQLITE_FULL || systemErrno == ENOSPC || systemErrno == EDQUOT }
    /// Another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    public var description: String {
        let codeName = String(cString: sqlite3_errstr(extendedCode))
        var text = "SQLite error \(extendedCode) (\(codeName)): \(message)"
        if let sql { text += " [in: \(sql.count > 200 ? String(sql.prefix(200)) + "…" : sql)]" }
        return text
    }
}

/// The one place a SQLite result code becomes a thrown `SQLiteError`.
///
/// Returns `code` when it is one of the non-error results a caller may want to tell apart
/// (`SQLITE_OK`, `SQLITE_ROW`, `SQLITE_DONE`).
@discardableResult
func check(_ code: Int32, _ connection: OpaquePointer?, sql: String? = nil) throws(SQLiteError) -> Int32 {
    switch code {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
        return code
    default:
        throw SQLiteError(resultCode: code, connection: connection, sql: sql)
    }
}

extension SQLiteError {
    init(resultCode: Int32, connection: OpaquePointer?, sql: String?) {
        let primary = resultCode & 0xFF
        // The connection remembers the most recent failure in more detail than the return
        // value; use what it remembers only when that describes this failure.
        if let connection, sqlite3_extended_errcode(connection) & 0xFF == primary {
            self.init(
                code: primary, extendedCode: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)), sql: sql,
                systemErrno: sqlite3_system_errno(connection))
            return
        }
        self.init(
            code: primary, extendedCode: resultCode,
            message: String(cString: sqlite3_errstr(resultCode)), sql: sql)
    }

    /// A failure of the operating system around SQLite, in SQLite's terms, so that every
    /// failure to open a database is one `SQLiteError` for the caller to handle.
    init(code: Int32, systemCall: String, path: String, errno number: Int32) {
        let reason = String(cString: strerror(number))
        self.init(code: code, extendedCode: code, message: "\(systemCall) \(path): \(reason)", systemErrno: number)
    }
}

/// The database's schema version (`PRAGMA user_version`) is not one this code can migrate from.
public enum SchemaVersionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A newer program wrote it; migrating "down" would misread or discard its data.
    case newerThanKnown(found: Int, known: Int)
    /// Versions are never negative: something other than this program set it.
    case invalid(found: Int)

    public var description: String {
        switch self {
        case .newerThanKnown(let found, let known):
            "the database has schema version \(found), but this program knows versions up to \(known); "
                + "use a newer version of the program"
        case .invalid(let found):
            "the database has schema version \(found), which no version of this program writes"
        }
    }
}
