@testable import DBus
import Testing

/// Dictionaries holding every sample type, empty ones, and ones whose entries need padding.
private let dictionaries: [[String: Value]] = [
    [:],
    ["b": .byte(1), "a": .int64(2)],
    Dictionary(uniqueKeysWithValues: samples.enumerated().map { ("key\($0.offset)", $0.element) }),
    ["label": .string("grüß ⏰"), "repeat": .array("s", []), "next_fire": .int64(.max), "volume": .double(0.5)],
]

@Test func anEncodedReplyIsByteForByteTheOneLibdbusBuilds() throws {
    let call = try Message.methodCall(destination: "org.example.A", path: "/a", interface: "org.example.A", member: "List")
    call.setReceived(serial: 41, sender: ":1.77")
    for count in [0, 1, 2, dictionaries.count] {
        let chosen = Array(dictionaries.prefix(count))
        let expected = try call.methodReturn()
        try expected.append([.vardictArray(chosen)])
        let encoded = try call.methodReturn(body: .vardictArray(chosen.map(EncodedVardict.init)))
        #expect(encoded.serial == 0, "the connection numbers the reply")
        #expect(try encoded.marshalled(serial: 7) == expected.marshalled(serial: 7), "\(count) dictionaries")
    }
}

@Test func aBodyAnsweringSeveralCallsAnswersEachAsLibdbusWould() throws {
    let body = EncodedBody.vardictArray(try dictionaries.map(EncodedVardict.init))
    for (serial, sender) in [(UInt32(3), ":1.4"), (9, ":1.200"), (12, ":1.4")] {
        let call = try Message.methodCall(destination: "org.example.A", path: "/a", interface: "org.example.A", member: "List")
        call.setReceived(serial: serial, sender: sender)
        let expected = try call.methodReturn()
        try expected.append([.vardictArray(dictionaries)])
        let encoded = try call.methodReturn(body: body)
        #expect(encoded.serial == 0)
        #expect(encoded.replySerial == serial)
        #expect(try encoded.marshalled(serial: 7) == expected.marshalled(serial: 7), "reply to \(serial) from \(sender)")
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
