import ReveilleCore
import SQLite

/// Opens the alarm database. Only a file SQLite calls corrupt is moved aside, never overwritten;
/// any other failure (a lock, a full disk, a denied access) leaves the file alone, to be retried.
enum DatabaseOpener {
    enum Outcome {
        /// Open; `movedAside` says where a corrupt predecessor went, if there was one.
        case opened(SQLiteAlarmStore, movedAside: String?)
        /// SQLite calls the file corrupt (why), and it was left where it is: the caller said not yet.
        case corrupt(String)
        /// Cannot be opened now, and why: the file is left as it is.
        case unavailable(String)
    }

    /// Opens the database at `path`; a corrupt one is moved aside and a new one made, unless
    /// `movingAsideCorrupt` is false: then it stays where it is, and the outcome says `corrupt`.
    static func open(_ path: String, maxPageCount: Int? = nil, movingAsideCorrupt: Bool = true) -> Outcome {
        do {
            return .opened(try SQLiteAlarmStore(path: path, maxPageCount: maxPageCount), movedAside: nil)
        } catch let error where isCorruption(error) {
            guard movingAsideCorrupt else { return .corrupt("it is corrupt: \(error)") }
            let moved: String
            do { moved = try Quarantine.moveAside(path: path) } catch {
                return .unavailable("it is corrupt and cannot be moved aside: \(error)")
            }
            let problem = "the alarm database was unreadable (\(error)); it was moved to \(moved)"
            Log.shared.error(problem)
            do {
                return .opened(try SQLiteAlarmStore(path: path, maxPageCount: maxPageCount), movedAside: problem)
            } catch {
                return .unavailable(reason(error))
            }
        } catch {
            return .unavailable(reason(error))
        }
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
            "the disk is full: \(error.message)"
        case let error as SQLiteError:
            error.message
        case let error as SchemaVersionError:
            "it was written by a newer Reveille (\(error)); install that version again"
        default:
            "\(error)"
        }
    }
}
