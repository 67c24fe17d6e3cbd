import CSQLite
import Glibc

/// A connection to a SQLite database file, set up so that a committed write survives
/// `kill -9` and power loss, and so that only its owner can read the files.
///
/// The connection is opened with `SQLITE_OPEN_NOMUTEX`: SQLite takes no lock of its own,
/// because the type is not `Sendable`: the compiler lets a connection cross threads only inside
/// something that serialises it, here the `Mutex` that the agent's store holds it in. A mutex of
/// SQLite's own, taken on every call, would only repeat that one.
public final class Database {
    let handle: OpaquePointer
    /// The database file's path, as given.
    public let path: String
    /// Opened by `init(readingOnly:)`: every write fails with `SQLITE_READONLY`.
    public let isReadOnly: Bool

    /// Opens the database at `path`, creating it if missing, and checks that it is readable.
    ///
    /// The file is created (or tightened) to mode 0600 before SQLite opens it, whatever the
    /// umask; SQLite gives its `-wal` and `-shm` files the database file's mode. Then the
    /// connection is put in WAL mode with `synchronous=FULL`, `foreign_keys=ON` and a busy
    /// timeout. A file that is not a database, or whose header is damaged, fails here with an
    /// error whose `isCorruption` is true, rather than at the first query.
    ///
    /// The corresponding C function is `sqlite3_open_v2`.
    public init(path: String, busyTimeoutMilliseconds: Int = 5_000) throws(SQLiteError) {
        try Self.makePrivate(path)
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            // Only when SQLite could not allocate the connection object.
            throw SQLiteError(resultCode: result, connection: nil, sql: nil)
        }
        self.handle = opened
        self.path = path
        isReadOnly = false
        // From here a throw releases `self`, and `deinit` closes the handle.
        try check(result, handle)
        try check(sqlite3_busy_timeout(handle, Int32(clamping: busyTimeoutMilliseconds)), handle)
        // Until the file has proved readable, closing must not fold a WAL into it: a damaged
        // database is moved aside as it was found, its WAL beside it.
        try setCheckpointOnClose(false)
        // SQLite reads the file lazily; reading the header now turns a garbage file into an
        // error at open, where the caller can still quarantine it.
        try execute("PRAGMA schema_version")
        try execute("PRAGMA journal_mode = WAL")
        // FULL syncs the WAL on every commit: NORMAL could lose the last commits on power loss.
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA foreign_keys = ON")
        try setCheckpointOnClose(true)
    }

    /// Whether closing the connection checkpoints the WAL into the database file (the default).
    /// Turn it off before dropping a database found damaged, so it is left exactly as found.
    /// The corresponding C function is `sqlite3_db_config(SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE)`.
    public func setCheckpointOnClose(_ enabled: Bool) throws(SQLiteError) {
        try check(csqlite_set_no_checkpoint_on_close(handle, enabled ? 0 : 1), handle)
    }

    /// Opens the existing database at `path` for reading only, for when it cannot be written (a
    /// full disk, a read-only file system): nothing is created or changed, and the header is read.
    ///
    /// A WAL database wants its `-wal` and `-shm` files, which such a disk may not let SQLite
    /// create or grow. When SQLite cannot open it so, and no `-wal` file holds changes, the
    /// database file is the whole database: it is then opened as immutable, with no locks and no
    /// `-shm`. A `-wal` that holds changes is never skipped over.
    ///
    /// The corresponding C function is `sqlite3_open_v2` with `SQLITE_OPEN_READONLY`.
    public init(readingOnly path: String, busyTimeoutMilliseconds: Int = 5_000) throws(SQLiteError) {
        var opened: OpaquePointer
        do { opened = try Self.openForReading(path, immutable: false, busyTimeoutMilliseconds) } catch {
            guard !error.isCorruption, !error.isBusy, !Self.walHoldsChanges(path) else { throw error }
            opened = try Self.openForReading(path, immutable: true, busyTimeoutMilliseconds)
        }
        handle = opened
        self.path = path
        isReadOnly = true
    }

    /// A read-only connection whose header has been read; closed again when it fails.
    private static func openForReading(_ path: String, immutable: Bool, _ busyTimeoutMilliseconds: Int) throws(SQLiteError) -> OpaquePointer {
        var opened: OpaquePointer?
        // In a URI only '%', '?' and '#' mean something in a path; every other byte stands for itself.
        let uriPath = path.unicodeScalars.map { scalar in
            switch scalar {
            case "%": "%25"
            case "?": "%3F"
            case "#": "%23"
            default: String(scalar)
            }
        }.joined()
        let name = immutable ? "file:\(uriPath)?immutable=1" : path
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
        let result = sqlite3_open_v2(name, &opened, flags, nil)
        guard let opened else { throw SQLiteError(resultCode: result, connection: nil, sql: nil) }
        do {
            try check(result, opened)
            try check(sqlite3_busy_timeout(opened, Int32(clamping: busyTimeoutMilliseconds)), opened)
            let sql = "PRAGMA schema_version"
            try check(sqlite3_exec(opened, sql, nil, nil, nil), opened, sql: sql)
        } catch {
            sqlite3_close_v2(opened)
            throw error
        }
        return opened
    }

    /// Whether a `-wal` file beside `path` holds anything: one that is missing or empty holds no change.
    private static func walHoldsChanges(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    deinit {
        // The _v2 form defers the close until the last statement is finalized, should one
        // outlive this object despite holding it.
        sqlite3_close_v2(handle)
    }

    /// Creates `path` with mode 0600 if it is missing and sets 0600 on it and on any existing
    /// `-wal` and `-shm` files, so that no umask leaves the alarms readable by others.
    private static func makePrivate(_ path: String) throws(SQLiteError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SQLiteError(code: SQLITE_CANTOPEN, systemCall: "open", path: path, errno: errno)
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw SQLiteError(code: SQLITE_CANTOPEN, systemCall: "fchmod", path: path, errno: errno)
        }
        for sibling in [path + "-wal", path + "-shm"] where chmod(sibling, 0o600) != 0 {
            let failure = errno
            guard failure == ENOENT else {
                throw SQLiteError(code: SQLITE_CANTOPEN, systemCall: "chmod", path: sibling, errno: failure)
            }
        }
    }

    // MARK: Running SQL

    /// Runs one or more statements that return no rows, each committed on its own unless a
    /// transaction is open.
    /// The corresponding C function is `sqlite3_exec`.
    public func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), handle, sql: sql)
    }

    /// Compiles the first statement in `sql` for binding and stepping.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so a transaction that reads and then
    /// writes cannot fail halfway with `SQLITE_BUSY`. When this returns, the transaction is
    /// committed and synced. Transactions do not nest: a `transaction` inside another throws.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Some failures (a full disk, an I/O error) already rolled back; a failed COMMIT
            // may have left the transaction open.
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The rowid of the most recent successful INSERT on this connection.
    /// The corresponding C function is `sqlite3_last_insert_rowid`.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows the most recent INSERT, UPDATE or DELETE changed.
    /// The corresponding C function is `sqlite3_changes64`.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    // MARK: Schema and health

    /// The schema version stored in the file header (`PRAGMA user_version`).
    public func userVersion() throws(SQLiteError) -> Int {
        let statement = try prepare("PRAGMA user_version")
        _ = try statement.step()
        return statement.int(at: 0)
    }

    /// Stores `version` as the schema version (`PRAGMA user_version`).
    public func setUserVersion(_ version: Int) throws(SQLiteError) {
        // PRAGMA takes no parameters; an Int interpolates as digits only.
        try execute("PRAGMA user_version = \(Int32(clamping: version))")
    }

    /// Brings the schema up to version `steps.count`, where `steps[i]` turns version `i` into
    /// version `i + 1`, and returns how many steps ran.
    ///
    /// All pending steps and the new version commit together or not at all, and the version is
    /// read inside the same write transaction, so two processes cannot both migrate. A database
    /// newer than `steps.count` throws `SchemaVersionError.newerThanKnown` and is left as it is.
    /// Steps must not contain BEGIN or COMMIT, and cannot change `foreign_keys`.
    @discardableResult
    public func migrate(_ steps: [String]) throws -> Int {
        try transaction {
            let current = try userVersion()
            guard current >= 0 else { throw SchemaVersionError.invalid(found: current) }
            guard current <= steps.count else {
                throw SchemaVersionError.newerThanKnown(found: current, known: steps.count)
            }
            for step in steps[current...] { try execute(step) }
            if current < steps.count { try setUserVersion(steps.count) }
            return steps.count - current
        }
    }

    /// The problems `PRAGMA quick_check` finds; empty when the database is healthy.
    /// A database damaged badly enough may throw a corruption error instead.
    public func quickCheckProblems() throws(SQLiteError) -> [String] {
        let statement = try prepare("PRAGMA quick_check")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.string(at: 0)) }
        return lines == ["ok"] ? [] : lines
    }

    /// Caps the database at `pages` pages (`PRAGMA max_page_count`), never below its current size:
    /// a write that needs more fails with `SQLITE_FULL`, as on a full disk.
    public func setMaxPageCount(_ pages: Int) throws(SQLiteError) {
        // PRAGMA takes no parameters; an Int interpolates as digits only.
        let statement = try prepare("PRAGMA max_page_count = \(max(1, pages))")
        _ = try statement.step()
    }

    /// Whether `PRAGMA quick_check` finds the database healthy.
    public func quickCheck() throws(SQLiteError) -> Bool {
        try quickCheckProblems().isEmpty
    }
}
