import ReveilleWake
import Testing

@Suite struct WakeHelperTests {
    let timer = FakeTimer()
    let bus = FakeBus()
    let clock = FakeClock()
    let helper: WakeHelper

    init() {
        helper = WakeHelper(timer: timer, bus: bus, clock: clock)
        bus.connect(":1.1", uid: 1000)
        bus.connect(":1.2", uid: 1000)
        bus.connect(":1.3", uid: 1001)
    }

    var now: Int64 { clock.unixSeconds }

    // MARK: Arming

    @Test func aWakeArmsTheTimerAtItsInstant() async throws {
        try await helper.setWake(now + 3_600, caller: ":1.1")
        #expect(timer.armed == now + 3_600)
        #expect(try await helper.getWake(caller: ":1.1") == now + 3_600)
    }

    @Test func theTimerFollowsTheEarliestWakeOfAllCallers() async throws {
        try await helper.setWake(now + 3_600, caller: ":1.1")
        try await helper.setWake(now + 600, caller: ":1.3")
        #expect(timer.armed == now + 600)
        try await helper.setWake(now + 60, caller: ":1.1")
        #expect(timer.armed == now + 60)
    }

    @Test func movingTheOnlyWakeLaterMovesTheTimer() async throws {
        try await helper.setWake(now + 60, caller: ":1.1")
        try await helper.setWake(now + 7_200, caller: ":1.1")
        #expect(timer.armed == now + 7_200)
    }

    @Test func anUnchangedEarliestWakeDoesNotTouchTheTimer() async throws {
        try await helper.setWake(now + 60, caller: ":1.1")
        try await helper.setWake(now + 7_200, caller: ":1.3")
        #expect(timer.calls == 1)
    }

    @Test func aWakeJustPastIsArmedOneSecondFromNow() async throws {
        try await helper.setWake(now - 30, caller: ":1.1")
        #expect(timer.armed == now + 1)
        #expect(try await helper.getWake(caller: ":1.1") == now + 1)
    }

    @Test func getWakeIsZeroForACallerWithoutOne() async throws {
        try await helper.setWake(now + 60, caller: ":1.1")
        #expect(try await helper.getWake(caller: ":1.2") == 0)
    }

    // MARK: One wake per connection

    @Test func aSecondConnectionOfTheSameUserDoesNotReplaceTheFirstsWake() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        try await helper.setWake(now + 9_000, caller: ":1.2")
        #expect(try await helper.getWake(caller: ":1.1") == now + 600)
        #expect(timer.armed == now + 600)
    }

    @Test func aSecondConnectionCannotCancelTheFirstsWake() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        try await helper.cancelWake(caller: ":1.2")
        #expect(try await helper.getWake(caller: ":1.1") == now + 600)
        #expect(timer.armed == now + 600)
    }

    @Test func cancellingTheOnlyWakeDisarms() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        try await helper.cancelWake(caller: ":1.1")
        #expect(timer.armed == nil)
        #expect(try await helper.getWake(caller: ":1.1") == 0)
        #expect(bus.followed.isEmpty)
    }

    @Test func cancellingTheEarliestArmsTheNext() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        try await helper.setWake(now + 900, caller: ":1.3")
        try await helper.cancelWake(caller: ":1.1")
        #expect(timer.armed == now + 900)
    }

    @Test func aConnectionLeavingTheBusDropsItsWake() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        try await helper.setWake(now + 900, caller: ":1.2")
        #expect(bus.followed == [":1.1", ":1.2"])
        await helper.connectionLeft(":1.1")
        #expect(timer.armed == now + 900)
        #expect(await helper.wake(of: ":1.1") == nil)
        #expect(bus.followed == [":1.2"])
        await helper.connectionLeft(":1.2")
        #expect(timer.armed == nil)
    }

    @Test func aConnectionThatLeftWhileItsCallWaitedHoldsNoWake() async throws {
        bus.leave(":1.1")
        try await helper.setWake(now + 600, caller: ":1.1")
        #expect(await helper.wake(of: ":1.1") == nil)
        #expect(timer.armed == nil)
    }

    @Test func eachConnectionIsFollowedOnceWhateverItsCalls() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        try await helper.setWake(now + 700, caller: ":1.1")
        #expect(bus.followed == [":1.1"])
    }

    // MARK: Limits and bad input

    @Test func aFifthWakeOfOneUserIsRefusedAndTheFourStay() async throws {
        for index in 1...5 { bus.connect(":2.\(index)", uid: 1000) }
        for index in 1...4 { try await helper.setWake(now + Int64(100 * index), caller: ":2.\(index)") }
        await #expect(throws: WakeRefusal.userLimit(uid: 1000)) { try await helper.setWake(now + 50, caller: ":2.5") }
        #expect(timer.armed == now + 100)
        #expect(await helper.wake(of: ":2.5") == nil)
        #expect(!bus.followed.contains(":2.5"))
    }

    @Test func aWakeTooFarInThePastIsRefusedAndChangesNothing() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        await #expect(throws: WakeRefusal.tooFarInThePast(when: now - 61, now: now)) {
            try await helper.setWake(now - 61, caller: ":1.1")
        }
        #expect(try await helper.getWake(caller: ":1.1") == now + 600)
        #expect(timer.armed == now + 600)
    }

    @Test func aWakeTooFarAheadIsRefused() async throws {
        await #expect(throws: WakeRefusal.tooFarAhead(when: .max, now: now)) { try await helper.setWake(.max, caller: ":1.1") }
        #expect(timer.armed == nil)
    }

    @Test func aTimerThatCannotBeSetFailsTheCallAndKeepsTheOldWake() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        timer.fail(true)
        await #expect(throws: WakeRefusal.self) { try await helper.setWake(now + 60, caller: ":1.1") }
        timer.fail(false)
        #expect(await helper.wake(of: ":1.1") == now + 600)
        #expect(await helper.armedAt == now + 600)
    }

    // MARK: Authorisation

    @Test func everyCallIsAuthorisedAfresh() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        _ = try await helper.getWake(caller: ":1.1")
        try await helper.cancelWake(caller: ":1.1")
        #expect(bus.authorizations == [":1.1", ":1.1", ":1.1"])
    }

    @Test(arguments: [
        AuthorityAnswer.answered(isAuthorized: false, isChallenge: false),
        .answered(isAuthorized: false, isChallenge: true),
        .unavailable("org.freedesktop.DBus.Error.ServiceUnknown"),
    ])
    func aRefusedCallerSetsNothing(answer: AuthorityAnswer) async throws {
        bus.answer(answer)
        await #expect(throws: WakeAuthorization.refusal(for: answer)!) { try await helper.setWake(now + 600, caller: ":1.1") }
        #expect(timer.armed == nil)
        #expect(bus.followed.isEmpty)
    }

    @Test func aRefusedCallerCanNeitherReadNorCancel() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        bus.answer(.answered(isAuthorized: false, isChallenge: false))
        await #expect(throws: WakeRefusal.self) { try await helper.getWake(caller: ":1.1") }
        await #expect(throws: WakeRefusal.self) { try await helper.cancelWake(caller: ":1.1") }
        #expect(timer.armed == now + 600)
    }

    @Test func aCallerTheBusCannotNameIsRefused() async throws {
        await #expect(throws: WakeRefusal.callerUnknown(String(describing: FakeBus.NoSuchConnection()))) {
            try await helper.setWake(now + 600, caller: ":9.9")
        }
        #expect(timer.armed == nil)
    }

    @Test func onlyAPlainYesAuthorises() {
        #expect(WakeAuthorization.refusal(for: .answered(isAuthorized: true, isChallenge: false)) == nil)
        #expect(WakeAuthorization.refusal(for: .answered(isAuthorized: false, isChallenge: true)) != nil)
        #expect(WakeAuthorization.refusal(for: .answered(isAuthorized: false, isChallenge: false)) != nil)
        #expect(WakeAuthorization.refusal(for: .unavailable("no polkit")) != nil)
    }

    // MARK: The timer firing

    @Test func aFiredWakeIsSpentAndTheNextIsArmed() async throws {
        try await helper.setWake(now + 60, caller: ":1.1")
        try await helper.setWake(now + 600, caller: ":1.3")
        clock.advance(by: 60)
        timer.fire()
        await helper.timerFired()
        #expect(timer.armed == now + 540)
        #expect(try await helper.getWake(caller: ":1.1") == 0)
        #expect(bus.followed == [":1.3"])
    }

    @Test func aClockJumpBeforeAnyWakeKeepsThemAndSetsTheTimerAgain() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        let wake = now + 600
        clock.setWall(now - 3_600)
        await helper.timerFired()
        #expect(timer.armed == wake)
        #expect(timer.calls == 2)
    }

    @Test func aClockJumpPastAWakeSpendsIt() async throws {
        try await helper.setWake(now + 600, caller: ":1.1")
        clock.setWall(now + 7_200)
        await helper.timerFired()
        #expect(timer.armed == nil)
        #expect(await helper.wake(of: ":1.1") == nil)
    }

    // MARK: Idle exit

    @Test func anIdleHelperExitsThirtySecondsAfterTheLastCall() async throws {
        _ = try await helper.getWake(caller: ":1.1")
        clock.advance(by: 29)
        #expect(await !helper.shouldExit)
        clock.advance(by: 1)
        #expect(await helper.shouldExit)
    }

    @Test func aHelperHoldingAWakeNeverExits() async throws {
        try await helper.setWake(now + 86_400, caller: ":1.1")
        clock.advance(by: 3_600)
        #expect(await helper.idleExitDue == nil)
        #expect(await !helper.shouldExit)
    }

    @Test func theIdleTimeCountsFromTheLastCallOrDroppedWake() async throws {
        try await helper.setWake(now + 86_400, caller: ":1.1")
        clock.advance(by: 100)
        try await helper.cancelWake(caller: ":1.1")
        #expect(await helper.idleExitDue == clock.uptime + .seconds(30))
    }

    @Test func aRefusedCallCountsAsACall() async throws {
        clock.advance(by: 25)
        bus.answer(.answered(isAuthorized: false, isChallenge: false))
        _ = try? await helper.getWake(caller: ":1.1")
        clock.advance(by: 25)
        #expect(await !helper.shouldExit)
    }

    @Test func theIdleWatchHearsOfEveryCall() async throws {
        var changes = helper.idleChanges.makeAsyncIterator()
        _ = try await helper.getWake(caller: ":1.1")
        #expect(await changes.next() != nil)
    }
}
