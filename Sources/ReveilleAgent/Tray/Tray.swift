import DBus
import Gettext
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTime
import Synchronization

/// The agent's StatusNotifierItem (issue 23 §1): `org.kde.StatusNotifierItem` at
/// `/StatusNotifierItem` with its menu as `com.canonical.dbusmenu` at `/MenuBar`, registered with
/// whichever `org.kde.StatusNotifierWatcher` is on the bus.
///
/// Its icon, status and tooltip follow the core's events: each one reads the core again (and
/// Preflight, unless an alarm rings) and sends `NewIcon`, `NewStatus`, `NewToolTip` and
/// `LayoutUpdated` for what changed. Nothing runs on a timer, and with no host nothing asks.
final class Tray: Sendable {
    let core: AgentCore
    let connection: Connection
    let notifier: any AlarmNotifier
    let clock: any WallClock
    let zone: any ZoneProvider
    /// Where the hosts find the icons (`IconThemePath`): the share directory's `icons`, a hicolor layout.
    let iconThemePath: String
    /// The session's language and time format as last read (`SessionLocale.current`): each look,
    /// menu and notice is made in it, so a change of language shows at the next one.
    let locale: @Sendable () -> UserLocale

    private struct State {
        var look = TrayLook(state: .noAlarm, title: TrayMenu.noAlarm.english)
        var menu = TrayMenuLayout()
        /// A refresh is queued and has not started: another event needs no second one.
        var refreshQueued = false
    }

    private let state = Mutex(State())
    private let jobs = SerialTasks()
    private let registration: WatcherRegistration

    init(core: AgentCore, connection: Connection, notifier: any AlarmNotifier, clock: any WallClock,
         zone: any ZoneProvider, shareDirectory: String, locale: @escaping @Sendable () -> UserLocale = { .english }) {
        self.locale = locale
        self.core = core
        self.connection = connection
        self.notifier = notifier
        self.clock = clock
        self.zone = zone
        iconThemePath = shareDirectory + "/icons"
        registration = WatcherRegistration(connection: connection)
    }

    /// Exports the item and its menu, reads the core once, follows its events, and registers
    /// with the watcher now and whenever one (re)appears. Preflight, which asks the desktop's
    /// servers, is read after the start, in the first refresh.
    func start() async throws(DBusError) {
        let locale = locale()
        let facts = await facts(withHealth: false, locale: locale)
        state.withLock { $0.look = TrayLook(facts, locale: locale) }
        requestRefresh()
        try connection.export([itemInterface], at: TrayNames.itemPath)
        try connection.export([menuInterface], at: TrayNames.menuPath)
        core.events.listen { [weak self] event in
            // A new problem on screen changes nothing the tray shows.
            if case .challengeChanged = event { return }
            self?.requestRefresh()
        }
        await registration.start()
    }

    /// The look last computed.
    var look: TrayLook { state.withLock { $0.look } }

    /// How often the tray has registered with a watcher, for tests.
    var registrations: Int { registration.count }

    // MARK: Following the core

    /// Queues one refresh, unless one is queued and has not started yet.
    func requestRefresh() {
        let queue = state.withLock { state in
            defer { state.refreshQueued = true }
            return !state.refreshQueued
        }
        guard queue else { return }
        jobs.add { [self] in
            state.withLock { $0.refreshQueued = false }
            await refresh()
        }
    }

    /// Reads the core and Preflight, and tells the hosts what changed.
    func refresh() async {
        let locale = locale()
        let facts = await facts(withHealth: true, locale: locale)
        let look = TrayLook(facts, locale: locale)
        let before = state.withLock { state in
            defer { state.look = look }
            return state.look
        }
        var signals: [(String, [Value])] = []
        if before.iconName != look.iconName { signals.append(("NewIcon", [])) }
        if before.status != look.status { signals.append(("NewStatus", [.string(look.status)])) }
        if before.title != look.title || before.body != look.body || before.iconName != look.iconName {
            signals.append(("NewToolTip", []))
        }
        for (name, arguments) in signals {
            emit(path: TrayNames.itemPath, interface: TrayNames.itemInterface, name, arguments)
        }
        _ = rebuildMenu(facts, locale: locale)
    }

    /// `locale` renders the Preflight notes.
    private func facts(withHealth: Bool, locale: UserLocale = .english) async -> TrayFacts {
        let alarms = await core.list()
        let wake = await core.wakeStatus
        var blocking: [String] = []
        // While an alarm rings the item says so whatever else holds, and the ring is left alone.
        if withHealth, !alarms.contains(where: \.ringing) {
            let text = locale.translator
            blocking = await core.preflightDetails(rendering: { text($0) })
                .filter { EvaluatePreflight.blockingReasons.contains($0.key) }
                .sorted { $0.key < $1.key }
                .map(\.value)
        }
        return TrayFacts(alarms: alarms, wake: wake, blocking: blocking, now: clock.now(), zone: zone.current())
    }

    /// The menu built from the alarms as they are now.
    func currentMenu() async -> TrayMenuLayout {
        await rebuildMenu(facts(withHealth: false), locale: locale()).menu
    }

    /// The host is about to show the submenus `ids`: the menu is built again. Returns the ids it
    /// has when it changed, and the ids it does not have. Opening the menu also reads Preflight
    /// again for the icon.
    func aboutToShow(_ ids: [Int32]) async -> (updated: [Int32], unknown: [Int32]) {
        let (menu, changed) = await rebuildMenu(facts(withHealth: false), locale: locale())
        let known = ids.filter { menu.entries[$0] != nil }
        if known.contains(TrayMenuLayout.rootID) { requestRefresh() }
        return (changed ? known : [], ids.filter { menu.entries[$0] == nil })
    }

    /// Makes the menu of `facts` the one served. When it changed the hosts hear of it now, so a
    /// refresh or a host's call that comes after finds nothing new.
    private func rebuildMenu(_ facts: TrayFacts, locale: UserLocale) -> (menu: TrayMenuLayout, changed: Bool) {
        let items = TrayMenu.items(alarms: facts.alarms, now: facts.now, zone: facts.zone, locale: locale)
        let (changed, menu) = state.withLock { state in (state.menu.update(items), state.menu) }
        if changed { layoutUpdated(menu.revision) }
        return (menu, changed)
    }

    private func layoutUpdated(_ revision: UInt32) {
        emit(path: TrayNames.menuPath, interface: TrayNames.menuInterface, "LayoutUpdated",
             [.uint32(revision), .int32(TrayMenuLayout.rootID)])
    }

    private func emit(path: String, interface: String, _ name: String, _ arguments: [Value]) {
        do { try connection.emitSignal(path: path, interface: interface, name: name, arguments: arguments) } catch {
            Log.shared.error("cannot send the tray's \(name): \(error)")
        }
    }

    // MARK: Clicks

    /// A menu event: "clicked" runs the item's action; other events change nothing. An id the
    /// menu does not have is refused.
    func event(_ id: Int32, _ eventID: String) async throws(DBusError) {
        let action = try state.withLock { state throws(DBusError) in try state.menu.action(of: id) }
        guard eventID == "clicked", let action else { return }
        await perform(action)
    }

    /// A left click on the item. The hosts open the menu themselves (`ItemIsMenu`); while an
    /// alarm rings the item is no menu, and the click opens its challenge, as Dismiss does.
    func activate() async {
        guard let ringing = await core.ringingAlarms.first else { return }
        await perform(.dismiss(ringing))
    }
}
