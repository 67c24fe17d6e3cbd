import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleModel
import Testing

@Suite struct CardAPITests {
    @Test func theCardMethodsHaveTheirContractShapes() {
        #expect(BusMethod.addCard.name == "AddCard" && BusMethod.addCard.shape.in == "s" && BusMethod.addCard.shape.out == "s")
        #expect(BusMethod.listCards.name == "ListCards" && BusMethod.listCards.shape.out == "as")
        #expect(BusMethod.removeCard.name == "RemoveCard" && BusMethod.removeCard.shape.in == "s")
        #expect(BusMethod.removeCard.shape.out == "")
    }

    @Test func aCardChallengeDecodesAndEncodesAsCardLabel() throws {
        let changes = try AlarmCodec.decodeChanges(["challenges": .array("s", [.string("card:Kitchen"), .string("qr:ABCDEF")])])
        #expect(changes.challenges == [.new(.card(label: "Kitchen")), .new(.qr(expected: "ABCDEF"))])
        let encoded = AlarmCodec.encode(changes)["challenges"]
        #expect(encoded == .array("s", [.string("card:Kitchen"), .string("qr:ABCDEF")]))
    }

    @Test(arguments: ["card:", "card:../x", "card:.x", "qr:ABCDE"])
    func aBadCardLabelOrAShortQRCodeIsInvalidArgument(_ text: String) {
        #expect(throws: AgentError.self) { try AlarmCodec.decodeChanges(["challenges": .array("s", [.string(text)])]) }
    }

    @Test func aCardChallengeViewDecodesWithItsKind() {
        let view = AlarmCodec.decodeChallenge([
            "index": .uint32(0), "total": .uint32(1), "kind": .string("card"), "prompt": .string("Scan or type the code on your card Kitchen"),
            "deadline": .int64(0), "attempts": .uint32(0), "locked_until": .int64(0),
        ])
        #expect(view?.kind == .card)
    }
}
