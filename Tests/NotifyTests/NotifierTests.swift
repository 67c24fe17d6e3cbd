import Foundation
import Notify
import Testing

/// Against a real session bus and python3-dbusmock's notification server (see
/// NotifySession). Serialized: one bus, one server and one Notifier for all.
@Suite(.serialized)
struct NotifierTests {
    let session: NotifySession

    init() throws {
        session = try NotifySession.shared.get()
        // A test that stopped the server may have failed before restarting it.
        try session.fixture("server")
    }

    /// What the agent posts for a ringing alarm.
    static func ringing(_ label: String, snooze: Bool = true) -> NotificationContent {
        let snoozeAction = [NotificationContent.Action(key: "snooze", label: "Snooze 5 min")]
        return NotificationContent(
            summary: label,
            body: "07:30 · 2 snoozes left",
            actions: (snooze ? snoozeAction : []) + [
                .init(key: "dismiss", label: "Dismiss"),
                .init(key: "default", label: "Open"),
            ],
            urgency: .critical,
            timeout: .never,
            isResident: true,
            suppressesSound: true,
            desktopEntry: "io.github.Reveille1",
            icon: "alarm-clock"
        )
    }

    /// The mock's record of the last Notify call with this summary.
    func lastNotify(summary: String) throws -> NotifyCall? {
        try session.calls("Notify").map(NotifyCall.init).last { $0.summary == summary }
    }

    @Test func capabilitiesAreTheServers() async throws {
        let capabilities = try await session.notifier.capabilities()
        #expect(capabilities == ["body", "actions", "persistence"])
    }

    @Test func serverInfoNamesTheServer() async throws {
        let info = try await session.notifier.serverInfo()
        #expect(info == ServerInfo(name: "mock-notify", vendor: "test vendor", version: "1.0", specVersion: "1.1"))
    }

    @Test func postSendsSummaryBodyActionsAndHints() async throws {
        let notification = try await session.notifier.post(Self.ringing("Post test"), onAction: { _ in }, onClosed: { _ in })
        let call = try #require(try lastNotify(summary: "Post test"))
        #expect(call.appName == "reveille-tests")
        #expect(call.replacesID == 0)
        #expect(call.body == "07:30 · 2 snoozes left")
        #expect(call.icon == "alarm-clock")
        #expect(call.actions == ["snooze", "Snooze 5 min", "dismiss", "Dismiss", "default", "Open"])
        #expect(call.hints["urgency"] as? Int == 2)
        #expect(call.hints["resident"] as? Bool == true)
        #expect(call.hints["suppress-sound"] as? Bool == true)
        #expect(call.hints["desktop-entry"] as? String == "io.github.Reveille1")
        #expect(call.hints["category"] == nil)
        #expect(call.expireTimeout == 0)
        #expect(notification.id != nil)
    }

    @Test func timeoutIsSentInMilliseconds() async throws {
        var content = NotificationContent(summary: "Timeout test", urgency: .low, timeout: .after(.seconds(1.5)))
        content.category = "x-reveille.alarm"
        let notification = try await session.notifier.post(content, onAction: { _ in }, onClosed: { _ in })
        let call = try #require(try lastNotify(summary: "Timeout test"))
        #expect(call.expireTimeout == 1500)
        #expect(call.hints["urgency"] as? Int == 0)
        #expect(call.hints["category"] as? String == "x-reveille.alarm")
        #expect(call.hints["resident"] == nil)
        #expect(call.actions.isEmpty)
        _ = notification
    }

    @Test func invokedActionReachesOnAction() async throws {
        let (keys, continuation) = AsyncStream.makeStream(of: String.self)
        let notification = try await session.notifier.post(
            Self.ringing("Action test"), onAction: { continuation.yield($0) }, onClosed: { _ in })
        let id = try #require(notification.id)
        try session.emit("ActionInvoked", signature: "us", "[<uint32 \(id)>, <'snooze'>]")
        #expect(await firstValue(of: keys) == "snooze")
    }

    @Test func actionOfAnotherNotificationDoesNotReachOnAction() async throws {
        let (keys, continuation) = AsyncStream.makeStream(of: String.self)
        let first = try await session.notifier.post(
            Self.ringing("First"), onAction: { continuation.yield("first: \($0)") }, onClosed: { _ in })
        let second = try await session.notifier.post(
            Self.ringing("Second"), onAction: { continuation.yield("second: \($0)") }, onClosed: { _ in })
        try session.emit("ActionInvoked", signature: "us", "[<uint32 \(try #require(second.id))>, <'dismiss'>]")
        #expect(await firstValue(of: keys) == "second: dismiss")
        _ = first
    }

    @Test func updateWithoutSnoozeReplacesTheSameNotification() async throws {
        let (keys, continuation) = AsyncStream.makeStream(of: String.self)
        let notification = try await session.notifier.post(
            Self.ringing("Update test"), onAction: { continuation.yield($0) }, onClosed: { _ in })
        let id = try #require(notification.id)
        var last = Self.ringing("Update test", snooze: false)
        last.body = "07:40 · no snoozes left"
        try await notification.update(last)

        let call = try #require(try lastNotify(summary: "Update test"))
        #expect(call.replacesID == id)
        #expect(call.body == "07:40 · no snoozes left")
        #expect(call.actions == ["dismiss", "Dismiss", "default", "Open"])
        #expect(notification.id == id)
        // The re-added actions still reach the same callback.
        try session.emit("ActionInvoked", signature: "us", "[<uint32 \(id)>, <'default'>]")
        #expect(await firstValue(of: keys) == "default")
    }

    @Test func closeCallsCloseNotification() async throws {
        let notification = try await session.notifier.post(Self.ringing("Close test"), onAction: { _ in }, onClosed: { _ in })
        let id = try #require(notification.id)
        try await notification.close()
        #expect(try session.calls("CloseNotification").contains { $0.first as? Int == Int(id) })
    }

    @Test func droppingTheNotificationClosesIt() async throws {
        var notification: Notify.Notification? = try await session.notifier.post(
            Self.ringing("Drop test"), onAction: { _ in }, onClosed: { _ in })
        let id = try #require(notification?.id)
        notification = nil
        #expect(try await eventually { try session.calls("CloseNotification").contains { $0.first as? Int == Int(id) } })
    }

    @Test func serverClosingReachesOnClosed() async throws {
        let (reasons, continuation) = AsyncStream.makeStream(of: CloseReason.self)
        let notification = try await session.notifier.post(
            Self.ringing("Closed test"), onAction: { _ in }, onClosed: { continuation.yield($0) })
        let id = try #require(notification.id)
        try session.emit("NotificationClosed", signature: "uu", "[<uint32 \(id)>, <uint32 2>]")
        #expect(await firstValue(of: reasons) == .dismissedByUser)
        #expect(notification.id == nil)
    }

    @Test func emptyActionLabelIsRejectedBeforeSending() async throws {
        let content = NotificationContent(summary: "Invalid", actions: [.init(key: "default", label: "")])
        let error = await #expect(throws: NotifyError.self) {
            try await session.notifier.post(content, onAction: { _ in }, onClosed: { _ in })
        }
        #expect(error?.kind == .invalidContent)
        #expect(try lastNotify(summary: "Invalid") == nil)
    }

    @Test func secondNotifierIsRefused() throws {
        let error = #expect(throws: NotifyError.self) { try Notifier(appName: "second") }
        #expect(error?.kind == .alreadyInitialized)
    }

    @Test func withoutServerCallsFailAsServerUnavailable() async throws {
        try session.fixture("stop-server")
        defer { try? session.fixture("server") }
        let notifier = session.notifier
        let capabilities = await #expect(throws: NotifyError.self) { try await notifier.capabilities() }
        #expect(capabilities?.kind == .serverUnavailable)
        let info = await #expect(throws: NotifyError.self) { try await notifier.serverInfo() }
        #expect(info?.kind == .serverUnavailable)
        let post = await #expect(throws: NotifyError.self) {
            try await notifier.post(Self.ringing("No server"), onAction: { _ in }, onClosed: { _ in })
        }
        #expect(post?.kind == .serverUnavailable)
        #expect(post?.message.contains("org.freedesktop.Notifications") == true)
    }

    /// A bus that could activate the machine's own notification daemon (dunst, mako and
    /// xfce4-notifyd ship activation files) would start it instead of answering "no server".
    @Test func theBusActivatesNoDaemonOfTheMachine() throws {
        #expect(try session.activatableNames() == ["org.freedesktop.DBus"])
    }

    @Test func postingWorksAgainWhenTheServerReturns() async throws {
        try session.fixture("stop-server")
        await #expect(throws: NotifyError.self) {
            try await session.notifier.post(Self.ringing("Away"), onAction: { _ in }, onClosed: { _ in })
        }
        try session.fixture("server")
        let notification = try await session.notifier.post(Self.ringing("Back"), onAction: { _ in }, onClosed: { _ in })
        #expect(notification.id != nil)
        #expect(try lastNotify(summary: "Back") != nil)
    }

    @Test func updateAfterAServerRestartPostsToTheNewServer() async throws {
        let notification = try await session.notifier.post(Self.ringing("Restart"), onAction: { _ in }, onClosed: { _ in })
        try session.fixture("stop-server")
        try session.fixture("server")
        #expect(try lastNotify(summary: "Restart") == nil)
        try await notification.update(Self.ringing("Restart", snooze: false))
        let call = try #require(try lastNotify(summary: "Restart"))
        #expect(call.actions == ["dismiss", "Dismiss", "default", "Open"])
        #expect(notification.id != nil)
    }
}

/// One recorded `Notify (susssasa{sv}i)` call.
struct NotifyCall {
    let appName: String
    let replacesID: Int
    let icon: String
    let summary: String
    let body: String
    let actions: [String]
    let hints: [String: Any]
    let expireTimeout: Int

    init(_ arguments: [Any]) {
        appName = arguments[0] as! String
        replacesID = arguments[1] as! Int
        icon = arguments[2] as! String
        summary = arguments[3] as! String
        body = arguments[4] as! String
        actions = arguments[5] as! [String]
        hints = arguments[6] as! [String: Any]
        expireTimeout = arguments[7] as! Int
    }
}
