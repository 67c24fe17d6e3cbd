import LinuxEvents
import ReveilleCore
import ReveilleText
import SystemSupport

/// Opens the alarm database at start, and keeps trying with back-off while it cannot be opened.
///
/// The agent never serves an empty set in place of the user's alarms and never exits for this:
/// it stays on the bus, fails requests for the alarms with the reason, and loads them once it can.
struct DatabaseRetry: Sendable {
    let path: String
    /// `REVEILLE_TEST_MAX_PAGE_COUNT`: a test aid that caps the database's size, as a full disk would.
    let maxPageCount: Int?

    /// The first wait between tries and the longest, in seconds.
    static let firstDelay = 1
    static let maxDelay = 60

    init(path: String, environment: [String: String]) {
        self.path = path
        maxPageCount = environment["REVEILLE_TEST_MAX_PAGE_COUNT"].flatMap { Int($0) }
    }

    /// The first try at opening the database, on a thread of its own that starts at once:
    /// opening checks and reads the whole file, and the agent connects to its buses meanwhile.
    /// A corrupt file is left where it is: only an agent that is on its bus moves it aside
    /// (`openFirst`), so that one that cannot serve leaves it for the one that can to report.
    func startFirstOpening() -> OneShot<DatabaseOpener.Outcome> {
        startOpening(movingAsideCorrupt: false)
    }

    /// The store, attached once the first opening (`startFirstOpening`) has ended; called once
    /// the agent is on its bus, which lets a corrupt file be moved aside and a new one made.
    /// Nothing may use the store before `opened` has finished; `load` waits for it.
    func openFirst(_ first: OneShot<DatabaseOpener.Outcome>) -> (database: AlarmDatabase, opened: Task<Void, Never>) {
        let database = AlarmDatabase(path: path, reason: "it is being opened")
        let opened = Task { [self] in
            var outcome = await first.wait()
            if case .corrupt = outcome { outcome = await startOpening().wait() }
            switch outcome {
            case .opened(let store, let movedAside):
                database.attach(store, movedAside: movedAside)
            case .unavailable(let reason), .corrupt(let reason):
                Log.shared.error("the alarm database \(path) cannot be opened (\(reason)); retrying")
                database.stillUnavailable(reason)
            }
        }
        return (database, opened)
    }

    /// Loads the alarms into the core; false, with the core told why, when they cannot be read yet.
    func load(_ database: AlarmDatabase, into core: AgentCore) async -> Bool {
        do {
            try await core.load()
            return true
        } catch {
            await core.databaseUnavailable(database.unavailableReason ?? "\(error)")
            return false
        }
    }

    /// Retries, 1 s doubling to 60 s, until the alarms are loaded; then rings what is due.
    /// `beforeResume` runs once the alarms are loaded, before anything rings again.
    func keepTrying(_ database: AlarmDatabase, core: AgentCore, beforeResume: @Sendable () async -> Void = {}) async {
        var delay = Self.firstDelay
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(delay))
            delay = min(delay * 2, Self.maxDelay)
            if database.unavailableReason != nil {
                switch await startOpening().wait() {
                case .opened(let store, let movedAside):
                    database.attach(store, movedAside: movedAside)
                case .unavailable(let reason), .corrupt(let reason):
                    database.stillUnavailable(reason)
                    await core.databaseUnavailable(reason)
                    continue
                }
            }
            guard !Task.isCancelled, await load(database, into: core) else { continue }
            await beforeResume()
            await core.resume()
            Log.shared.info("the alarm database \(path) is open: serving \(await core.list().count) alarms")
            return
        }
    }

    /// While the open database can only be read, tries to open it for writing, 1 s doubling to
    /// 60 s, so that what waits in memory is saved soon after the disk has room or takes writes again.
    func keepTryingToWrite(_ database: AlarmDatabase) async {
        var delay = Self.firstDelay
        while !Task.isCancelled, database.readOnly != nil {
            try? await Task.sleep(for: .seconds(delay))
            delay = min(delay * 2, Self.maxDelay)
            // On a thread of its own, as opening is: it may wait out SQLite's busy timeout.
            let writable = OneShot<Bool>()
            DetachedThread.start { writable.set(database.tryWriting()) }
            if await writable.wait() { return }
        }
    }

    /// Tells the user what the opening found that a notice should say: a file moved aside, so the
    /// alarms it held are gone, or a database that can only be read.
    /// The notifier renders them in the session's language; the reasons stay as the opening found them.
    func report(_ database: AlarmDatabase, to notifier: any AlarmNotifier) {
        if let moved = database.movedAside {
            notifier.notice(
                summary: Message("Your alarms database was moved aside"),
                body: Message("{reason}. Reveille started a new, empty one: restore the old file or add your alarms again. 'reveille doctor' says more.",
                              messages: ["reason": moved]))
        }
        if let readOnly = database.readOnly {
            notifier.notice(
                summary: readOnly.diskFull ? Message("The disk is full: alarms cannot be saved") : Message("The alarm database can only be read"),
                body: Message("Reveille cannot write {path}: {reason}. Your alarms ring from what it holds and a solved challenge still stops them; changes wait in memory until it can be written. 'reveille doctor' says more.",
                              ["path": path], messages: ["reason": readOnly.reason]))
        }
    }

    /// Opens the database on a thread of its own: opening may wait out SQLite's busy timeout,
    /// which must not hold the agent's loop.
    private func startOpening(movingAsideCorrupt: Bool = true) -> OneShot<DatabaseOpener.Outcome> {
        let opening = OneShot<DatabaseOpener.Outcome>()
        DetachedThread.start { [path, maxPageCount] in
            opening.set(DatabaseOpener.open(path, maxPageCount: maxPageCount, movingAsideCorrupt: movingAsideCorrupt))
        }
        return opening
    }
}
