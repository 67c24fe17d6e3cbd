import Glibc
import ReveilleTime
import SystemSupport

/// Moves a database that cannot be opened or read out of the way, keeping every byte of it.
public enum Quarantine {
    /// The files SQLite keeps beside a database, in the order their old names are dropped:
    /// a stale `-wal` or `-journal` left beside a new database would be replayed into it, so
    /// those go before the database itself; `-shm` holds nothing SQLite cannot rebuild.
    private static let suffixesInRemovalOrder = ["-wal", "-journal", "", "-shm"]

    /// Renames the database at `path`, and its `-wal`, `-journal` and `-shm` files when present,
    /// to `<path>.corrupt-YYYYMMDDTHHMMSSZ` (UTC, now) plus the same suffixes, and returns the
    /// database's new path. When that name is taken, `.1`, `.2`, … is added to it.
    ///
    /// Never deletes or replaces a file: each one is first hard-linked under its new name
    /// (`link` fails rather than replace an existing file), and only when all of them have
    /// their new names are the old ones removed. The files must be on a file system that
    /// supports hard links, as local Linux file systems do.
    public static func moveAside(path: String) throws(SystemError) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw SystemError(call: "lstat", path: path, code: errno)
        }
        let base = "\(path).corrupt-\(utcTimestamp())"
        for attempt in 0..<1_000 {
            let target = attempt == 0 ? base : "\(base).\(attempt)"
            guard let moved = try linkAll(from: path, to: target) else { continue }
            for suffix in suffixesInRemovalOrder where moved.contains(suffix) {
                guard unlink(path + suffix) == 0 else {
                    throw SystemError(call: "unlink", path: path + suffix, code: errno)
                }
            }
            syncDirectory(of: path)
            return target
        }
        throw SystemError(call: "link", path: base, code: EEXIST)
    }

    /// Gives each of the database's files a second name under `target`; returns the suffixes
    /// linked, or `nil` when a name under `target` is taken (having undone its own links).
    private static func linkAll(from path: String, to target: String) throws(SystemError) -> [String]? {
        var linked: [String] = []
        for suffix in suffixesInRemovalOrder {
            if link(path + suffix, target + suffix) == 0 {
                linked.append(suffix)
                continue
            }
            let failure = errno
            if failure == ENOENT && !suffix.isEmpty { continue }
            // The old names still hold these files, so dropping the new ones loses nothing.
            for done in linked { unlink(target + done) }
            if failure == EEXIST { return nil }
            throw SystemError(call: "link", path: path + suffix, code: failure)
        }
        return linked
    }

    /// Makes the renames survive a power loss. A failure here is not reported: the files have
    /// moved, and the caller needs their new name more than this guarantee.
    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The current time in UTC as `YYYYMMDDTHHMMSSZ`.
    /// The corresponding C functions are `clock_gettime` and `gmtime_r`.
    static func utcTimestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ width: Int) -> String { String(value).zeroPadded(to: width) }
        return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2)
            + "T" + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
    }
}
