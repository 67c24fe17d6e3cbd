import DBus
import ReveilleAPI
import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// Every view of an alarm shows it as it is now: whatever changes an alarm, the next GetAlarm and
/// the next ListAlarms show the change, as the core has it.
@Suite struct AlarmViewsTests {
    /// The Manager table over a core on fakes, called as the D-Bus layer calls it.
    struct Harness {
        let fakes = FakeWorld(now: Instant(secondsSinceEpoch: 1_799_042_400))
        let core: AgentCore
        let methods: [String: ExportedMethod]

        init() async throws {
            core = AgentCore(world: fakes.world, config: AgentConfig(), words: WordLists(english: ["apple", "river"]), random: .seeded(3))
            methods = Dictionary(uniqueKeysWithValues: ManagerService(core: core, version: "test").interface.methods.map { ($0.name, $0) })
            try await core.load()
            await core.resume()
        }

        func call(_ method: BusMethod, _ arguments: [Value]) async throws -> [Value] {
            try await methods[method.name]!.handler(Self.methodCall(method, arguments))
        }

        func getAlarm(_ id: AlarmID) async throws -> [Value] { try await call(.getAlarm, [.string(id.rawValue)]) }

        /// The alarm's entry in ListAlarms' reply, found by its id.
        func listed(_ id: AlarmID) async throws -> Value? {
            let reply = try await call(.listAlarms, [])
            guard case .array(_, let entries) = try #require(reply.first) else { return nil }
            return entries.first { $0.vardictValue?["id"] == .string(id.rawValue) }
        }

        /// What every view must show: the alarm as the core has it now, encoded anew.
        func current(_ id: AlarmID) async throws -> Value {
            .vardict(AlarmCodec.encode(try await core.get(id)))
        }

        /// Reads every view, makes `change`, and checks that each view then shows the alarm as it is now.
        func expectChangeSeen(_ id: AlarmID, _ name: String, _ change: () async throws -> Void) async throws {
            let before = try await getAlarm(id)
            _ = try await listed(id)
            try await change()
            let now = try await current(id)
            #expect(try await getAlarm(id) != before, "\(name) changed the alarm")
            #expect(try await getAlarm(id) == [now], "GetAlarm after \(name)")
            #expect(try await listed(id) == now, "ListAlarms after \(name)")
        }

        func field(_ id: AlarmID, _ key: String) async throws -> Value? {
            try await listed(id)?.vardictValue?[key]
        }

        static func methodCall(_ method: BusMethod, _ arguments: [Value]) -> MethodCall {
            MethodCall(sender: ":1.7", path: BusNames.path, interface: BusNames.manager, member: method.name, arguments: arguments)
        }
    }

    static func add(_ harness: Harness, inSeconds: Int64 = 600) async throws -> AlarmID {
        let reply = try await harness.call(.addAlarm, [.vardict([
            "in_seconds": .int64(inSeconds), "challenges": .array("s", [.string("typing:1")]),
        ])])
        return try #require(reply.first?.stringValue.flatMap(AlarmID.init))
    }

    @Test func editsAndEnablingShowInEveryView() async throws {
        let h = try await Harness()
        let id = try await Self.add(h)
        try await h.expectChangeSeen(id, "UpdateAlarm") {
            _ = try await h.call(.updateAlarm, [.string(id.rawValue), .vardict(["label": .string("renamed"), "snooze_minutes": .uint32(7)])])
        }
        #expect(try await h.field(id, "label") == .string("renamed"))
        #expect(try await h.field(id, "snooze_minutes") == .uint32(7))
        try await h.expectChangeSeen(id, "SetEnabled false") {
            _ = try await h.call(.setEnabled, [.string(id.rawValue), .bool(false)])
        }
        #expect(try await h.field(id, "enabled") == .bool(false))
        try await h.expectChangeSeen(id, "SetEnabled true") {
            _ = try await h.call(.setEnabled, [.string(id.rawValue), .bool(true)])
        }
        #expect(try await h.field(id, "enabled") == .bool(true))
    }

    @Test func ringingSnoozeAndDismissalShowInEveryView() async throws {
        let h = try await Harness()
        let id = try await Self.add(h, inSeconds: 60)
        try await h.expectChangeSeen(id, "the ring") {
            h.fakes.clock.advance(by: 60)
            await h.core.wake()
        }
        #expect(try await h.field(id, "ringing") == .bool(true))
        try await h.expectChangeSeen(id, "Snooze") { _ = try await h.call(.snooze, [.string(id.rawValue)]) }
        #expect(try await h.field(id, "snooze_count") == .uint32(1))
        try await h.expectChangeSeen(id, "Trigger") { _ = try await h.call(.trigger, [.string(id.rawValue)]) }
        try await h.expectChangeSeen(id, "Dismiss and the solved challenge") {
            _ = try await h.call(.dismiss, [.string(id.rawValue)])
            let problem = try await h.call(.getChallenge, [.string(id.rawValue)])
            let prompt = try #require(problem.first?.vardictValue?["prompt"]?.stringValue)
            let outcome = try await h.call(.submitAnswer, [.string(id.rawValue), .string(String(prompt.dropFirst("Type: ".count)))])
            #expect(outcome.first == .string(AnswerOutcome.dismissed.rawValue))
        }
        #expect(try await h.field(id, "ringing") == .bool(false))
    }

    @Test func skipsAndPausesShowInEveryViewAndABadDateIsRefused() async throws {
        let h = try await Harness()
        let reply = try await h.call(.addAlarm, [.vardict([
            "time": .string("07:00"), "repeat": .array("s", [.string("daily")]), "challenges": .array("s", [.string("typing:1")]),
        ])])
        let id = try #require(reply.first?.stringValue.flatMap(AlarmID.init))
        let arg = Value.string(id.rawValue)
        try await h.expectChangeSeen(id, "SkipNext") { _ = try await h.call(.skipNext, [arg]) }
        // Monday 2027-01-04 07:00 UTC.
        #expect(try await h.field(id, "skipped_occurrence") == .int64(1_799_046_000))
        try await h.expectChangeSeen(id, "UnskipNext") { _ = try await h.call(.unskipNext, [arg]) }
        #expect(try await h.field(id, "skipped_occurrence") == .int64(0))
        try await h.expectChangeSeen(id, "PauseUntil") { _ = try await h.call(.pauseUntil, [arg, .string("2027-01-09")]) }
        #expect(try await h.field(id, "paused_until") == .string("2027-01-09"))
        #expect(try await h.field(id, "next_fire") == .int64(1_799_046_000 + 5 * 86_400))
        for bad in ["2027-02-30", "2027-1-9", "9 Jan", "2027-01-09 "] {
            await #expect(throws: AgentError.invalidArgument(.verbatim("date '\(bad)' is not a valid YYYY-MM-DD date")).dbusError) {
                _ = try await h.call(.pauseUntil, [arg, .string(bad)])
            }
        }
        #expect(try await h.field(id, "paused_until") == .string("2027-01-09"))
        try await h.expectChangeSeen(id, "PauseUntil with an empty date") { _ = try await h.call(.pauseUntil, [arg, .string("")]) }
        #expect(try await h.field(id, "paused_until") == .string(""))
    }

    @Test func aChangeToOneAlarmShowsAndTheOthersStayAsTheyAre() async throws {
        let h = try await Harness()
        let ids = [try await Self.add(h), try await Self.add(h, inSeconds: 1200), try await Self.add(h, inSeconds: 1800)]
        try await h.expectChangeSeen(ids[1], "UpdateAlarm of the second alarm") {
            _ = try await h.call(.updateAlarm, [.string(ids[1].rawValue), .vardict(["label": .string("other")])])
        }
        for id in ids {
            #expect(try await h.getAlarm(id) == [h.current(id)])
            #expect(try await h.listed(id) == h.current(id))
        }
    }

    @Test func aRemovedAlarmIsInNoView() async throws {
        let h = try await Harness()
        let id = try await Self.add(h)
        _ = try await h.getAlarm(id)
        _ = try await h.call(.removeAlarm, [.string(id.rawValue)])
        await #expect(throws: AgentError.notFound(id.rawValue).dbusError) { try await h.getAlarm(id) }
        #expect(try await h.listed(id) == nil)
    }

    @Test func noAlarmIsAnsweredWhileTheDatabaseCannotBeOpened() async throws {
        let h = try await Harness()
        let id = try await Self.add(h)
        _ = try await h.getAlarm(id)
        await h.core.databaseUnavailable("disk gone")
        let error = await #expect(throws: DBusError.self) { try await h.getAlarm(id) }
        #expect(error?.message.contains("disk gone") == true)
        let listError = await #expect(throws: DBusError.self) { try await h.call(.listAlarms, []) }
        #expect(listError?.message.contains("disk gone") == true)
    }
}
