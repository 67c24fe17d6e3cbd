import Dispatch
import Glibc
import LinuxEvents
import Testing

// Serialized: each test signals the whole process, which every watch in it would see.
@Suite(.serialized) struct SignalWatchTests {
    @Test func deliversAHangUpSentToThisProcess() async throws {
        let received = Recorder<SignalWatch.Signal>()
        let watch = try SignalWatch([.hangUp], queue: DispatchQueue(label: "SignalWatchTests")) { received.record($0) }
        #expect(kill(getpid(), SIGHUP) == 0)
        #expect(await received.waitFor(count: 1) == [.hangUp])
        withExtendedLifetime(watch) {}
    }

    @Test func aWatchMadeAfterAnEarlierOneWasDroppedStillReceives() async throws {
        let queue = DispatchQueue(label: "SignalWatchTests.again")
        let first = Recorder<SignalWatch.Signal>()
        do {
            let watch = try SignalWatch([.interrupt], queue: queue) { first.record($0) }
            withExtendedLifetime(watch) {}
        }
        let second = Recorder<SignalWatch.Signal>()
        let watch = try SignalWatch([.interrupt], queue: queue) { second.record($0) }
        #expect(kill(getpid(), SIGINT) == 0)
        #expect(await second.waitFor(count: 1) == [.interrupt])
        #expect(first.values.isEmpty)
        withExtendedLifetime(watch) {}
    }

    @Test func signalNumbersAreLinuxs() {
        #expect(SignalWatch.Signal.hangUp.rawValue == SIGHUP)
        #expect(SignalWatch.Signal.interrupt.rawValue == SIGINT)
        #expect(SignalWatch.Signal.terminate.rawValue == SIGTERM)
    }
}
