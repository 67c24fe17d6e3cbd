import DBus
import Testing

/// Samples of every supported type, including empty and nested containers.
let samples: [Value] = [
    .byte(0xFF), .bool(true), .bool(false), .int16(-32768), .uint16(65535),
    .int32(-7), .uint32(4_000_000_000), .int64(.min), .uint64(.max), .double(-0.25),
    .string(""), .string("grüß dich ⏰"), .objectPath("/org/reveille/Alarm/3"), .signature("a{sv}"),
    .variant(.int32(1)), .variant(.variant(.variant(.string("three deep")))),
    .array("s", []), .array("i", [.int32(1), .int32(2)]), .array("as", [.array("s", [.string("x")])]),
    .dictionary(key: "u", value: "s", [DictEntry(.uint32(1), .string("one"))]),
    .dictionary(key: "s", value: "v", []),
    .vardict(["hour": .int32(7), "tags": .array("s", [.string("a")]), "nested": .vardict(["x": .bool(true)])]),
    .vardictArray([["id": .int64(1)], [:]]),
    .structure([.string("work"), .int64(1_700_000_000)]),
    .structure([.string("id"), .vardict(["k": .double(2)])]),
    .structure([.structure([.byte(1)]), .array("(sx)", [.structure([.string("a"), .int64(2)])])]),
    // The tray's: a StatusNotifierItem's ToolTip (sa(iiay)ss) and a dbusmenu layout (ia{sv}av), children in variants.
    .array("(iiay)", []),
    .structure([.string("icon"), .array("(iiay)", [.structure([.int32(1), .int32(1), .array("y", [.byte(0), .byte(255), .byte(0), .byte(255)])])]),
                .string("Mon 07:00"), .string("Wake up")]),
    .structure([.int32(0), .vardict(["children-display": .string("submenu")]), .array("v", [
        .variant(.structure([.int32(1), .vardict(["label": .string("Skip next")]), .array("v", [])])),
        .variant(.structure([.int32(2), .vardict(["type": .string("separator")]), .array("v", [])])),
    ])]),
]

@Test(.timeLimit(.minutes(1))) func everyTypeRoundTripsInsideAVariantThroughARealBus() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    for sample in samples {
        let reply = try await fixture.call("Echo", [.variant(sample)])
        #expect(reply == [.variant(sample)], "round trip of \(sample.typeSignature)")
    }
}

@Test(.timeLimit(.minutes(1))) func aCallOfManyTopLevelTypesRoundTrips() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let arguments: [Value] = [
        .string("s"), .bool(true), .int32(-1), .uint32(2), .int64(-3), .double(4.5),
        .variant(.variant(.uint16(6))), .array("s", [.string("a"), .string("b")]),
        .vardict(["when": .int64(9), "what": .string("alarm")]),
        .vardictArray([["id": .int32(1)], ["id": .int32(2)]]),
        .structure([.string("x"), .int64(10)]),
        .structure([.string("y"), .vardict(["z": .objectPath("/z")])]),
    ]
    #expect(Signature(of: arguments) == TestService.everything)
    #expect(try await fixture.call("EchoEverything", arguments) == arguments)
}

@Test(.timeLimit(.minutes(1))) func aCallWithTheWrongSignatureIsRefusedWithInvalidArgs() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let wrongType = await fixture.error("Greet", [.int32(5)])
    #expect(wrongType?.name == DBusError.Name.invalidArgs)
    #expect(wrongType?.message.contains("(s)") == true)
    #expect(await fixture.error("Greet", [])?.name == DBusError.Name.invalidArgs)
    #expect(try await fixture.call("Greet", [.string("you")]) == [.string("hello you")])
}

@Test(.timeLimit(.minutes(1))) func handlerErrorsReachTheCallerWithTheirNameAndMessage() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    #expect(await fixture.error("Fail") == DBusError(name: "org.reveille.Error.NoSuchAlarm", message: "alarm 7 does not exist"))
    #expect(await fixture.error("FailPlainly") == DBusError(name: DBusError.Name.failed, message: "something plain went wrong"))
    let wrongReturn = await fixture.error("ReturnWrongType")
    #expect(wrongReturn?.name == DBusError.Name.failed)
    #expect(wrongReturn?.message.contains("declares (s)") == true)
}

@Test(.timeLimit(.minutes(1))) func unknownObjectsInterfacesAndMethodsGetTheirStandardErrors() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    #expect(await fixture.error("Greet", [.string("x")], path: "/nowhere")?.name == DBusError.Name.unknownObject)
    #expect(await fixture.error("Greet", [.string("x")], interface: "org.reveille.Other")?.name == DBusError.Name.unknownInterface)
    #expect(await fixture.error("Vanish")?.name == DBusError.Name.unknownMethod)
    // Without an interface the method is looked up in all of them.
    let reply = try await fixture.client.call(
        destination: TestService.name, path: TestService.path, interface: nil, method: "Greet", arguments: [.string("me")])
    #expect(reply == [.string("hello me")])
}

@Test(.timeLimit(.minutes(1))) func introspectionDescribesTheTableWithSignatures() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let xml = try #require(try await fixture.call("Introspect", interface: "org.freedesktop.DBus.Introspectable").first?.stringValue)
    for expected in [
        #"<interface name="org.reveille.Test">"#,
        #"<interface name="org.freedesktop.DBus.Properties">"#,
        #"<interface name="org.freedesktop.DBus.Introspectable">"#,
        #"<interface name="org.freedesktop.DBus.Peer">"#,
        #"<method name="Greet">"#,
        #"<arg name="who" type="s" direction="in"/>"#,
        #"<arg name="greeting" type="s" direction="out"/>"#,
        #"<arg type="a{sv}" direction="in"/>"#,
        #"<property name="Volume" type="i" access="read"/>"#,
        #"<signal name="Rang">"#,
        #"<arg name="at" type="x"/>"#,
        #"<signal name="PropertiesChanged">"#,
    ] {
        #expect(xml.contains(expected), "missing \(expected)")
    }
    let root = try await fixture.call("Introspect", interface: "org.freedesktop.DBus.Introspectable", path: "/org")
    #expect(root.first?.stringValue?.contains(#"<node name="reveille"/>"#) == true)
}

@Test(.timeLimit(.minutes(1))) func gdbusParsesTheIntrospectionXML() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let result = try await fixture.bus.run(
        "/usr/bin/gdbus", ["introspect", "--session", "--dest", TestService.name, "--object-path", TestService.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Greet(in  s who,"))
    #expect(result.stdout.contains("readonly i Volume = 7;"))
    #expect(result.stdout.contains("Rang(s label,"))
}

@Test(.timeLimit(.minutes(1))) func propertiesAreReadWithGetAndGetAllAndRefuseSet() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let properties = "org.freedesktop.DBus.Properties"
    let volume = try await fixture.call("Get", [.string(TestService.interface), .string("Volume")], interface: properties)
    #expect(volume == [.variant(.int32(7))])
    let getAll = try await fixture.call("GetAll", [.string(TestService.interface)], interface: properties)
    #expect(getAll.first?.vardictValue?["Label"] == .string("wake up"))
    #expect(getAll.first?.vardictValue?["Volume"]?.asInt64 == 7)
    let set = await fixture.error("Set", [.string(TestService.interface), .string("Volume"), .variant(.int32(1))], interface: properties)
    #expect(set?.name == DBusError.Name.propertyReadOnly)
    let unknown = await fixture.error("Get", [.string(TestService.interface), .string("Nope")], interface: properties)
    #expect(unknown?.name == DBusError.Name.unknownProperty)
    let broken = await fixture.error("Get", [.string("org.reveille.Broken"), .string("Broken")], interface: properties)
    #expect(broken?.name == DBusError.Name.failed)
    let otherInterface = await fixture.error("GetAll", [.string("org.reveille.Missing")], interface: properties)
    #expect(otherInterface?.name == DBusError.Name.unknownInterface)
}

@Test(.timeLimit(.minutes(1))) func peerPingIsAnswered() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    #expect(try await fixture.call("Ping", interface: "org.freedesktop.DBus.Peer") == [])
}

@Test(.timeLimit(.minutes(1))) func invalidValuesAndNamesAreRefusedBeforeTheyReachLibdbus() async throws {
    let fixture = try await Fixture.start()
    defer { fixture.stop() }
    let badPath = await fixture.error("Echo", [.variant(.objectPath("not/a/path"))])
    #expect(badPath?.name == DBusError.Name.invalidArgs)
    let mixedArray = await fixture.error("Echo", [.variant(.array("s", [.int32(1)]))])
    #expect(mixedArray?.name == DBusError.Name.invalidArgs)
    let emptyStruct = await fixture.error("Echo", [.variant(.structure([]))])
    #expect(emptyStruct?.name == DBusError.Name.invalidArgs)
    #expect(await fixture.error("bad member!")?.name == DBusError.Name.invalidArgs)
    #expect(throws: DBusError.self) {
        try fixture.server.export([ExportedInterface("no dots")], at: "/x")
    }
    #expect(throws: DBusError.self) {
        try fixture.server.emitSignal(path: "/", interface: "org.x", name: "S", arguments: [.signature("a{")])
    }
}
