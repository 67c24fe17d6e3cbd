import Glibc
import ReveilleCore
import ReveilleDomain
import ReveilleText
import SQLite
import SystemSupport

/// Opens the alarm database. Only a file SQLite calls corrupt, or an existing file that is empty,
/// is moved aside, never overwritten. One that can be read but not written (a full disk, a
/// read-only file system) is opened for reading only, so that its alarms ring. Any other failure
/// (a lock, a denied read) leaves the file alone, to be retried.
enum DatabaseOpener {
    enum Outcome {
        /// Open; `movedAside` says where a corrupt predecessor went, if there was one.
        case opened(SQLiteAlarmStore, movedAside: Message?)
        /// SQLite calls the file corrupt (why), and it was left where it is: the caller said not yet.
        case corrupt(String)
        /// Cannot be opened now, and why: the file is left as it is.
        case unavailable(String)
    }

    /// Opens the database at `path`; a corrupt one is moved aside and a new one made, unless
    /// `movingAsideCorrupt` is false: then it stays where it is, and the outcome says `corrupt`.
    static func open(_ path: String, maxPageCount: Int? = nil, movingAsideCorrupt: Bool = true) -> Outcome {
        do {
            // SQLite would take an empty file for a new database, and every alarm would be gone unsaid.
            if isEmptyFile(path) { throw StoreError(emptyFileProblem, isCorruption: true) }
            return .opened(try SQLiteAlarmStore(path: path, maxPageCount: maxPageCount), movedAside: nil)
        } catch let error where isCorruption(error) {
            guard movingAsideCorrupt else { return .corrupt("it is corrupt: \(error)") }
            let moved: String
            do { moved = try Quarantine.moveAside(path: path) } catch {
                return .unavailable("it is corrupt and cannot be moved aside: \(error)")
            }
            // SQLite's error and the new path as they come; the rest in the session's language where it is shown.
            let problem = "\(error)" == emptyFileProblem
                ? Message("the alarm database was an empty file (0 bytes), which is no first run: the alarms it held are lost; it was moved to {path}",
                          ["path": moved])
                : Message("the alarm database was unreadable ({error}); it was moved to {path}", ["error": "\(error)", "path": moved])
            Log.shared.error(problem.english)
            do {
                return .opened(try SQLiteAlarmStore(path: path, maxPageCount: maxPageCount), movedAside: problem)
            } catch {
                return .unavailable(reason(error))
            }
        } catch let writeError as SQLiteError where !writeError.isBusy {
            // The alarms ring from what the file holds; writes wait in memory until it can be written.
            let why = readOnlyReason(writeError, path: path)
            do {
                let store = try SQLiteAlarmStore(readingOnly: path, because: why)
                Log.shared.error("the alarm database \(path) cannot be written (\(writeError)): \(why.reason.english); its alarms are read and ring, and changes wait in memory")
                return .opened(store, movedAside: nil)
            } catch {
                return .unavailable(reason(writeError))
            }
        } catch {
            return .unavailable(reason(error))
        }
    }

    static let emptyFileProblem = "the file is empty (0 bytes)"

    /// Whether `path` exists and holds nothing: a file SQLite was never given, or one emptied.
    static func isEmptyFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_size == 0
    }

    /// Why a database that failed to open for writing with `error` cannot be written, from the
    /// file system itself where it can tell: mounted read-only, or with no room left.
    static func readOnlyReason(_ error: SQLiteError, path: String) -> ReadOnlyDatabase {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let status = try? FileSystemStatus(path: directory.isEmpty ? "/" : directory)
        if status?.isReadOnly == true || error.systemErrno == EROFS {
            return ReadOnlyDatabase(reason: Message("the file system that holds it is read-only"), diskFull: false)
        }
        // SQLite calls a -shm file it cannot grow a "disk I/O error"; the file system says why.
        if error.isFull || (status.map { $0.availableBytes < 1 << 20 } ?? false) {
            return ReadOnlyDatabase(reason: Message("the disk is full"), diskFull: true)
        }
        return ReadOnlyDatabase(reason: Message("it cannot be written: {error}", ["error": error.message]), diskFull: false)
    }

    /// Whether SQLite says the file is damaged: `SQLITE_CORRUPT`, `SQLITE_NOTADB` or a failed `quick_check`.
    static func isCorruption(_ error: any Error) -> Bool {
        if let error = error as? SQLiteError { return error.isCorruption }
        if let error = error as? StoreError { return error.isCorruption }
        return false
    }

    /// Why the database cannot be opened, in a few words a notification can show.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as SQLiteError where error.isBusy:
            "another program holds it locked: \(error.message)"
        case let error as SQLiteError where error.isFull:
            "the disk is full"
        case let error as SQLiteError:
            error.message
        case let error as SchemaVersionError:
            "it was written by a newer Reveille (\(error)); install that version again"
        default:
            "\(error)"
        }
    }
}
