import DBus
import ReveilleAPI
import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleTestSupport
import ReveilleTime
import Testing

/// GetAlarm answers during dispatch from the body it made last, while the core has not changed:
/// whatever changes an alarm, the next GetAlarm shows it, even right after an answer from that body.
@Suite struct GetAlarmTests {
    /// The Manager table over a core on fakes, called as the D-Bus layer calls it.
    struct Harness {
        let fakes = FakeWorld(now: Instant(secondsSinceEpoch: 1_799_042_400))
        let core: AgentCore
        let methods: [String: ExportedMethod]

        init() async throws {
            core = AgentCore(world: fakes.world, config: AgentConfig(), wordList: ["apple", "river"], random: .seeded(3))
            methods = Dictionary(uniqueKeysWithValues: ManagerService(core: core, version: "test").interface.methods.map { ($0.name, $0) })
            try await core.load()
            await core.resume()
        }

        func call(_ method: BusMethod, _ arguments: [Value]) async throws -> [Value] {
            try await methods[method.name]!.handler(Self.methodCall(method, arguments))
        }

        /// GetAlarm as the layer runs it: the immediate answer when there is one, else the encoded handler.
        func getAlarm(_ id: AlarmID) async throws -> (reply: [Value], atOnce: Bool) {
            let method = methods[BusMethod.getAlarm.name]!
            let call = Self.methodCall(.getAlarm, [.string(id.rawValue)])
            if let body = method.immediateHandler?(call) { return (try body.values(), true) }
            return (try await method.encodedHandler!(call).values(), false)
        }

        /// What GetAlarm must answer: the alarm as the core has it now, encoded anew.
        func current(_ id: AlarmID) async throws -> [Value] {
            [.vardict(AlarmCodec.encode(try await core.get(id)))]
        }

        /// Asks twice, so that the second answer comes from the held body, then makes `change`
        /// and checks that the next answer is the alarm as it is now.
        func expectChangeSeen(_ id: AlarmID, _ name: String, _ change: () async throws -> Void) async throws {
            _ = try await getAlarm(id)
            let again = try await getAlarm(id)
            #expect(again.atOnce, "the answer before \(name) came from the held body")
            let before = again.reply
            try await change()
            let after = try await getAlarm(id).reply
            let now = try await current(id)
            #expect(after != before, "\(name) changed the alarm")
            #expect(after == now, "GetAlarm after \(name)")
        }

        func field(_ id: AlarmID, _ key: String) async throws -> Value? {
            try await getAlarm(id).reply.first?.vardictValue?[key]
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

    @Test func editsAreSeenRightAfterAHeldAnswer() async throws {
        let h = try await Harness()
        let id = try await Self.add(h)
        try await h.expectChangeSeen(id, "UpdateAlarm") {
            _ = try await h.call(.updateAlarm, [.string(id.rawValue), .vardict(["label": .string("renamed")])])
        }
        #expect(try await h.field(id, "label") == .string("renamed"))
        try await h.expectChangeSeen(id, "SetEnabled false") {
            _ = try await h.call(.setEnabled, [.string(id.rawValue), .bool(false)])
        }
        #expect(try await h.field(id, "enabled") == .bool(false))
        try await h.expectChangeSeen(id, "SetEnabled true") {
            _ = try await h.call(.setEnabled, [.string(id.rawValue), .bool(true)])
        }
    }

    @Test func ringingSnoozeAndDismissalAreSeenRightAfterAHeldAnswer() async throws {
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

    @Test func theSecondReadAfterAChangeHoldsEveryAlarmAndAChangeToAnyIsSeen() async throws {
        let h = try await Harness()
        let ids = [try await Self.add(h), try await Self.add(h, inSeconds: 1200), try await Self.add(h, inSeconds: 1800)]
        #expect(try await h.getAlarm(ids[0]).atOnce == false)
        // The first read after a change is of one alarm only.
        #expect(try await h.getAlarm(ids[1]).atOnce == false)
        let third = try await h.getAlarm(ids[2])
        #expect(third.atOnce, "the second read held every alarm")
        #expect(try await third.reply == h.current(ids[2]))
        try await h.expectChangeSeen(ids[1], "UpdateAlarm of another alarm") {
            _ = try await h.getAlarm(ids[0])
            _ = try await h.call(.updateAlarm, [.string(ids[1].rawValue), .vardict(["label": .string("other")])])
        }
        for id in ids { #expect(try await h.getAlarm(id).reply == h.current(id)) }
    }

    @Test func aRemovedAlarmIsNotFoundRightAfterAHeldAnswer() async throws {
        let h = try await Harness()
        let id = try await Self.add(h)
        _ = try await h.getAlarm(id)
        #expect(try await h.getAlarm(id).atOnce)
        _ = try await h.call(.removeAlarm, [.string(id.rawValue)])
        await #expect(throws: AgentError.notFound(id.rawValue).dbusError) { try await h.getAlarm(id) }
    }

    @Test func anAlarmIsNotAnsweredWhileTheDatabaseCannotBeOpened() async throws {
        let h = try await Harness()
        let id = try await Self.add(h)
        _ = try await h.getAlarm(id)
        #expect(try await h.getAlarm(id).atOnce)
        await h.core.databaseUnavailable("disk gone")
        let error = await #expect(throws: DBusError.self) { try await h.getAlarm(id) }
        #expect(error?.message.contains("disk gone") == true)
    }

    @Test func anUnknownOrMalformedIDIsLeftToTheHandler() async throws {
        let h = try await Harness()
        _ = try await Self.add(h)
        let method = try #require(h.methods[BusMethod.getAlarm.name])
        for text in ["", "not-an-id", "12345678-1234-4234-8234-123456789abc"] {
            #expect(method.immediateHandler?(Harness.methodCall(.getAlarm, [.string(text)])) == nil)
        }
    }
}
