import DBus
import Glibc
import LinuxEvents
import ReveilleAPI
import ReveilleCore
import ReveilleModel
import ReveilleText
import SQLite

/// `reveilled`: wires the live world to the core and serves it on the session bus.
public enum Agent {
    /// Runs until SIGTERM or SIGINT (status 0) or until its session bus goes away (status 1);
    /// returns the exit status.
    public static func run(arguments: [String]) async -> Int32 {
        if arguments.dropFirst().contains("--version") {
            print("reveilled \(ReleaseVersion.current)")
            return 0
        }
        if let unknown = arguments.dropFirst().first(where: { $0 != "--help" && $0 != "-h" }) {
            Log.shared.error("reveilled: unknown argument '\(unknown)'; it takes only --help and --version")
            return 2
        }
        if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
            print("Usage: reveilled [--version]\nThe Reveille alarm agent: serves io.github.Reveille1 on the session bus. See reveilled(8).")
            return 0
        }
        do {
            let agent = try await RunningAgent.start()
            return await agent.waitForShutdown()
        } catch {
            Log.shared.error("reveilled: \(error)")
            return 1
        }
    }
}

/// The agent's live parts, held for as long as it runs.
final class RunningAgent: Sendable {
    let core: AgentCore
    let connection: Connection
    let lock: FileLock
    let signals: SignalWatch
    let zone: LiveZone
    let store: AlarmDatabase
    let shutdown: ShutdownSignal
    let sleep: SleepWatch?
    /// The tray icon (`tray = yes`); nil when turned off or when it could not be exported.
    let tray: Tray?
    /// Keeps trying to open a database that could not be opened at start, and to write one that
    /// could only be read; ends once it can be written.
    let opening: Task<Void, Never>?
    /// Hands the world's events to the core in order; ends with the core's ordered shutdown.
    let service: Task<Void, Never>

    private init(core: AgentCore, connection: Connection, lock: FileLock, signals: SignalWatch, zone: LiveZone,
                 store: AlarmDatabase, shutdown: ShutdownSignal, sleep: SleepWatch?, tray: Tray?,
                 opening: Task<Void, Never>?, service: Task<Void, Never>) {
        self.tray = tray
        self.opening = opening
        self.service = service
        self.core = core
        self.store = store
        self.connection = connection
        self.lock = lock
        self.signals = signals
        self.zone = zone
        self.shutdown = shutdown
        self.sleep = sleep
    }

    static func start() async throws -> RunningAgent {
        // Closing the terminal of an agent started by hand must not stop the alarms: its SIGHUP is
        // ignored, and so is the SIGPIPE of a log whose reader has gone (Log ignores EIO and EPIPE).
        try SignalWatch.ignore([.hangUp, .brokenPipe])
        let environment = Spawner.currentEnvironment()
        let paths = AgentPaths(environment: environment, executablePath: executablePath())
        try makePrivateDirectory(paths.dataDirectory)
        let lock: FileLock
        do { lock = try FileLock(path: paths.lockFile) } catch .alreadyLocked {
            throw SetupError("another reveilled already uses \(paths.databaseFile): \(paths.lockFile) is locked")
        } catch {
            throw SetupError("cannot lock \(paths.lockFile) for \(paths.databaseFile): \(error)")
        }
        // The read of the alarms starts now and overlaps the rest of the setup, the bus's handshake
        // first. A corrupt file is moved aside only once the agent is on its bus, so that one that
        // cannot serve leaves it as it found it.
        let opener = DatabaseRetry(path: paths.databaseFile, environment: environment)
        let firstOpening = opener.startFirstOpening()
        let connection = try Connection.session()
        // The session's language and time format (issue 24): the agent's own until the user manager answers.
        let sessionLocale = SessionLocale(ownEnvironment: environment, localeDirectory: paths.localeDirectory,
                                          connection: connection)
        sessionLocale.refreshSoon()
        let (store, opened) = opener.openFirst(firstOpening)
        let config: AgentConfig
        var configProblem: Message?
        do { config = try paths.loadConfig() } catch {
            Log.shared.error("ignoring the configuration, using defaults: \(error)")
            config = AgentConfig()
            // A ConfigError in the reader's language where Preflight says it; a file that cannot be read as the system says.
            configProblem = (error as? ConfigError)?.located ?? .verbatim("\(error)")
        }
        let words = paths.loadWordLists()

        // Every event source yields here; one loop hands the events to the core.
        let inbox = WorldEvents()
        let zone = LiveZone(environment: environment, localtimePath: environment["REVEILLE_LOCALTIME"] ?? "/etc/localtime")
        let timer = try LiveWakeTimer(inbox: inbox)
        let captchas = CaptchaNames(inbox: inbox)
        captchas.follow(on: connection)
        let terminal = LiveTerminalLauncher(
            command: TerminalCommand(configured: config.terminal?.first),
            cliPath: siblingExecutable("reveille", environment: environment),
            baseEnvironment: environment,
            sessionEnvironment: { [connection] in await SessionEnvironment(connection: connection).fetch() },
            captchas: captchas, locale: sessionLocale,
            failed: { id, reason in inbox.yield(.challengeTerminalFailed(id, reason)) })
        // Every write and every read of the database after the first runs on this thread, never on the loop's.
        let storeThread = WorkerThread()
        let desktop = Desktop.connect(config: config, environment: environment,
                                      ledger: ThreadedLedger(store, on: storeThread),
                                      locale: { sessionLocale.current })
        let system = SystemBus.connect()
        let waker = MachineWakers.choose(wakeFromSuspend: config.wakeFromSuspend, system: system, inbox: inbox)
        let health = LiveHealth(desktop: desktop, terminal: terminal, power: LivePower(system: system),
                                database: store, zone: zone, configProblem: configProblem)
        let world = World(clock: LiveClock(), zone: zone, timer: timer, store: store, notifier: desktop.notifier,
                          sound: LocaleRefreshingSound(desktop.sound, locale: sessionLocale), terminal: terminal, health: health,
                          sleepGuard: LiveSleepGuard(system: system, session: connection, locale: { sessionLocale.current }),
                          hooks: LiveHooks(baseEnvironment: environment), codes: LiveCodeHasher(),
                          waker: waker, battery: LiveBattery(system: system), storeThread: storeThread)
        // The typing challenge's words follow the session's languages, as last read (issue 24 §2).
        let core = AgentCore(world: world, config: config, words: words,
                             languages: { sessionLocale.current.languages },
                             timeStyle: { sessionLocale.current.timeStyle }, inbox: inbox)
        let running = Task { await CoreService(core: core).run() }

        let service = ManagerService(core: core, version: ReleaseVersion.current, locale: { sessionLocale.current })
        service.forwardEvents(to: connection)
        await desktop.notifier.followStaleActions(on: connection)
        await desktop.notifier.followServerRestarts(on: connection)
        // A database that cannot be opened yet keeps the agent on the bus, saying why and retrying.
        await opened.value
        let loaded = await opener.load(store, into: core)
        try connection.export([sessionLocale.refreshingOnEachCall(service.interface)], at: BusNames.path)
        let reply = try await connection.requestName(BusNames.service)
        guard reply.isOwner else {
            throw SetupError("another agent already owns \(BusNames.service) on this session bus")
        }
        // Signals from here on carry the name clients watch for.
        let notifier = desktop.notifier
        let zoneNotice: @Sendable (String) -> Void = { problem in
            notifier.notice(summary: Message("The time zone cannot be read"),
                            body: Message("{problem}. 'reveille doctor' says more.", ["problem": problem]))
        }
        // Before anything rings: the zone read now or, when it cannot be read, the one last read fine.
        let settle: @Sendable () -> Void = {
            if let problem = zone.settle(with: store) { zoneNotice(problem) }
            opener.report(store, to: notifier)
        }
        let opening = loaded ? Task { await opener.keepTryingToWrite(store) } : Task {
            await opener.keepTrying(store, core: core) {
                settle()
                await notifier.closeLeftovers()
            }
            await opener.keepTryingToWrite(store)
        }
        if loaded {
            settle()
            // Before anything is posted again: one notification per ringing alarm, not two.
            await desktop.notifier.closeLeftovers()
            await core.resume()
        }
        zone.watch(onChange: { inbox.yield(.zoneChanged) }, onProblem: zoneNotice)
        let sleep = await SleepWatch.start(inbox: inbox, system: system)
        let tray = config.tray ? await startTray(core: core, connection: connection, notifier: notifier, zone: zone,
                                                 shareDirectory: paths.shareDirectory, locale: sessionLocale) : nil
        let shutdown = ShutdownSignal()
        let signals = try SignalWatch([.terminate, .interrupt]) { signal in
            // GLib raises SIGTERM when the session bus of libnotify's connection goes away: that
            // is the bus lost, which the agent reports with status 1, not a request to stop.
            if signal == .terminate, !connection.checkConnected() {
                Log.shared.error("the session bus went away; stopping")
                return shutdown.fire(exitStatus: 1)
            }
            Log.shared.info("stopping on \(signal)")
            shutdown.fire()
        }
        // An agent left without its bus would keep its lock, and no new one could start.
        Task {
            await connection.waitUntilDisconnected()
            guard !shutdown.hasFired else { return }
            Log.shared.error("the session bus went away; stopping")
            shutdown.fire(exitStatus: 1)
        }
        Log.shared.info("reveilled \(ReleaseVersion.current) is serving \(BusNames.service) with \(await core.list().count) alarms")
        return RunningAgent(core: core, connection: connection, lock: lock, signals: signals, zone: zone,
                            store: store, shutdown: shutdown, sleep: sleep, tray: tray, opening: opening, service: running)
    }

    /// Exports the tray icon and registers it with a watcher if one is on the bus (issue 23 §1).
    private static func startTray(core: AgentCore, connection: Connection, notifier: any AlarmNotifier,
                                  zone: LiveZone, shareDirectory: String, locale: SessionLocale) async -> Tray? {
        let tray = Tray(core: core, connection: connection, notifier: notifier, clock: LiveClock(), zone: zone,
                        shareDirectory: shareDirectory, locale: { locale.current })
        do { try await tray.start() } catch {
            Log.shared.error("the tray icon is unavailable: \(error)")
            return nil
        }
        return tray
    }

    /// Stops cleanly once asked to; returns the exit status the shutdown carries.
    func waitForShutdown() async -> Int32 {
        let status = await shutdown.wait()
        opening?.cancel()
        // The core stops its sound, withdraws its notifications, writes what waits and closes
        // the store (which folds the WAL into the database file), after the events before it.
        await core.inbox.finish()
        try? await connection.releaseName(BusNames.service)
        connection.close()
        return status
    }
}
