import DBus
@testable import ReveilleAgent
import ReveilleCore
import ReveilleDomain
import ReveilleText
import ReveilleTime
import Synchronization
import Testing

/// The live client of the wake helper (`HelperWaker`, issue 20 section 2) on a fake system bus:
/// what it sends and when, and what it makes of the answers and of who gave them.
@Suite struct HelperWakerTests {
    static let helperUID: UInt32 = 995
    let bus = FakeWakeHelperBus()
    let clock = WallClock()

    func waker(uid: UInt32? = Self.helperUID, bus: FakeWakeHelperBus?? = nil) -> HelperWaker {
        HelperWaker(bus: bus ?? self.bus, inbox: WorldEvents(), helperUID: { uid }, now: clock.now)
    }

    var now: Instant { clock.now() }
    func advance(_ seconds: Int64) { clock.advance(seconds) }

    @Test func onlyAChangeIsSentAndCancelWhenNothingIsDue() async {
        let waker = waker()
        let wake = now.adding(seconds: 3600)
        waker.hold(wake)
        waker.hold(wake)
        await waker.settle()
        waker.hold(wake)
        await waker.settle()
        #expect(bus.calls == [.set(wake.secondsSinceEpoch)])
        #expect(waker.status == WakeStatus(waker: .helper, at: wake, wakeCapableClock: true))

        let later = wake.adding(seconds: 600)
        waker.hold(later)
        await waker.settle()
        waker.hold(nil)
        await waker.settle()
        waker.hold(nil)
        await waker.settle()
        #expect(bus.calls == [.set(wake.secondsSinceEpoch), .set(later.secondsSinceEpoch), .cancel])
        #expect(waker.status.stateName == "none")
    }

    @Test func holdsQueuedBehindOneCallSendOnlyTheLastOne() async {
        let waker = waker()
        bus.pause()
        waker.hold(now.adding(seconds: 100))
        await bus.waitForCall()
        for offset in Int64(200)...205 { waker.hold(now.adding(seconds: offset)) }
        bus.resume()
        await waker.settle()
        #expect(bus.calls == [.set(now.adding(seconds: 100).secondsSinceEpoch), .set(now.adding(seconds: 205).secondsSinceEpoch)])
    }

    @Test func theFirstHoldAfterTheStartIsSentEvenWithNothingDue() async {
        // A new agent knows nothing of what the helper holds, and the call tells whether it can be reached.
        let waker = waker()
        waker.hold(nil)
        await waker.settle()
        #expect(bus.calls == [.cancel])
        #expect(waker.status == WakeStatus(waker: .helper, at: nil, wakeCapableClock: true))
    }

    @Test func aWakeInThePastOrWithinASecondIsSentForOneSecondFromNow() async {
        let waker = waker()
        let past = now.adding(seconds: -90)
        waker.hold(past)
        await waker.settle()
        #expect(bus.calls == [.set(now.adding(seconds: 1).secondsSinceEpoch)])
        #expect(waker.status.at == now.adding(seconds: 1))
    }

    @Test func aSpentWakeIsSentAgainButAWakeStillAheadIsNot() async {
        let waker = waker()
        let wake = now.adding(seconds: 30)
        waker.hold(wake)
        await waker.settle()
        advance(29)
        waker.hold(wake)
        await waker.settle()
        #expect(bus.calls.count == 1)
        // The helper fired it (or the machine resumed past it): holding it again needs a new one.
        advance(1)
        waker.hold(wake)
        await waker.settle()
        #expect(bus.calls == [.set(wake.secondsSinceEpoch), .set(now.adding(seconds: 1).secondsSinceEpoch)])
    }

    @Test func theWakeIsSentAgainWhenTheNameLosesOrChangesItsOwner() async {
        let waker = waker()
        let wake = now.adding(seconds: 3600)
        waker.hold(wake)
        await waker.settle()
        bus.ownerChanged(gone: true)
        await waker.settle()
        bus.ownerChanged(gone: false)
        await waker.settle()
        #expect(bus.calls == Array(repeating: .set(wake.secondsSinceEpoch), count: 3))
        // And only once each: a re-plan after it sends nothing more.
        waker.hold(wake)
        await waker.settle()
        #expect(bus.calls.count == 3)
    }

    @Test func withNothingWantedANewOwnerGetsNoCall() async {
        let waker = waker()
        waker.hold(nil)
        await waker.settle()
        bus.ownerChanged(gone: false)
        await waker.settle()
        waker.hold(nil)
        await waker.settle()
        #expect(bus.calls == [.cancel])
    }

    @Test func beforeSleepTheWakeIsSetAtOnceAndStandsForThePlanUntilSpent() async {
        let waker = waker()
        let planned = now.adding(seconds: 3600)
        waker.hold(planned)
        await waker.settle()
        let soon = now.adding(seconds: 30)
        let letGo = Atomic(false)
        waker.holdBeforeSleep(soon) { letGo.store(true, ordering: .relaxed) }
        await waker.settle()
        let sleepLetGo = letGo.load(ordering: .relaxed)
        #expect(sleepLetGo)
        waker.hold(planned)
        await waker.settle()
        #expect(bus.calls == [.set(planned.secondsSinceEpoch), .set(soon.secondsSinceEpoch)])
        // After the resume, past the wake, the plan goes out again.
        advance(31)
        waker.hold(planned)
        await waker.settle()
        #expect(bus.calls.last == .set(planned.secondsSinceEpoch))
    }

    @Test(arguments: [
        (DBusError.Name.serviceUnknown, WakeStatus.WhyNot.noHelper),
        ("org.freedesktop.DBus.Error.NameHasNoOwner", .noHelper),
        ("org.freedesktop.DBus.Error.Spawn.ChildExited", .noHelper),
        ("org.freedesktop.DBus.Error.Spawn.ServiceNotFound", .noHelper),
        ("org.freedesktop.DBus.Error.Spawn.FailedToSetup", .noHelper),
        ("org.freedesktop.systemd1.NoSuchUnit", .noHelper),
        ("org.freedesktop.DBus.Error.AccessDenied", .refused("polkit said no")),
    ])
    func anErrorNamesWhyNothingCanWakeTheMachine(name: String, why: WakeStatus.WhyNot) async {
        let waker = waker()
        bus.fail(with: DBusError(name: name, message: "polkit said no"))
        waker.hold(now.adding(seconds: 600))
        await waker.settle()
        #expect(waker.status.waker == .nothing(why))
        #expect(waker.status.stateName == "unavailable")
    }

    @Test func anyOtherErrorMakesTheHelperUnreachableAndTheNextPlanTriesAgain() async {
        let waker = waker()
        let wake = now.adding(seconds: 600)
        bus.fail(with: DBusError(name: "org.freedesktop.DBus.Error.NoReply", message: "no reply within 10 s"))
        waker.hold(wake)
        await waker.settle()
        guard case .nothing(.unreachable(let why)) = waker.status.waker else {
            Issue.record("expected unreachable, got \(waker.status)")
            return
        }
        #expect(why.english.contains("NoReply"))
        bus.fail(with: nil)
        waker.hold(wake)
        await waker.settle()
        #expect(bus.calls == [.set(wake.secondsSinceEpoch), .set(wake.secondsSinceEpoch)])
        #expect(waker.status == WakeStatus(waker: .helper, at: wake, wakeCapableClock: true))
    }

    @Test func aReplyFromAnOwnerOfAnotherUserIsNotTrusted() async {
        let waker = waker()
        bus.owner.withLock { $0 = .success(4242) }
        let wake = now.adding(seconds: 600)
        waker.hold(wake)
        await waker.settle()
        guard case .nothing(.unreachable(let why)) = waker.status.waker else {
            Issue.record("expected unreachable, got \(waker.status)")
            return
        }
        #expect(why.english.contains("uid 4242") && why.english.contains("reveille-wake") && why.english.contains("uid \(Self.helperUID)"))
        #expect(waker.status.at == nil)
        // Nothing counts as held: the next plan asks again, and the real helper back on the name is trusted.
        bus.owner.withLock { $0 = .success(Self.helperUID) }
        waker.hold(wake)
        await waker.settle()
        #expect(bus.calls.count == 2)
        #expect(waker.status == WakeStatus(waker: .helper, at: wake, wakeCapableClock: true))
    }

    @Test func anOwnerThatCannotBeToldOrAMissingHelperUserIsNotTrusted() async {
        bus.owner.withLock { $0 = .failure(DBusError(name: "org.freedesktop.DBus.Error.NameHasNoOwner", message: "gone")) }
        let unknown = waker()
        unknown.hold(now.adding(seconds: 600))
        await unknown.settle()
        #expect(unreachable(unknown.status) == "cannot tell who owns io.github.Reveille1.Wake: org.freedesktop.DBus.Error.NameHasNoOwner: gone")

        let noUser = waker(uid: nil)
        noUser.hold(now.adding(seconds: 600))
        await noUser.settle()
        #expect(unreachable(noUser.status) == "the helper's user reveille-wake does not exist on this system")
    }

    @Test func withoutASystemBusTheHelperIsUnreachable() async {
        let waker = waker(bus: .some(nil))
        waker.hold(now.adding(seconds: 600))
        await waker.settle()
        #expect(waker.status.waker == .nothing(.unreachable(Message("there is no system bus"))))
    }

    @Test func theHelperSaysWhetherARealTimeClockCanWakeTheMachine() async {
        bus.canWake.withLock { $0 = false }
        let waker = waker()
        waker.hold(now.adding(seconds: 600))
        await waker.settle()
        #expect(waker.status.wakeCapableClock == false)
        #expect(waker.status.canWake)
    }
}

/// The wall clock the waker reads, set by the test.
/// The unreachable reason of `status`, in English; nil when the helper is not unreachable.
private func unreachable(_ status: WakeStatus) -> String? {
    guard case .nothing(.unreachable(let why)) = status.waker else { return nil }
    return why.english
}

final class WallClock: Sendable {
    private let instant = Mutex(Instant(secondsSinceEpoch: 1_800_000_000))
    @Sendable func now() -> Instant { instant.withLock { $0 } }
    func advance(_ seconds: Int64) { instant.withLock { $0 = $0.adding(seconds: seconds) } }
}

extension HelperWaker {
    /// Returns once every call queued so far has been made and answered.
    func settle() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in tasks.add { done.resume() } }
    }
}

/// A system bus with a wake helper on it that answers as told, recording the calls it gets.
final class FakeWakeHelperBus: WakeHelperBus {
    enum Call: Equatable {
        case set(Int64)
        case cancel
    }

    private let state = Mutex(State())
    /// What `ownerUID` answers.
    let owner = Mutex<Result<UInt32, DBusError>>(.success(HelperWakerTests.helperUID))
    /// What `canWakeSystem` answers.
    let canWake = Mutex<Bool?>(true)

    private struct State {
        var calls: [Call] = []
        var error: DBusError?
        var ownerChanged: (@Sendable (Bool) -> Void)?
        var paused: [CheckedContinuation<Void, Never>]?
        var callWaiters: [CheckedContinuation<Void, Never>] = []
    }

    var calls: [Call] { state.withLock { $0.calls } }

    /// Every later call fails with `error` (nil: succeeds).
    func fail(with error: DBusError?) { state.withLock { $0.error = error } }

    /// The helper's name changes owner.
    func ownerChanged(gone: Bool) { state.withLock { $0.ownerChanged }?(gone) }

    /// Calls wait for an answer until `resume`.
    func pause() { state.withLock { $0.paused = [] } }

    func resume() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state.paused = nil }
            return state.paused ?? []
        }
        for call in waiting { call.resume() }
    }

    /// Returns once a call has come.
    func waitForCall() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let came = state.withLock { state -> Bool in
                if state.calls.isEmpty { state.callWaiters.append(waiter) }
                return !state.calls.isEmpty
            }
            if came { waiter.resume() }
        }
    }

    func callHelper(_ method: String, _ arguments: [Value], timeout: Duration) async throws(DBusError) {
        let call: Call = switch (method, arguments.first) {
        case ("SetWake", .int64(let when)?): .set(when)
        default: .cancel
        }
        let (error, waiters) = state.withLock { state in
            state.calls.append(call)
            defer { state.callWaiters = [] }
            return (state.error, state.callWaiters)
        }
        for waiter in waiters { waiter.resume() }
        await withCheckedContinuation { (answer: CheckedContinuation<Void, Never>) in
            let held = state.withLock { state -> Bool in
                guard state.paused != nil else { return false }
                state.paused?.append(answer)
                return true
            }
            if !held { answer.resume() }
        }
        if let error { throw error }
    }

    func ownerUID() async throws(DBusError) -> UInt32 { try owner.withLock { $0 }.get() }

    func canWakeSystem() async -> Bool? { canWake.withLock { $0 } }

    func followOwner(_ changed: @escaping @Sendable (Bool) -> Void) async throws(DBusError) {
        state.withLock { $0.ownerChanged = changed }
    }
}
