import Foundation
import Notify
import ReveilleTime
import Testing

/// `Notifier.schedule`: a notification that shows itself at its second on the GLib thread.
/// In `NotifierTests`, serialized with the other tests of the one server.
extension NotifierTests {
    /// The first whole second at least `lead` seconds from now, and how long until it.
    static func second(atLeast lead: Double) -> (second: Instant, inSeconds: Double) {
        let now = Date().timeIntervalSince1970
        let second = (now + lead).rounded(.up)
        return (Instant(secondsSinceEpoch: Int64(second)), second - now)
    }

    func notifies(_ summary: String) throws -> Int {
        try session.calls("Notify").map(NotifyCall.init).filter { $0.summary == summary }.count
    }

    @Test func aScheduledNotificationShowsByItselfAtItsSecondAndIsTakenOverAsItShows() async throws {
        let (second, wait) = Self.second(atLeast: 1.2)
        let scheduled = try session.notifier.schedule(Self.ringing("At its second"), at: second, onAction: { _ in }, onClosed: { _ in })
        try await Task.sleep(for: .seconds(wait - 0.4))
        #expect(try notifies("At its second") == 0)
        #expect(try await eventually { try notifies("At its second") == 1 })
        let notification = try await scheduled.take(Self.ringing("At its second")).value()
        #expect(notification.id != nil)
        #expect(try notifies("At its second") == 1)
    }

    @Test func takenBeforeItsSecondItShowsAtOnceAndOnlyOnce() async throws {
        let (second, wait) = Self.second(atLeast: 1)
        let scheduled = try session.notifier.schedule(Self.ringing("Taken early"), at: second, onAction: { _ in }, onClosed: { _ in })
        let notification = try await scheduled.take(Self.ringing("Taken early")).value()
        #expect(notification.id != nil)
        #expect(try notifies("Taken early") == 1)
        try await Task.sleep(for: .seconds(wait + 0.4))
        #expect(try notifies("Taken early") == 1)
    }

    @Test func takenWithOtherContentAfterItShowedItUpdatesTheSameNotification() async throws {
        let (second, _) = Self.second(atLeast: 0.3)
        let (keys, continuation) = AsyncStream.makeStream(of: String.self)
        let scheduled = try session.notifier.schedule(
            Self.ringing("Taken changed"), at: second, onAction: { continuation.yield($0) }, onClosed: { _ in })
        #expect(try await eventually { try notifies("Taken changed") == 1 })
        let notification = try await scheduled.take(Self.ringing("Taken changed", snooze: false)).value()
        let id = try #require(notification.id)
        let call = try #require(try lastNotify(summary: "Taken changed"))
        #expect(try notifies("Taken changed") == 2)
        #expect(call.replacesID == id)
        #expect(call.actions == ["dismiss", "Dismiss", "default", "Open"])
        try session.emit("ActionInvoked", signature: "us", "[<uint32 \(id)>, <'dismiss'>]")
        #expect(await firstValue(of: keys) == "dismiss")
    }

    @Test func cancelledBeforeItsSecondItNeverShows() async throws {
        let (second, wait) = Self.second(atLeast: 0.8)
        let scheduled = try session.notifier.schedule(Self.ringing("Cancelled early"), at: second, onAction: { _ in }, onClosed: { _ in })
        scheduled.cancel()
        try await Task.sleep(for: .seconds(wait + 0.4))
        #expect(try notifies("Cancelled early") == 0)
        let taken = await #expect(throws: NotifyError.self) { try await scheduled.take(Self.ringing("Cancelled early")).value() }
        #expect(taken?.kind == .cancelled)
        #expect(try notifies("Cancelled early") == 0)
    }

    @Test func droppedUntakenItNeverShows() async throws {
        let (second, wait) = Self.second(atLeast: 0.8)
        var scheduled: ScheduledNotification? = try session.notifier.schedule(
            Self.ringing("Dropped"), at: second, onAction: { _ in }, onClosed: { _ in })
        #expect(scheduled != nil)
        scheduled = nil
        try await Task.sleep(for: .seconds(wait + 0.4))
        #expect(try notifies("Dropped") == 0)
    }

    @Test func cancelledAfterItShowedItIsClosed() async throws {
        let (second, _) = Self.second(atLeast: 0.3)
        let scheduled = try session.notifier.schedule(Self.ringing("Cancelled late"), at: second, onAction: { _ in }, onClosed: { _ in })
        #expect(try await eventually { try notifies("Cancelled late") == 1 })
        let closes = try session.calls("CloseNotification").count
        scheduled.cancel()
        #expect(try await eventually { try session.calls("CloseNotification").count == closes + 1 })
    }

    /// A wake long after the second (a resume from suspend) leaves the choice to the taker.
    @Test func aSecondLongPastShowsOnlyWhenTaken() async throws {
        let past = Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970) - 5)
        let scheduled = try session.notifier.schedule(Self.ringing("Long past"), at: past, onAction: { _ in }, onClosed: { _ in })
        try await Task.sleep(for: .milliseconds(400))
        #expect(try notifies("Long past") == 0)
        let notification = try await scheduled.take(Self.ringing("Long past")).value()
        #expect(notification.id != nil)
        #expect(try notifies("Long past") == 1)
    }

    @Test func contentThatCannotBeSentIsRefusedWhenScheduled() throws {
        let content = NotificationContent(summary: "Invalid scheduled", actions: [.init(key: "", label: "Go")])
        let error = #expect(throws: NotifyError.self) {
            try session.notifier.schedule(content, at: Self.second(atLeast: 0).second, onAction: { _ in }, onClosed: { _ in })
        }
        #expect(error?.kind == .invalidContent)
    }
}
