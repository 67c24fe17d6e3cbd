import DBus
import Testing

@Test func valuesKnowTheirSignatures() {
    #expect(Value.vardict(["a": .int32(1)]).typeSignature == "a{sv}")
    #expect(Value.vardictArray([]).typeSignature == "aa{sv}")
    #expect(Value.structure([.string("x"), .int64(1)]).typeSignature == "(sx)")
    #expect(Value.array("(sa{sv})", []).typeSignature == "a(sa{sv})")
    #expect(Value.variant(.objectPath("/")).typeSignature == "v")
    #expect(Signature(of: [.byte(1), .signature("g"), .uint16(2)]) == "ygq")
}

@Test func signaturesSplitIntoCompleteTypes() {
    let parts = Signature("sa{sv}(ia(ss))aas").completeTypes
    #expect(parts == ["s", "a{sv}", "(ia(ss))", "aas"])
}

@Test func anyIntegerTypeReadsAsInt64WhenItFits() {
    #expect(Value.int32(-5).asInt64 == -5)
    #expect(Value.byte(200).asInt64 == 200)
    #expect(Value.variant(.uint32(4_000_000_000)).asInt64 == 4_000_000_000)
    #expect(Value.uint64(.max).asInt64 == nil)
    #expect(Value.string("5").asInt64 == nil)
    #expect(Value.int64(300).integer(as: UInt8.self) == nil)
    #expect(Value.int16(-1).integer(as: UInt32.self) == nil)
}

@Test func vardictsConvertBothWays() {
    let dictionary: [String: Value] = ["label": .string("work"), "hour": .int32(7), "on": .bool(true)]
    let value = Value.vardict(dictionary)
    #expect(value.vardictValue == dictionary)
    #expect(Value.vardictArray([dictionary, [:]]).vardictArrayValue == [dictionary, [:]])
    #expect(Value.array("s", []).vardictValue == nil)
    #expect(Value.dictionary(key: "s", value: "s", []).vardictValue == nil)
}

@Test func accessorsLookThroughVariants() {
    let nested = Value.variant(.variant(.string("deep")))
    #expect(nested.stringValue == "deep")
    #expect(nested.unwrapped == .string("deep"))
    #expect(Value.variant(.double(1.5)).doubleValue == 1.5)
    #expect(Value.bool(true).stringValue == nil)
}

@Test func matchRulesQuoteTheirValues() {
    let rule = MatchRule(interface: "org.example.I", member: "Changed", arg0: "it's")
    #expect(rule.text == #"type='signal',interface='org.example.I',member='Changed',arg0='it'\''s'"#)
    #expect(MatchRule.nameOwnerChanged("org.x").text.contains("member='NameOwnerChanged'"))
}
