import ReveilleDomain
import Testing

/// AlarmID and ChallengeID: canonical lowercase UUIDs, random ones of version 4.
@Suite struct IdentifierTests {
    @Test func canonicalUUIDParsesAndIsStoredLowercase() throws {
        let id = try #require(AlarmID("6F1C2A9E-3B4D-4E5F-8A7B-0C1D2E3F4A5B"))
        #expect(id.rawValue == "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b")
        #expect(id == AlarmID("6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b"))
        #expect(id.description == id.rawValue)
    }

    @Test(arguments: [
        "", "6f1c2a9e3b4d4e5f8a7b0c1d2e3f4a5b", "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5", "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5bb",
        "6f1c2a9g-3b4d-4e5f-8a7b-0c1d2e3f4a5b", "6f1c2a9e-3b4d-4e5f-8a7b0-c1d2e3f4a5b", "{6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b}",
        " 6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b", "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b\n", "6f1c2a9e_3b4d_4e5f_8a7b_0c1d2e3f4a5b",
        "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5é", "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a-b", "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b-",
    ])
    func malformedUUIDIsRejected(text: String) {
        #expect(AlarmID(text) == nil)
    }

    @Test func randomIDsAreVersion4Variant1InCanonicalForm() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let id = AlarmID.random(using: &generator)
            let text = Array(id.rawValue)
            #expect(text.count == 36)
            #expect([8, 13, 18, 23].allSatisfy { text[$0] == "-" })
            #expect(text[14] == "4")
            #expect("89ab".contains(text[19]))
            #expect(AlarmID(id.rawValue) == id)
            #expect(id.rawValue == id.rawValue.lowercased())
        }
    }

    @Test func randomIDsRepeatFromASeedAndDifferBetweenDraws() {
        var first = SplitMix64(seed: 5)
        var second = SplitMix64(seed: 5)
        let a = AlarmID.random(using: &first)
        #expect(a == AlarmID.random(using: &second))
        #expect(a != AlarmID.random(using: &first))
        let challenge = ChallengeID.random(using: &first)
        #expect(AlarmID(challenge.rawValue) != nil)
    }

    @Test func idsSortByTheirText() {
        let low = AlarmID("00000000-0000-4000-8000-000000000001")!
        let high = AlarmID("f0000000-0000-4000-8000-000000000001")!
        #expect(low < high)
    }
}
