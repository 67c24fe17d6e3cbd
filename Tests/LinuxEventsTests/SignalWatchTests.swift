import Dispatch
import Glibc
import LinuxEvents
import Testing

// Serialized: each test signals the whole process, which every watch in it would see. They use
// SIGUSR1/2: other suites in this process (the captcha terminal) end the process on SIGHUP or SIGINT.
@Suite(.serialized) struct SignalWatchTests {
    @Test func deliversASignalSentToThisProcess() async throws {
        let received = Recorder<SignalWatch.Signal>()
        let watch = try SignalWatch([.user1], queue: DispatchQueue(label: "SignalWatchTests")) { received.record($0) }
        #expect(kill(getpid(), SIGUSR1) == 0)
        #expect(await received.waitFor(count: 1) == [.user1])
        withExtendedLifetime(watch) {}
    }

    @Test func aWatchMadeAfterAnEarlierOneWasDroppedStillReceives() async throws {
        let queue = DispatchQueue(label: "SignalWatchTests.again")
        let first = Recorder<SignalWatch.Signal>()
        do {
            let watch = try SignalWatch([.user2], queue: queue) { first.record($0) }
            withExtendedLifetime(watch) {}
        }
        let second = Recorder<SignalWatch.Signal>()
        let watch = try SignalWatch([.user2], queue: queue) { second.record($0) }
        #expect(kill(getpid(), SIGUSR2) == 0)
        #expect(await second.waitFor(count: 1) == [.user2])
        #expect(first.values.isEmpty)
        withExtendedLifetime(watch) {}
    }

    /// The captcha's resizes come this way, like its SIGTERM and SIGHUP.
    @Test func aWindowChangeReachesTheWatch() async throws {
        let received = Recorder<SignalWatch.Signal>()
        let watch = try SignalWatch([.windowChanged], queue: DispatchQueue(label: "SignalWatchTests.winch")) {
            received.record($0)
        }
        #expect(kill(getpid(), SIGWINCH) == 0)
        #expect(await received.waitFor(count: 1) == [.windowChanged])
        withExtendedLifetime(watch) {}
    }

    @Test func signalNumbersAreLinuxs() {
        #expect(SignalWatch.Signal.hangUp.rawValue == SIGHUP)
        #expect(SignalWatch.Signal.interrupt.rawValue == SIGINT)
        #expect(SignalWatch.Signal.terminate.rawValue == SIGTERM)
        #expect(SignalWatch.Signal.user1.rawValue == SIGUSR1)
        #expect(SignalWatch.Signal.user2.rawValue == SIGUSR2)
        #expect(SignalWatch.Signal.windowChanged.rawValue == SIGWINCH)
    }
}
