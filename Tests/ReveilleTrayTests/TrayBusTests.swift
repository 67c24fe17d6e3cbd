import DBus
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// The tray item on a private bus, read and clicked as a host does, registered with a fake
/// StatusNotifierWatcher, over a real core on fakes.
@Suite struct TrayBusTests {
    @Test func theItemRegistersAtStartAndAgainWhenTheWatcherRestarts() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        let watcher = try await FakeWatcher.start(on: fixture.bus)
        try await fixture.tray.start()
        #expect(await firstValue(of: watcher.arrived) == fixture.agent.uniqueName)
        #expect(watcher.registered.map(\.sender) == [fixture.agent.uniqueName])

        await watcher.stop()
        let restarted = try await FakeWatcher.start(on: fixture.bus)
        #expect(await firstValue(of: restarted.arrived) == fixture.agent.uniqueName)
        await restarted.stop()
    }

    @Test func withoutAWatcherNothingIsCalledUntilOneAppears() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        try await fixture.tray.start()
        // start() has asked who owns the watcher's name and found nobody: no call, nothing pending.
        #expect(fixture.tray.registrations == 0)
        // The item is there all the same, for a watcher that comes later.
        #expect(try await fixture.itemProperties()["Id"] == .string("reveille"))
        let late = try await FakeWatcher.start(on: fixture.bus)
        #expect(await firstValue(of: late.arrived) == fixture.agent.uniqueName)
        #expect(late.registered.count == 1)
        await late.stop()
    }

    @Test func thePropertiesFollowTheCoreThroughItsEvents() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        try await fixture.tray.start()
        var item = try await fixture.itemProperties()
        #expect(item["Category"] == .string("ApplicationStatus"))
        #expect(item["Id"] == .string("reveille"))
        #expect(item["Title"] == .string("Reveille"))
        #expect(item["Status"] == .string("Active"))
        #expect(item["IconName"] == .string("io.github.Reveille1-no-alarm"))
        #expect(item["AttentionIconName"] == .string("io.github.Reveille1-ringing"))
        #expect(item["IconThemePath"] == .string(treeData + "/icons"))
        #expect(item["ItemIsMenu"] == .bool(true))
        #expect(item["Menu"] == .objectPath("/MenuBar"))
        #expect(item["WindowId"] == .int32(0))
        #expect(tooltip(item) == ["io.github.Reveille1-no-alarm", "No alarm set", ""])

        let icons = try await fixture.signals(TrayNames.itemInterface, "NewIcon")
        _ = try await fixture.addAlarm("Wake up", at: 7)
        #expect(await firstValue(of: icons) != nil)
        item = try await fixture.itemProperties()
        #expect(item["IconName"] == .string("io.github.Reveille1-will-wake"))
        #expect(tooltip(item) == ["io.github.Reveille1-will-wake", "Mon 07:00 · will wake this machine", "Wake up"])

        // WakeState changes: nothing can wake the machine now.
        await fixture.fakes.waker.set(.nothing(.noHelper), inbox: fixture.fakes.inbox)
        #expect(await firstValue(of: icons) != nil)
        item = try await fixture.itemProperties()
        #expect(item["IconName"] == .string("io.github.Reveille1-cannot-wake"))
        #expect(tooltip(item)[1] == "Mon 07:00 · cannot wake this machine")
        #expect(tooltip(item)[2].contains("Reveille cannot wake this machine from suspend"))

        // The sound server goes: no event says so, but opening the menu reads Preflight again.
        fixture.fakes.health.set(HealthSnapshot(permissions: [.notifications: true, .sound: false, .terminal: true, .database: true]))
        _ = try await fixture.call(TrayNames.menuPath, TrayNames.menuInterface, "AboutToShow", [.int32(0)])
        #expect(await firstValue(of: icons) != nil)
        item = try await fixture.itemProperties()
        #expect(item["IconName"] == .string("io.github.Reveille1-warning"))
        #expect(item["Status"] == .string("Active"))
        #expect(tooltip(item)[1] == "Alarms cannot ring")
        #expect(tooltip(item)[2] == PreflightNotes.message(for: "sound-unavailable").english)
    }

    @Test func theMenuListsTheNextAlarmsWithTheirActions() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        _ = try await fixture.addAlarm("Wake up", at: 7)
        _ = try await fixture.addAlarm("Dentist", at: 9, repeating: false)
        try await fixture.tray.start()
        let entries = try await fixture.menu()
        #expect(entries.map(\.label) == ["Mon 07:00 · Wake up · in 1 h", "Mon 09:00 · Dentist · in 3 h", "", "Check this machine…"])
        #expect(entries[0].properties["children-display"] == .string("submenu"))
        #expect(entries[0].children.map(\.label) == ["Skip next", "Pause for a week"])
        #expect(entries[2].properties["type"] == .string("separator"))
        // The "in …" is the moment the host asks: an hour later it reads so, with no timer in between.
        fixture.fakes.clock.advance(by: 1800)
        #expect(try await fixture.menu().first?.label == "Mon 07:00 · Wake up · in 30 min")

        let menu = try await fixture.call(TrayNames.menuPath, "org.freedesktop.DBus.Properties", "GetAll", [.string(TrayNames.menuInterface)])
        let properties = menu.first?.vardictValue ?? [:]
        #expect(properties["Version"] == .uint32(3))
        #expect(properties["Status"] == .string("normal"))
        #expect(properties["TextDirection"] == .string("ltr"))
        #expect(properties["IconThemePath"] == .array("s", [.string(treeData + "/icons")]))
    }

    @Test func skipFromTheMenuIsConfirmedByANoticeWhoseUndoUnskips() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        let id = try await fixture.addAlarm("Wake up", at: 7)
        try await fixture.tray.start()
        try await fixture.click("Skip next")
        #expect(try await fixture.core.get(id).alarm.skippedOccurrence != nil)
        let notice = try #require(fixture.fakes.notifier.noticesWithActions.last)
        #expect(notice.summary == "Wake up: the next occurrence is skipped")
        #expect(notice.body == "Next ring: Tue 07:00")
        #expect(notice.label == "Undo")
        #expect(try await fixture.menu().first?.children.map(\.label) == ["Unskip", "Pause for a week"])

        #expect(fixture.fakes.notifier.clickNoticeAction(notice.summary))
        #expect(try await eventually { try await fixture.core.get(id).alarm.skippedOccurrence == nil })
    }

    @Test func pauseForAWeekFromTheMenuIsConfirmedByANoticeWhoseUndoResumes() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        let id = try await fixture.addAlarm("Wake up", at: 7)
        try await fixture.tray.start()
        try await fixture.click("Pause for a week")
        // Monday 4 January: no ring before Monday 11 January, which rings.
        #expect(try await fixture.core.get(id).alarm.pausedUntil == CivilDate(year: 2027, month: 1, day: 11))
        let notice = try #require(fixture.fakes.notifier.noticesWithActions.last)
        #expect(notice.summary == "Wake up is paused until Mon 2027-01-11")
        #expect(notice.body == "Next ring: Mon 2027-01-11 07:00")
        // The look follows the change through the core's event, on the tray's own queue.
        #expect(await eventually { fixture.tray.look.state == .held })

        #expect(fixture.fakes.notifier.clickNoticeAction(notice.summary))
        #expect(try await eventually { try await fixture.core.get(id).alarm.pausedUntil == nil })
    }

    @Test func whileRingingTheItemNeedsAttentionAndDismissOpensTheChallenge() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        let id = try await fixture.addAlarm("Wake up", at: 7)
        try await fixture.tray.start()
        let statuses = try await fixture.signals(TrayNames.itemInterface, "NewStatus")
        try await fixture.core.trigger(id)
        #expect(await firstValue(of: statuses)?.arguments == [.string("NeedsAttention")])
        let item = try await fixture.itemProperties()
        #expect(item["Status"] == .string("NeedsAttention"))
        #expect(item["ItemIsMenu"] == .bool(false))

        #expect(try await fixture.menu().map(\.label).prefix(3) == ["Wake up is ringing", "Snooze 5 min", "Dismiss…"])
        try await fixture.click("Dismiss…")
        #expect(try await eventually { fixture.fakes.terminal.openedFor == [id] })
        // The challenge is open; the alarm rings until it is solved.
        #expect(try await fixture.core.get(id).ringing)
        #expect(fixture.fakes.sound.isPlaying(id))
    }

    @Test func aLeftClickWhileRingingOpensTheChallengeAsDismissDoes() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        let id = try await fixture.addAlarm("Wake up", at: 7)
        try await fixture.tray.start()
        // Not ringing: a left click is the host's to open the menu, and changes nothing here.
        _ = try await fixture.call(TrayNames.itemPath, TrayNames.itemInterface, "Activate", [.int32(0), .int32(0)])
        try await fixture.core.trigger(id)
        _ = try await fixture.call(TrayNames.itemPath, TrayNames.itemInterface, "Activate", [.int32(10), .int32(10)])
        #expect(try await eventually { fixture.fakes.terminal.openedFor == [id] })
        #expect(try await fixture.core.get(id).ringing)
    }

    @Test func snoozeFromTheMenuSnoozesAsTheNotificationDoes() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        let id = try await fixture.addAlarm("Wake up", at: 7)
        try await fixture.tray.start()
        try await fixture.core.trigger(id)
        try await fixture.click("Snooze 5 min")
        #expect(try await eventually { try await fixture.core.get(id).snoozed })
        #expect(!fixture.fakes.sound.isPlaying(id))
    }

    @Test func checkThisMachineShowsDoctorsVerdictInANotice() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        try await fixture.tray.start()
        try await fixture.click("Check this machine…")
        #expect(fixture.fakes.notifier.notices.last == "This machine is ready to ring alarms")
        fixture.fakes.health.set(HealthSnapshot(permissions: [.notifications: true, .sound: true, .terminal: false, .database: true]))
        try await fixture.click("Check this machine…")
        #expect(fixture.fakes.notifier.notices.last == "Alarms cannot ring on this machine")
    }

    @Test func ofAGroupOfClicksOnlyTheFirstRunsItsAction() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        try await fixture.tray.start()
        let check = try #require(try await fixture.menu().first { $0.label == "Check this machine…" })
        let click = Value.structure([.int32(check.id), .string("clicked"), .variant(.int32(0)), .uint32(0)])
        let errors = try await fixture.call(TrayNames.menuPath, TrayNames.menuInterface, "EventGroup",
                                            [.array("(isvu)", Array(repeating: click, count: 50))])
        #expect(errors == [.array("i", [])])
        #expect(fixture.fakes.notifier.notices == ["This machine is ready to ring alarms"])
    }

    @Test func badIdsAndOversizedRequestsAreRefusedAndChangeNothing() async throws {
        let fixture = try await TrayFixture()
        defer { fixture.stop() }
        let id = try await fixture.addAlarm("Wake up", at: 7)
        try await fixture.tray.start()
        let menu = TrayNames.menuPath, interface = TrayNames.menuInterface
        await #expect(throws: DBusError.self) {
            _ = try await fixture.call(menu, interface, "Event", [.int32(4242), .string("clicked"), .variant(.int32(0)), .uint32(0)])
        }
        await #expect(throws: DBusError.self) {
            _ = try await fixture.call(menu, interface, "Event", [.int32(-7), .string("clicked"), .variant(.string("x")), .uint32(0)])
        }
        await #expect(throws: DBusError.self) {
            _ = try await fixture.call(menu, interface, "GetLayout", [.int32(4242), .int32(-1), .array("s", [])])
        }
        await #expect(throws: DBusError.self) { _ = try await fixture.call(menu, interface, "GetProperty", [.int32(4242), .string("label")]) }
        await #expect(throws: DBusError.self) { _ = try await fixture.call(menu, interface, "AboutToShow", [.int32(4242)]) }
        let group = try await fixture.call(menu, interface, "EventGroup", [.array("(isvu)", [
            .structure([.int32(4242), .string("clicked"), .variant(.int32(0)), .uint32(0)]),
        ])])
        #expect(group == [.array("i", [.int32(4242)])])
        let tooMany = Value.array("(isvu)", Array(repeating: .structure([.int32(1), .string("hovered"), .variant(.int32(0)), .uint32(0)]), count: 257))
        await #expect(throws: DBusError.self) { _ = try await fixture.call(menu, interface, "EventGroup", [tooMany]) }
        await #expect(throws: DBusError.self) {
            _ = try await fixture.call(menu, interface, "GetGroupProperties", [.array("i", (0..<300).map(Value.int32)), .array("s", [])])
        }
        // A wrong signature never reaches the tray.
        await #expect(throws: DBusError.self) { _ = try await fixture.call(menu, interface, "Event", [.string("1")]) }
        // Nothing changed, and the agent answers as before.
        let alarm = try await fixture.core.get(id).alarm
        #expect(alarm.skippedOccurrence == nil && alarm.pausedUntil == nil)
        #expect(try await fixture.menu().first?.label == "Mon 07:00 · Wake up · in 1 h")
    }
}

/// The ToolTip's icon name, title and description.
private func tooltip(_ item: [String: Value]) -> [String] {
    let fields = item["ToolTip"]?.structureFields ?? []
    return [fields.first, fields.dropFirst(2).first, fields.dropFirst(3).first].map { $0??.stringValue ?? "" }
}
