import ReveilleCore
import SQLite

/// Opens the alarm database; one that cannot be opened or read is moved aside, never overwritten.
enum DatabaseOpener {
    struct Opened {
        var store: SQLiteAlarmStore
        /// Set when the previous database was unreadable and moved aside: where it went.
        var problem: String?
    }

    static func open(_ path: String) throws -> Opened {
        do {
            return Opened(store: try SQLiteAlarmStore(path: path), problem: nil)
        } catch let error as SchemaVersionError {
            throw SetupError("the alarm database \(path) was written by a newer Reveille (\(error)); install that version again")
        } catch {
            let moved: String
            do { moved = try Quarantine.moveAside(path: path) } catch {
                throw SetupError("the alarm database \(path) is unreadable and cannot be moved aside: \(error)")
            }
            let problem = "the alarm database was unreadable (\(error)); it was moved to \(moved)"
            Log.shared.error(problem)
            return Opened(store: try SQLiteAlarmStore(path: path), problem: problem)
        }
    }
}
