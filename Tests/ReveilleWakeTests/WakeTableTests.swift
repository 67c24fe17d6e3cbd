import ReveilleWake
import Testing

@Suite struct WakeTableTests {
    @Test func theEarliestWakeOfAllConnectionsIsArmed() throws {
        var table = WakeTable()
        try table.set(300, for: ":1.1", uid: 1000)
        try table.set(100, for: ":1.2", uid: 1001)
        try table.set(200, for: ":1.3", uid: 1000)
        #expect(table.earliest == 100)
    }

    @Test func anEmptyTableArmsNothing() {
        #expect(WakeTable().earliest == nil)
        #expect(WakeTable().isEmpty)
    }

    @Test func aConnectionsSecondWakeReplacesItsFirst() throws {
        var table = WakeTable()
        #expect(try table.set(100, for: ":1.1", uid: 1000))
        #expect(try !table.set(500, for: ":1.1", uid: 1000))
        #expect(table.wake(of: ":1.1") == 500)
        #expect(table.earliest == 500)
    }

    @Test func anotherConnectionOfTheSameUserNeitherReplacesNorCancels() throws {
        var table = WakeTable()
        try table.set(100, for: ":1.1", uid: 1000)
        try table.set(900, for: ":1.2", uid: 1000)
        table.remove(":1.2")
        #expect(table.wake(of: ":1.1") == 100)
        #expect(table.earliest == 100)
    }

    @Test func removingTheEarliestArmsTheNext() throws {
        var table = WakeTable()
        try table.set(100, for: ":1.1", uid: 1000)
        try table.set(200, for: ":1.2", uid: 1001)
        #expect(table.remove(":1.1") == .init(uid: 1000, at: 100))
        #expect(table.earliest == 200)
        #expect(table.remove(":1.9") == nil)
    }

    @Test func aFifthConnectionOfOneUserIsRefused() throws {
        var table = WakeTable()
        for index in 1...4 { try table.set(Int64(index), for: ":1.\(index)", uid: 1000) }
        #expect(throws: WakeRefusal.userLimit(uid: 1000)) { try table.set(9, for: ":1.5", uid: 1000) }
        #expect(table.entries.count == 4)
        #expect(table.wake(of: ":1.5") == nil)
    }

    @Test func aUserAtTheLimitMayStillMoveItsWakes() throws {
        var table = WakeTable()
        for index in 1...4 { try table.set(Int64(index), for: ":1.\(index)", uid: 1000) }
        try table.set(50, for: ":1.4", uid: 1000)
        #expect(table.wake(of: ":1.4") == 50)
    }

    @Test func anotherUserIsNotHeldToTheFirstUsersLimit() throws {
        var table = WakeTable()
        for index in 1...4 { try table.set(Int64(index), for: ":1.\(index)", uid: 1000) }
        try table.set(9, for: ":1.5", uid: 1001)
        #expect(table.entries.count == 5)
    }

    @Test func aUserBelowTheLimitAgainAfterACancelMaySetOneMore() throws {
        var table = WakeTable()
        for index in 1...4 { try table.set(Int64(index), for: ":1.\(index)", uid: 1000) }
        table.remove(":1.2")
        try table.set(9, for: ":1.5", uid: 1000)
        #expect(table.entries.count == 4)
    }

    @Test func theTableHoldsAtMost256Wakes() throws {
        var table = WakeTable()
        for index in 0..<WakeLimits.total { try table.set(1_000, for: ":1.\(index)", uid: UInt32(index)) }
        #expect(throws: WakeRefusal.totalLimit) { try table.set(5, for: ":2.0", uid: 99_999) }
        // Replacing one held is still allowed at the limit.
        try table.set(5, for: ":1.0", uid: 0)
        #expect(table.earliest == 5)
    }

    @Test func dueWakesAreDroppedAndLaterOnesKept() throws {
        var table = WakeTable()
        try table.set(100, for: ":1.1", uid: 1000)
        try table.set(100, for: ":1.2", uid: 1001)
        try table.set(101, for: ":1.3", uid: 1000)
        #expect(table.removeDue(now: 100) == [":1.1", ":1.2"])
        #expect(table.earliest == 101)
        #expect(table.removeDue(now: 100).isEmpty)
    }
}
