import DBus
import Gettext
import LinuxEvents
import Notify
import ReveilleCore
import ReveilleDomain
import ReveilleText
import ReveilleTime
import Sound
import SystemSupport
import Synchronization

/// Shows ringing alarms as freedesktop notifications through libnotify.
///
/// Without a notification server the alarm still rings, and the challenge opens directly.
public final class LiveNotifier: AlarmNotifier {
    private let notifier: Notifier?
    private let jobs = SerialTasks()
    private let posted = Mutex<[AlarmID: Notification]>([:])
    /// What each ringing alarm's notification says and offers: to post it again on a new
    /// server, and to recognise clicks on actions it no longer shows.
    private let ringing = Mutex<[AlarmID: Ringing]>([:])
    private let soundProblems = Mutex<[AlarmID: [Message]]>([:])
    /// The session's language as last read (`SessionLocale.current`): what the notifier adds to a
    /// ringing alarm's notification is rendered in it each time the notification is posted or
    /// updated, so a repost speaks the language of its moment.
    private let locale: @Sendable () -> UserLocale
    /// When each ringing alarm's closed notification was last posted again (monotonic ns).
    private let reposts = Mutex<[AlarmID: Int64]>([:])
    private let staleActions = Mutex<Subscription?>(nil)
    private let serverRestarts = Mutex<Subscription?>(nil)
    /// The newest notices, held so that they stay on screen; see `maximumNotices`.
    private let notices = Mutex<[Notification]>([])
    /// Where the posted numbers are kept, for the agent that starts after a crash.
    private let ledger: (any NotificationLedger)?
    /// The agent's own connection, to learn which server numbered a notification.
    private let bus = Mutex<Connection?>(nil)

    /// Notices kept at most: a long run of them (missed alarms) neither fills the screen nor
    /// memory. The oldest closes when a new one comes.
    static let maximumNotices = 20
    /// A ringing alarm's notification closed by the user or the server is posted again at
    /// most once in this time.
    static let repostInterval: Duration = .seconds(5)

    public static let desktopEntry = "io.github.Reveille1"
    static let serverName = "org.freedesktop.Notifications"
    /// The key of a notice's one button (NoticeAction).
    static let noticeActionKey = "action"
    /// The icon the package installs, under the name of its desktop entry.
    static let ownIcon = desktopEntry
    /// The theme's clock icon, for a build run from its tree with no icon installed.
    static let fallbackIcon = "alarm-clock"
    /// Chosen once: the icons do not change while the agent runs.
    static let icon = icon(dataDirectories: SoundTheme.dataDirectories(environment: Spawner.currentEnvironment()))

    /// The package's own icon when a data directory's hicolor theme holds it, else the theme's
    /// `alarm-clock`: a notification server shows nothing for a name it cannot find.
    static func icon(dataDirectories: [String], isFile: (String) -> Bool = isReadableFile) -> String {
        let installed = dataDirectories.contains { directory in
            ["scalable/apps/\(ownIcon).svg", "48x48/apps/\(ownIcon).png"].contains { isFile("\(directory)/icons/hicolor/\($0)") }
        }
        return installed ? ownIcon : fallbackIcon
    }

    init(ledger: (any NotificationLedger)? = nil, locale: @escaping @Sendable () -> UserLocale = { .english }) {
        self.ledger = ledger
        self.locale = locale
        do { notifier = try Notifier(appName: "Reveille") } catch {
            Log.shared.error("notifications are unavailable: \(error)")
            notifier = nil
        }
    }

    /// Whether a notification server runs and offers actions; nil reason when it does.
    public func problem() async -> String? {
        guard let notifier else { return "libnotify could not start" }
        do {
            let capabilities = try await notifier.capabilities()
            return capabilities.contains("actions") ? nil : "the notification server does not show actions"
        } catch {
            return "no notification server: \(error)"
        }
    }

    public func show(_ id: AlarmID, _ notification: RingNotification, onAction: @escaping @Sendable (String) -> Void) {
        let problem = soundProblems.withLock { $0[id] ?? [] }
        let entry = Ringing(notification: notification, soundProblem: problem, onAction: onAction)
        ringing.withLock { $0[id] = entry }
        present(id, entry, openChallengeOnFailure: true)
    }

    /// Says in an alarm's notification that its sound cannot play (none: it plays again).
    /// Kept apart from what rings: the sound side may tell before the notification is shown.
    public func setSoundProblem(_ id: AlarmID, _ problem: [Message]) {
        soundProblems.withLock { $0[id] = problem.isEmpty ? nil : problem }
        let entry = ringing.withLock { ringing -> Ringing? in
            guard ringing[id] != nil, ringing[id]?.soundProblem != problem else { return nil }
            ringing[id]?.soundProblem = problem
            return ringing[id]
        }
        if let entry { present(id, entry, openChallengeOnFailure: false) }
    }

    /// Posts or updates the notification of a ringing alarm. When the core asked for it and
    /// no server shows it, the challenge opens instead (once: a repeat would open more terminals).
    private func present(_ id: AlarmID, _ entry: Ringing, openChallengeOnFailure: Bool) {
        let content = entry.content(locale())
        let onClosed = closedHandler(id)
        jobs.add { [self] in
            do {
                if let existing = posted.withLock({ $0[id] }) {
                    try await existing.update(content)
                    await remember(id, existing)
                } else {
                    guard let notifier else { throw NotifyUnavailable() }
                    let handle = try await notifier.post(content, onAction: entry.onAction, onClosed: onClosed)
                    posted.withLock { $0[id] = handle }
                    await remember(id, handle)
                }
            } catch {
                guard openChallengeOnFailure else {
                    return Log.shared.error("cannot show the notification for \(id): \(error)")
                }
                Log.shared.error("cannot show the notification for \(id): \(error); opening the challenge directly")
                entry.onAction("default")
            }
        }
    }

    /// What a notification of `id` does when it closes: closed by the user or the server, it is
    /// forgotten, and a ringing alarm's is posted again at once, so that the alarm is never left
    /// ringing with nothing on screen. At most once per `repostInterval`: a server that closes
    /// every notification straight away (do not disturb) gets no loop, and the nudge shows it later.
    private func closedHandler(_ id: AlarmID) -> @Sendable (CloseReason) -> Void {
        { [weak self] reason in
            guard reason != .closedByCall, let self else { return }
            guard self.posted.withLock({ $0.removeValue(forKey: id) }) != nil else { return }
            self.jobs.add { [self] in self.forget(id) }
            guard let entry = self.ringing.withLock({ $0[id] }) else { return }
            let now = monotonicNanoseconds()
            let allowed = self.reposts.withLock { reposts in
                guard reposts[id].map({ now - $0 >= Self.repostInterval.wholeNanoseconds }) ?? true else { return false }
                reposts[id] = now
                return true
            }
            guard allowed else {
                return Log.shared.info("the notification of the ringing alarm \(id) was closed (\(reason)) again within \(Self.repostInterval); the nudge shows it again")
            }
            Log.shared.info("the notification of the ringing alarm \(id) was closed (\(reason)); posting it again")
            self.present(id, entry, openChallengeOnFailure: false)
        }
    }

    /// Posts every ringing alarm's notification again when a notification server takes the
    /// name: a restarted server has forgotten them, and one that starts late never saw them.
    public func followServerRestarts(on connection: Connection) async {
        bus.withLock { $0 = connection }
        do {
            let subscription = try await connection.subscribe(.nameOwnerChanged(Self.serverName)) { [weak self] signal in
                guard let self, signal.arguments.count == 3, let owner = signal.arguments[2].stringValue, !owner.isEmpty
                else { return }
                let entries = self.ringing.withLock { $0 }
                if !entries.isEmpty { Log.shared.info("a notification server appeared; posting \(entries.count) ringing alarms again") }
                for (id, entry) in entries { self.present(id, entry, openChallengeOnFailure: false) }
            }
            serverRestarts.withLock { $0 = subscription }
        } catch {
            Log.shared.warning("cannot follow the notification server on the bus: \(error)")
        }
    }

    public func close(_ id: AlarmID) {
        _ = ringing.withLock { $0.removeValue(forKey: id) }
        _ = reposts.withLock { $0.removeValue(forKey: id) }
        jobs.add { [self] in
            guard let handle = posted.withLock({ $0.removeValue(forKey: id) }) else { return }
            try? await handle.close()
            forget(id)
        }
    }

    public func withdrawAll() async {
        ringing.withLock { $0.removeAll() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            jobs.add { [self] in
                let handles = posted.withLock { posted in
                    defer { posted = [:] }
                    return posted
                }
                for (id, handle) in handles.sorted(by: { $0.key < $1.key }) {
                    try? await handle.close()
                    forget(id)
                }
                done.resume()
            }
        }
    }

    /// Closes what an agent killed while ringing left on screen, before anything is posted
    /// again: only on the server that numbered it, since a restarted server reuses numbers.
    func closeLeftovers() async {
        guard let ledger, let connection = bus.withLock({ $0 }) else { return }
        let left: [PostedNotification]
        do { left = try ledger.posted() } catch {
            return Log.shared.warning("cannot read which notifications were left on screen: \(error)")
        }
        guard !left.isEmpty else { return }
        let server = await serverOwner()
        for notification in left {
            if notification.server == server {
                Log.shared.info("closing notification \(notification.number) of \(notification.alarm), left by the previous agent")
                _ = try? await connection.call(
                    destination: Self.serverName, path: "/org/freedesktop/Notifications",
                    interface: "org.freedesktop.Notifications", method: "CloseNotification",
                    arguments: [.uint32(notification.number)])
            }
            forget(notification.alarm)
        }
    }

    /// Keeps the number the server gave `handle`, with the server's unique name.
    private func remember(_ id: AlarmID, _ handle: Notification) async {
        guard let ledger, let number = handle.id, let server = await serverOwner() else { return }
        do { try ledger.remember(PostedNotification(alarm: id, number: number, server: server)) } catch {
            Log.shared.warning("cannot keep the number of \(id)'s notification: \(error)")
        }
    }

    private func forget(_ id: AlarmID) {
        do { try ledger?.forget(id) } catch {
            Log.shared.warning("cannot forget the number of \(id)'s notification: \(error)")
        }
    }

    /// The unique bus name of the notification server now; nil when none runs.
    private func serverOwner() async -> String? {
        guard let connection = bus.withLock({ $0 }) else { return nil }
        let reply = try? await connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", arguments: [.string(Self.serverName)])
        return reply?.first?.stringValue
    }

    /// Follows clicks on actions a notification no longer offers: a Snooze button still on
    /// screen from before the limit was reached. libnotify drops those, so they are read from the bus.
    public func followStaleActions(on connection: Connection) async {
        let rule = MatchRule(sender: Self.serverName, path: "/org/freedesktop/Notifications",
                             interface: "org.freedesktop.Notifications", member: "ActionInvoked")
        do {
            let subscription = try await connection.subscribe(rule) { [weak self] signal in
                guard let self, signal.arguments.count == 2, let number = signal.arguments[0].integer(as: UInt32.self),
                      let key = signal.arguments[1].stringValue else { return }
                let stale = self.posted.withLock { posted in posted.first { $0.value.id == number }?.key }
                    .flatMap { id in self.ringing.withLock { $0[id] } }
                    .flatMap { $0.actionKeys.contains(key) ? nil : $0.onAction }
                stale?(key)
            }
            staleActions.withLock { $0 = subscription }
        } catch {
            Log.shared.warning("cannot follow notification clicks on the bus: \(error)")
        }
    }

    public func notice(summary: Message, body: Message) {
        post(summary: summary, body: body, action: nil)
    }

    /// A notice with one button (the tray's Undo, NoticeAction): only a click on the button runs it.
    public func notice(summary: Message, body: Message, action: NoticeAction) {
        post(summary: summary, body: body, action: action)
    }

    /// Renders the notice's messages in the session's language as it is when the notice is made.
    private func post(summary: Message, body: Message, action: NoticeAction?) {
        let text = locale().translator
        let (summary, body) = (text(summary), text(body))
        jobs.add { [self] in
            guard let notifier else { return }
            do {
                let content = NotificationContent(summary: summary, body: body,
                                                  actions: action.map { [.init(key: Self.noticeActionKey, label: $0.label)] } ?? [],
                                                  urgency: .normal, desktopEntry: Self.desktopEntry, icon: Self.icon)
                let onAction: @Sendable (String) -> Void = { key in if key == Self.noticeActionKey { action?.run() } }
                let handle = try await notifier.post(content, onAction: onAction, onClosed: { _ in })
                notices.withLock { $0.append(handle, keepingLast: Self.maximumNotices) }
            } catch {
                Log.shared.error("cannot show a notice: \(error)")
            }
        }
    }
}

/// A ringing alarm's notification as the core asked for it, with what the sound side adds: rendered
/// anew (`content`) in the session's locale of the moment each time it is posted or updated.
struct Ringing: Sendable {
    var notification: RingNotification
    var soundProblem: [Message]
    var onAction: @Sendable (String) -> Void

    func actions(_ text: Translator) -> [NotificationContent.Action] {
        var actions: [NotificationContent.Action] = []
        if let snooze = notification.snoozeLabel { actions.append(.init(key: "snooze", label: text(snooze))) }
        let dismiss = text(notification.dismissLabel)
        return actions + [.init(key: "dismiss", label: dismiss), .init(key: "default", label: dismiss)]
    }

    var actionKeys: Set<String> { notification.snoozeLabel == nil ? ["dismiss", "default"] : ["snooze", "dismiss", "default"] }

    /// The notification in `locale`'s language: the one current when it is posted or updated.
    func content(_ locale: UserLocale) -> NotificationContent {
        let text = locale.translator
        let body = ([notification.body] + soundProblem).map { text($0) }.joined(separator: "\n")
        return NotificationContent(
            summary: text(notification.summary), body: body, actions: actions(text), urgency: .critical,
            timeout: .never, isResident: true, suppressesSound: true, desktopEntry: LiveNotifier.desktopEntry,
            icon: LiveNotifier.icon)
    }
}

extension Array {
    /// Appends `element` and drops the oldest elements beyond `limit`.
    mutating func append(_ element: Element, keepingLast limit: Int) {
        append(element)
        if count > limit { removeFirst(count - limit) }
    }
}

struct NotifyUnavailable: Error, CustomStringConvertible {
    var description: String { "libnotify is not available" }
}
