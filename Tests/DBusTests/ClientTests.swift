import DBus
import Foundation
import Testing

@Test(.timeLimit(.minutes(1))) func customSignalsAndPropertiesChangedReachASubscriber() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let signals = try await fixture.client.signals(matching: MatchRule(path: TestService.path))
    try fixture.server.emitSignal(
        path: TestService.path, interface: TestService.interface, name: "Rang",
        arguments: [.string("work"), .int64(1_700_000_000)])
    try fixture.server.emitPropertiesChanged(
        path: TestService.path, interface: TestService.interface, changed: ["Volume": .int32(9)], invalidated: ["Label"])
    var iterator = signals.makeAsyncIterator()
    let rang = try #require(await iterator.next())
    #expect(rang.member == "Rang")
    #expect(rang.interface == TestService.interface)
    #expect(rang.sender == fixture.server.uniqueName)
    #expect(rang.arguments == [.string("work"), .int64(1_700_000_000)])
    let changed = try #require(await iterator.next())
    #expect(changed.member == "PropertiesChanged")
    #expect(changed.signature == "sa{sv}as")
    #expect(changed.arguments.first == .string(TestService.interface))
    #expect(changed.arguments.dropFirst().first?.vardictValue == ["Volume": .int32(9)])
    #expect(changed.arguments.last == .array("s", [.string("Label")]))
}

@Test(.timeLimit(.minutes(1))) func aSubscriptionReceivesOnlyWhatItsRuleMatches() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let labels = try await fixture.client.signals(matching: MatchRule(interface: TestService.interface, member: "Rang"))
    try fixture.server.emitSignal(path: "/other", interface: "org.reveille.Noise", name: "Rang", arguments: [.string("noise")])
    try fixture.server.emitSignal(path: "/a", interface: TestService.interface, name: "Rang", arguments: [.string("first"), .int64(1)])
    var iterator = labels.makeAsyncIterator()
    #expect(await iterator.next()?.arguments.first == .string("first"))
}

@Test(.timeLimit(.minutes(1))) func cancellingASubscriptionRemovesItsMatchRuleFromTheBus() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let before = try await matchRuleCount(of: fixture.client, askedThrough: fixture.server)
    let subscription = try await fixture.client.subscribe(MatchRule(member: "Rang")) { _ in }
    #expect(try await matchRuleCount(of: fixture.client, askedThrough: fixture.server) == before + 1)
    subscription.cancel()
    // RemoveMatch is sent without waiting; a round trip on the same connection orders after it.
    _ = try await fixture.client.nameHasOwner("org.example.Nobody")
    #expect(try await matchRuleCount(of: fixture.client, askedThrough: fixture.server) == before)
}

@Test(.timeLimit(.minutes(1))) func droppingASignalStreamRemovesItsMatchRule() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let before = try await matchRuleCount(of: fixture.client, askedThrough: fixture.server)
    var stream: AsyncStream<Signal>? = try await fixture.client.signals(matching: MatchRule(member: "Rang"))
    #expect(stream != nil)
    #expect(try await matchRuleCount(of: fixture.client, askedThrough: fixture.server) == before + 1)
    stream = nil
    _ = try await fixture.client.nameHasOwner("org.example.Nobody")
    #expect(try await matchRuleCount(of: fixture.client, askedThrough: fixture.server) == before)
}

/// The bus's own count of a connection's match rules (`org.freedesktop.DBus.Debug.Stats`).
private func matchRuleCount(of connection: Connection, askedThrough other: Connection) async throws -> Int64 {
    let stats = try await other.call(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus.Debug.Stats", method: "GetConnectionStats",
        arguments: [.string(connection.uniqueName)])
    return try #require(stats.first?.vardictValue?["MatchRules"]?.asInt64)
}

@Test(.timeLimit(.minutes(1))) func requestNameTellsWhenAnotherConnectionOwnsTheName() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let second = try fixture.bus.connect()
    defer { second.close() }
    #expect(try await second.requestName(TestService.name) == .exists)
    #expect(try await fixture.server.requestName(TestService.name) == .alreadyOwner)
    #expect(try await second.nameHasOwner(TestService.name))
    #expect(try await !second.nameHasOwner("org.reveille.Unowned"))
}

@Test(.timeLimit(.minutes(1))) func nameOwnerChangedFollowsANewOwner() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let changes = try await fixture.client.signals(matching: .nameOwnerChanged("org.reveille.Later"))
    let owner = try fixture.bus.connect()
    defer { owner.close() }
    _ = try await owner.requestName("org.reveille.Unrelated")
    #expect(try await owner.requestName("org.reveille.Later") == .primaryOwner)
    var iterator = changes.makeAsyncIterator()
    let change = try #require(await iterator.next())
    #expect(change.arguments == [.string("org.reveille.Later"), .string(""), .string(owner.uniqueName)])
}

@Test(.timeLimit(.minutes(1))) func aSuspendedHandlerDoesNotBlockAnotherCall() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    async let slow = fixture.call("Slow")
    // Answered while Slow is still waiting for its gate, which only this test opens.
    #expect(try await fixture.call("Greet", [.string("fast")]) == [.string("hello fast")])
    fixture.service.slowGate.open()
    #expect(try await slow == [.string("slow")])
}

@Test(.timeLimit(.minutes(1))) func aCallWithoutAnAnswerTimesOutWithNoReply() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    do {
        _ = try await fixture.client.call(
            destination: TestService.name, path: TestService.path, interface: TestService.interface,
            method: "Slow", timeout: .milliseconds(200))
        Issue.record("Slow answered before its gate opened")
    } catch {
        #expect(error.name == DBusError.Name.noReply)
    }
    fixture.service.slowGate.open()
}

@Test(.timeLimit(.minutes(1))) func closingAConnectionFailsItsCallsInFlight() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let caller = try fixture.bus.connect()
    let slow = Task {
        try await caller.call(destination: TestService.name, path: TestService.path, interface: TestService.interface, method: "Slow")
    }
    await fixture.service.slowEntered.wait()
    caller.close()
    await #expect(throws: DBusError.self) { try await slow.value }
    fixture.service.slowGate.open()
}

@Test(.timeLimit(.minutes(1))) func callingANameNobodyOwnsFailsWithServiceUnknown() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    do {
        _ = try await fixture.client.call(destination: "org.reveille.Absent", path: "/", interface: nil, method: "Anything")
        Issue.record("a call to an absent name succeeded")
    } catch {
        #expect(error.name == DBusError.Name.serviceUnknown)
    }
}

@Test(.timeLimit(.minutes(1))) func losingTheBusEndsStreamsAndFailsCalls() async throws {
    let fixture = try await Fixture.start()
    let signals = try await fixture.client.signals(matching: MatchRule(member: "Never"))
    fixture.bus.stop()
    await fixture.client.waitUntilDisconnected()
    for await _ in signals { Issue.record("a signal arrived from a stopped bus") }
    await #expect(throws: DBusError.self) { try await fixture.call("Greet", [.string("x")]) }
    fixture.stop()
}

@Test(.timeLimit(.minutes(1))) func sessionAndSystemConnectionsFollowTheirEnvironmentVariables() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    // Only this test reads these variables in this process; both point at the private bus.
    setenv("DBUS_SESSION_BUS_ADDRESS", fixture.bus.address, 1)
    setenv("DBUS_SYSTEM_BUS_ADDRESS", fixture.bus.address, 1)
    defer {
        unsetenv("DBUS_SESSION_BUS_ADDRESS")
        unsetenv("DBUS_SYSTEM_BUS_ADDRESS")
    }
    for connection in [try Connection.session(), try Connection.system()] {
        #expect(try await connection.nameHasOwner(TestService.name))
        connection.close()
    }
}

@Test(.timeLimit(.minutes(1))) func aSignalWithInvalidArgumentsIsRefused() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    #expect(throws: DBusError.self) {
        try fixture.server.emitSignal(path: "/", interface: "org.x", name: "S", arguments: [.signature("a{")])
    }
    #expect(throws: DBusError.self) {
        try fixture.server.emitSignal(path: "no/slash", interface: "org.x", name: "S")
    }
}
