import DBus
import Glibc
@testable import ReveilleAgent
import ReveilleDomain
import ReveilleModel
import ReveilleTime
import Testing

/// 2027-01-04 (a Monday) 06:00:00 UTC.
private let mondaySix = Instant(secondsSinceEpoch: 1_799_042_400)

private func alarm(_ label: String, at hour: Int, repeating: Bool = true, id: String = "00000000-0000-4000-8000-000000000001")
    -> Alarm {
    Alarm(id: AlarmID(id)!, time: WallTime(hour: hour, minute: 0)!, repeatDays: repeating ? Set(Weekday.allCases) : [],
          label: label)
}

private func snapshot(_ alarm: Alarm, hoursAhead: Int64?, ringing: Bool = false) -> AlarmSnapshot {
    AlarmSnapshot(alarm: alarm, nextFire: hoursAhead.map { mondaySix.adding(seconds: $0 * 3600) }, snoozeCount: 0, ringing: ringing)
}

private func facts(_ alarms: [AlarmSnapshot], wake: WakeStatus = WakeStatus(waker: .agent), blocking: [String] = []) -> TrayFacts {
    TrayFacts(alarms: alarms, wake: wake, blocking: blocking, now: mondaySix, zone: .utc)
}

/// The tray's icon, status and tooltip for each row of issue 23's table, on exact strings.
@Suite struct TrayLookTests {
    @Test func nothingScheduledShowsTheNoAlarmIcon() {
        let look = TrayLook(facts([]))
        #expect(look.state == .noAlarm)
        #expect(look.iconName == "io.github.Reveille1-no-alarm")
        #expect(look.status == "Active")
        #expect(look.title == "No alarm set")
        #expect(look.itemIsMenu)
    }

    @Test func aScheduledAlarmThatWillWakeNamesItsDayAndTimeNeverACountdown() {
        let look = TrayLook(facts([snapshot(alarm("Wake up", at: 7), hoursAhead: 1)]))
        #expect(look.state == .willWake)
        #expect(look.iconName == "io.github.Reveille1-will-wake")
        #expect(look.status == "Active")
        #expect(look.title == "Mon 07:00 · will wake this machine")
        #expect(look.body == "Wake up")
        #expect(!look.title.contains("in ") && !look.body.contains("in "))
    }

    @Test func aScheduledAlarmThatCannotWakeHasItsOwnIconAndTheReason() {
        let look = TrayLook(facts([snapshot(alarm("Wake up", at: 7), hoursAhead: 1)], wake: WakeStatus(waker: .nothing(.turnedOff))))
        #expect(look.state == .cannotWake)
        #expect(look.iconName == "io.github.Reveille1-cannot-wake")
        #expect(look.status == "Active")
        #expect(look.title == "Mon 07:00 · cannot wake this machine")
        #expect(look.body == "Wake up\n" + PreflightNotes.unavailableMessage(WakeStatus(waker: .nothing(.turnedOff)))!.english)
    }

    @Test func aMachineWithoutAWakeCapableClockCannotWakeEither() {
        let look = TrayLook(facts([snapshot(alarm("Wake up", at: 7), hoursAhead: 1)],
                                  wake: WakeStatus(waker: .agent, wakeCapableClock: false)))
        #expect(look.state == .cannotWake)
        #expect(look.body.contains("no real-time clock"))
    }

    @Test func aBlockingPreflightNoteShowsTheWarningIconAndTheReason() {
        let look = TrayLook(facts([snapshot(alarm("Wake up", at: 7), hoursAhead: 1)], blocking: ["No sound server answers."]))
        #expect(look.state == .cannotRing)
        #expect(look.iconName == "io.github.Reveille1-warning")
        #expect(look.status == "Active")
        #expect(look.title == "Alarms cannot ring")
        #expect(look.body == "No sound server answers.")
    }

    @Test func aSkippedOccurrenceOrAPauseIsSaidInTheTooltip() {
        var skipped = snapshot(alarm("Wake up", at: 7), hoursAhead: 25)
        skipped.alarm.skippedOccurrence = LocalDateTime(date: CivilDate(year: 2027, month: 1, day: 4)!, time: WallTime(hour: 7, minute: 0)!)
        skipped.skippedOccurrence = mondaySix.adding(seconds: 3600)
        let look = TrayLook(facts([skipped]))
        #expect(look.state == .held)
        #expect(look.iconName == "io.github.Reveille1-skipped")
        #expect(look.status == "Active")
        #expect(look.title == "Tue 07:00 · will wake this machine")
        #expect(look.body == "Wake up\nWake up: skips Mon 07:00")

        var paused = snapshot(alarm("Gym", at: 7), hoursAhead: 24 * 7 + 1)
        paused.alarm.pausedUntil = CivilDate(year: 2027, month: 1, day: 11)
        let pausedLook = TrayLook(facts([paused]))
        #expect(pausedLook.state == .held)
        #expect(pausedLook.body == "Gym\nGym: paused, rings again from Mon 11 Jan")
    }

    @Test func aThousandPausedAlarmsMakeATooltipOfSevenLines() {
        let paused = (0..<1000).map { n -> AlarmSnapshot in
            var paused = snapshot(alarm("A\(n)", at: 7, id: "00000000-0000-4000-8000-\(String(100_000_000_000 + n).suffix(12))"),
                                  hoursAhead: 200)
            paused.alarm.pausedUntil = CivilDate(year: 2027, month: 1, day: 12)
            return paused
        }
        let lines = TrayLook(facts(paused)).body.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.last == "and 995 more")
    }

    @Test func aRingingAlarmNeedsAttentionAndMakesALeftClickOpenTheChallenge() {
        let look = TrayLook(facts([snapshot(alarm("Wake up", at: 6), hoursAhead: nil, ringing: true)],
                                  blocking: ["ignored while ringing"]))
        #expect(look.state == .ringing)
        #expect(look.status == "NeedsAttention")
        #expect(look.iconName == TrayLook.attentionIconName)
        #expect(look.title == "Wake up is ringing")
        #expect(!look.itemIsMenu)
    }

    @Test func everyStateButRingingIsActive() {
        for state in TrayLook.State.allCases {
            #expect(TrayLook(state: state, title: "").status == (state == .ringing ? "NeedsAttention" : "Active"))
        }
    }

    @Test func eachStatesIconIsShippedInTheBuildTreeWhereREVEILLE_DATADIRPointsTheTray() {
        let data = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))
        let paths = AgentPaths(environment: ["REVEILLE_DATADIR": "/" + data + "/data"], executablePath: "/x/bin/reveilled")
        for state in TrayLook.State.allCases {
            let file = "\(paths.shareDirectory)/icons/hicolor/scalable/status/\(state.iconName).svg"
            #expect(access(file, R_OK) == 0, "\(file)")
        }
    }
}

/// The menu's entries and their dbusmenu numbering, on exact strings.
@Suite struct TrayMenuTests {
    @Test func theNextAlarmsComeWithTimeLabelAndCountdownAndTheirActions() {
        let wake = snapshot(alarm("Wake_up", at: 7), hoursAhead: 1)
        let once = snapshot(alarm("Dentist", at: 9, repeating: false, id: "00000000-0000-4000-8000-000000000002"), hoursAhead: 3)
        let items = TrayMenu.items(alarms: [once, wake], now: mondaySix, zone: .utc)
        #expect(items.map(\.label) == ["Mon 07:00 · Wake_up · in 1 h", "Mon 09:00 · Dentist · in 3 h", "", "Check this machine…"])
        #expect(items[0].children.map(\.label) == ["Skip next", "Pause for a week"])
        #expect(items[0].children.map(\.action) == [.skip(wake.alarm.id), .pause(wake.alarm.id)])
        // A one-time alarm has one occurrence: skipping or pausing it would end it.
        #expect(items[1].children.isEmpty)
        #expect(items[3].action == .checkMachine)
    }

    @Test func atMostFiveAlarmsAreListed() {
        let alarms = (1...8).map { n in
            snapshot(alarm("A\(n)", at: 7, id: "00000000-0000-4000-8000-00000000000\(n)"), hoursAhead: Int64(n))
        }
        let listed = TrayMenu.items(alarms: alarms, now: mondaySix, zone: .utc).filter { if case .alarm = $0.key { true } else { false } }
        #expect(listed.map(\.label).map { $0.split(separator: " · ")[1] } == ["A1", "A2", "A3", "A4", "A5"])
    }

    @Test func aSkippedOrPausedAlarmOffersTheInverse() {
        var held = snapshot(alarm("Wake up", at: 7), hoursAhead: 25)
        held.alarm.skippedOccurrence = LocalDateTime(date: CivilDate(year: 2027, month: 1, day: 4)!, time: WallTime(hour: 7, minute: 0)!)
        held.skippedOccurrence = mondaySix.adding(seconds: 3600)
        held.alarm.pausedUntil = CivilDate(year: 2027, month: 1, day: 5)
        let item = TrayMenu.items(alarms: [held], now: mondaySix, zone: .utc)[0]
        #expect(item.label == "Tue 07:00 · Wake up · in 1 d 1 h · paused, rings again from Tue 5 Jan; skips Mon 07:00")
        #expect(item.children.map(\.label) == ["Unskip", "Resume"])
        #expect(item.children.map(\.action) == [.unskip(held.alarm.id), .resume(held.alarm.id)])
    }

    @Test func whileRingingTheMenuOffersSnoozeOnlyWhileSnoozesRemainAndDismiss() {
        var ringing = snapshot(alarm("Wake up", at: 6), hoursAhead: nil, ringing: true)
        ringing.alarm.snooze = SnoozePolicy(minutes: 9, maxSnoozes: .limited(2))
        let items = TrayMenu.items(alarms: [ringing], now: mondaySix, zone: .utc)
        #expect(items.map(\.label) == ["Wake up is ringing", "Snooze 9 min", "Dismiss…", "", "Check this machine…"])
        #expect(items[0].enabled == false)
        ringing.snoozeCount = 2
        let atLimit = TrayMenu.items(alarms: [ringing], now: mondaySix, zone: .utc)
        #expect(atLimit.map(\.label) == ["Wake up is ringing", "Dismiss…", "", "Check this machine…"])
        #expect(atLimit[1].action == .dismiss(ringing.alarm.id))
    }

    @Test func anEntryKeepsItsNumberWhileItStaysAndANumberIsNeverGivenToAnother() throws {
        let first = snapshot(alarm("First", at: 7), hoursAhead: 1)
        let second = snapshot(alarm("Second", at: 8, id: "00000000-0000-4000-8000-000000000002"), hoursAhead: 2)
        var layout = TrayMenuLayout()
        let changed = layout.update(TrayMenu.items(alarms: [first, second], now: mondaySix, zone: .utc))
        #expect(changed)
        let before = layout.revision
        let skipSecond = try #require(layout.entries.first { $0.value.item.action == .skip(second.alarm.id) }?.key)
        let skipFirst = try #require(layout.entries.first { $0.value.item.action == .skip(first.alarm.id) }?.key)
        // The same menu again: nothing changes, not even the revision.
        let again = layout.update(TrayMenu.items(alarms: [first, second], now: mondaySix, zone: .utc))
        #expect(!again)
        #expect(layout.revision == before)
        // The first alarm goes: the second's entries keep their numbers, the first's are gone for good.
        let gone = layout.update(TrayMenu.items(alarms: [second], now: mondaySix, zone: .utc))
        #expect(gone)
        #expect(layout.revision == before + 1)
        #expect(try layout.action(of: skipSecond) == .skip(second.alarm.id))
        #expect(throws: DBusError.self) { try layout.action(of: skipFirst) }
        _ = layout.update(TrayMenu.items(alarms: [first, second], now: mondaySix, zone: .utc))
        #expect(throws: DBusError.self) { try layout.action(of: skipFirst) }
        #expect(throws: DBusError.self) { try layout.action(of: -1) }
        #expect(throws: DBusError.self) { try layout.action(of: .max) }
    }

    @Test func theLayoutIsDbusmenusWithLabelsEscapedAndDepthAndNamesHonoured() throws {
        var layout = TrayMenuLayout()
        _ = layout.update(TrayMenu.items(alarms: [snapshot(alarm("Wake_up", at: 7), hoursAhead: 1)], now: mondaySix, zone: .utc))
        let root = try layout.layout(of: 0, depth: -1, names: [])
        #expect(root.typeSignature == "(ia{sv}av)")
        let fields = try #require(root.structureFields)
        #expect(fields[1].vardictValue == ["children-display": .string("submenu")])
        let children = try #require(fields[2].arrayValue).compactMap { $0.unwrapped.structureFields }
        #expect(children.map { $0[1].vardictValue?["label"]?.stringValue } == ["Mon 07:00 · Wake__up · in 1 h", nil, "Check this machine…"])
        #expect(children[1][1].vardictValue == ["type": .string("separator")])
        #expect(children[0][2].arrayValue?.count == 2)
        let shallow = try layout.layout(of: 0, depth: 1, names: ["label"])
        let shallowChildren = try #require(shallow.structureFields?[2].arrayValue).compactMap { $0.unwrapped.structureFields }
        #expect(shallowChildren[0][2].arrayValue?.isEmpty == true)
        #expect(shallowChildren[0][1].vardictValue?.keys.sorted() == ["label"])
        #expect(throws: DBusError.self) { try layout.layout(of: 4242, depth: -1, names: []) }
    }
}

/// `[agent] tray`.
@Suite struct TrayConfigTests {
    @Test func theTrayIsOnByDefaultAndTurnedOffWithNo() throws {
        #expect(AgentConfig().tray)
        #expect(try AgentConfig.parse("[agent]\ntray = no\n", file: "reveille.conf").tray == false)
        #expect(try AgentConfig.parse("[agent]\ntray = yes\n", file: "reveille.conf").tray)
        do {
            _ = try AgentConfig.parse("[agent]\ntray = sometimes\n", file: "reveille.conf")
            Issue.record("a tray that is neither yes nor no was taken")
        } catch {
            #expect(error.description == "reveille.conf:2: tray: 'sometimes' is not true or false")
        }
        do {
            _ = try AgentConfig.parse("[agent]\ntrays = no\n", file: "reveille.conf")
            Issue.record("an unknown key was taken")
        } catch {
            #expect(error.description.hasSuffix(", history_days, tray"))
        }
    }
}
