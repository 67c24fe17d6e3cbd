import CDBus
@testable import DBus
import Testing

/// Dictionaries holding every sample type, empty ones, and ones whose entries need padding.
private let dictionaries: [[String: Value]] = [
    [:],
    ["b": .byte(1), "a": .int64(2)],
    Dictionary(uniqueKeysWithValues: samples.enumerated().map { ("key\($0.offset)", $0.element) }),
    ["label": .string("grüß ⏰"), "repeat": .array("s", []), "next_fire": .int64(.max), "volume": .double(0.5)],
]

/// The whole marshalled message, with the serial libdbus would have given it.
private func marshalled(_ message: Message) -> [UInt8] {
    dbus_message_set_serial(message.raw, 7)
    var bytes: UnsafeMutablePointer<CChar>?
    var length: Int32 = 0
    #expect(dbus_message_marshal(message.raw, &bytes, &length) != 0)
    defer { dbus_free(bytes) }
    return Array(UnsafeBufferPointer(start: bytes, count: Int(length))).map { UInt8(bitPattern: $0) }
}

@Test func anEncodedReplyIsByteForByteTheOneLibdbusBuilds() throws {
    let call = try Message.methodCall(destination: "org.example.A", path: "/a", interface: "org.example.A", member: "List")
    dbus_message_set_serial(call.raw, 41)
    #expect(dbus_message_set_sender(call.raw, ":1.77") != 0)
    for count in [0, 1, 2, dictionaries.count] {
        let chosen = Array(dictionaries.prefix(count))
        let expected = try call.methodReturn()
        try expected.append([.vardictArray(chosen)])
        let encoded = try call.methodReturn(body: .vardictArray(chosen.map(EncodedVardict.init)))
        #expect(dbus_message_get_serial(encoded.raw) == 0, "the connection numbers the reply")
        #expect(marshalled(encoded) == marshalled(expected), "\(count) dictionaries")
    }
}

@Test func aBodyAnsweringSeveralCallsAnswersEachAsLibdbusWould() throws {
    let body = EncodedBody.vardictArray(try dictionaries.map(EncodedVardict.init))
    for (serial, sender) in [(UInt32(3), ":1.4"), (9, ":1.200"), (12, ":1.4")] {
        let call = try Message.methodCall(destination: "org.example.A", path: "/a", interface: "org.example.A", member: "List")
        dbus_message_set_serial(call.raw, serial)
        #expect(dbus_message_set_sender(call.raw, sender) != 0)
        let expected = try call.methodReturn()
        try expected.append([.vardictArray(dictionaries)])
        let encoded = try call.methodReturn(body: body)
        #expect(dbus_message_get_serial(encoded.raw) == 0)
        #expect(dbus_message_get_reply_serial(encoded.raw) == serial)
        #expect(encoded.sender == nil)
        #expect(marshalled(encoded) == marshalled(expected), "reply to \(serial) from \(sender)")
    }
}

@Test func anEncodedBodyReadsBackAsTheValuesItWasMadeFrom() throws {
    let body = EncodedBody.vardictArray(try dictionaries.map(EncodedVardict.init))
    #expect(body.signature == "aa{sv}")
    #expect(try body.values() == [.vardictArray(dictionaries)])
}

@Test func aDictionaryLibdbusWouldRefuseIsRefusedWhenEncoded() {
    #expect(throws: DBusError.self) { try EncodedVardict(["bad": .string("nul\u{0}inside")]) }
    #expect(throws: DBusError.self) { try EncodedVardict(["path": .objectPath("not a path")]) }
}
