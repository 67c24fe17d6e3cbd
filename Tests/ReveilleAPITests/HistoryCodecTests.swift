import DBus
import ReveilleAPI
import ReveilleDomain
import ReveilleModel
import ReveilleTime
import Testing

@Suite struct HistoryCodecTests {
    @Test func anEmptyFilterIsEverythingNewestHundredAndEachKeyNarrowsIt() throws {
        #expect(try HistoryCodec.decodeQuery([:]) == HistoryQuery(since: nil, alarm: nil, limit: 100))
        let id = "11111111-1111-4111-8111-111111111111"
        let query = try HistoryCodec.decodeQuery([
            "since": .variant(.int64(1000)), "alarm": .variant(.string(id)), "limit": .variant(.uint32(1000)),
        ])
        #expect(query == HistoryQuery(since: Instant(secondsSinceEpoch: 1000), alarm: id, limit: 1000))
    }

    @Test(arguments: [
        ["limit": Value.uint32(0)], ["limit": .uint32(1001)], ["limit": .int32(-5)], ["limit": .string("5")],
        ["since": .uint64(UInt64.max)], ["since": .double(5)], ["since": .int64(-1)], ["since": .int32(-1)],
        ["alarm": .string("../x")], ["alarm": .int32(1)], ["until": .int64(5)],
    ])
    func aBadKeyOrTypeIsAnInvalidArgument(_ filter: [String: Value]) {
        #expect {
            _ = try HistoryCodec.decodeQuery(filter.mapValues { .variant($0) })
        } throws: { error in
            guard case .invalidArgument = error as? AgentError else { return false }
            return true
        }
    }

    /// gdbus sends `<5>` as int32 unless told otherwise; the alarm keys take any integer type, and so does the filter.
    @Test(arguments: [
        Value.int32(5), .uint32(5), .int64(5), .uint64(5), .int16(5), .uint16(5), .byte(5),
    ])
    func sinceAndLimitTakeAnyIntegerType(_ number: Value) throws {
        let query = try HistoryCodec.decodeQuery(["since": .variant(number), "limit": .variant(number)])
        #expect(query.since == Instant(secondsSinceEpoch: 5) && query.limit == 5)
    }

    @Test func anEntryRoundTripsAndZeroMeansNone() {
        let entry = HistoryEntry(alarmID: "a", label: "Work", due: Instant(secondsSinceEpoch: 100), rangAt: nil,
                                 dismissedAt: nil, snoozes: 2, wrongAnswers: 3, outcome: .missed)
        let encoded = HistoryCodec.encode(entry)
        #expect(encoded["rang_at"] == .int64(0) && encoded["dismissed_at"] == .int64(0))
        #expect(HistoryCodec.decode(encoded) == entry)
        #expect(HistoryCodec.decode(encoded.filter { $0.key != "outcome" }) == nil)
    }
}
