import Glibc
@testable import LinuxEvents
import Synchronization
import SystemSupport
import Testing

/// Each test runs a loop of its own on a thread of its own, stopped at the end. Serialized: one
/// test counts the process's descriptors.
@Suite(.serialized) struct ReactorTests {
    private func running() throws -> Reactor {
        let reactor = try Reactor()
        reactor.willRunOnCaller()
        DetachedThread.start { reactor.run() }
        return reactor
    }

    private func pipeEnds() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = try check("pipe", pipe(&ends))
        return (ends[0], ends[1])
    }

    @Test func jobsRunInTheOrderTheyWereQueued() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        let order = Recorder<Int>()
        for n in 0..<200 { reactor.async { order.record(n) } }
        #expect(await order.waitFor(count: 200) == Array(0..<200))
    }

    @Test func aJobQueuedFromAJobRunsAfterIt() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        let order = Recorder<String>()
        reactor.async {
            reactor.async { order.record("inner") }
            order.record("outer")
        }
        #expect(await order.waitFor(count: 2) == ["outer", "inner"])
    }

    @Test func anotherThreadWakesTheSleepingLoop() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        // Long enough for the loop to be asleep in epoll_wait with nothing to do.
        try await Task.sleep(for: .milliseconds(200))
        let ran = Recorder<Bool>()
        DetachedThread.start { reactor.async { ran.record(reactor.isCurrent) } }
        #expect(await ran.waitFor(count: 1) == [true])
    }

    @Test func syncRunsOnTheLoopAndReturnsTheResult() throws {
        let reactor = try running()
        defer { reactor.stop() }
        #expect(!reactor.isCurrent)
        #expect(reactor.sync { reactor.isCurrent ? 42 : 0 } == 42)
    }

    @Test func aReadableDescriptorCallsItsHandlerOnTheLoop() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(writeEnd) }
        let seen = Recorder<UInt8>()
        let watch = try reactor.watch(readEnd, for: .readable) { ready in
            var byte: UInt8 = 0
            if ready.contains(.readable), read(readEnd, &byte, 1) == 1, reactor.isCurrent { seen.record(byte) }
        }
        var byte: UInt8 = 7
        #expect(write(writeEnd, &byte, 1) == 1)
        #expect(await seen.waitFor(count: 1) == [7])
        reactor.closing(readEnd, after: watch)
    }

    @Test func readAndWriteWatchesShareADescriptor() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        let seen = Recorder<String>()
        let fd = pair[0]
        // Both at once, as libdbus asks for a socket. Always writable: one report is enough, then
        // that watch cancels itself (on the loop, so at once).
        let writable = Mutex<Reactor.Watch?>(nil)
        try writable.withLock { slot in
            slot = try reactor.watch(fd, for: .writable) { ready in
                guard ready.contains(.writable), let watch = writable.withLock({ $0.take() }) else { return }
                watch.cancel()
                seen.record("writable")
            }
        }
        let readable = try reactor.watch(fd, for: .readable) { ready in
            var byte: UInt8 = 0
            if ready.contains(.readable), read(fd, &byte, 1) == 1 { seen.record("readable") }
        }
        #expect(await seen.waitFor(count: 1) == ["writable"])
        var byte: UInt8 = 1
        #expect(write(pair[1], &byte, 1) == 1)
        #expect(await seen.waitFor(count: 2) == ["writable", "readable"])
        reactor.closing(fd, after: readable)
    }

    @Test func aCancelledWatchIsNotCalledAgain() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(writeEnd); close(readEnd) }
        let calls = Recorder<Int>()
        let watch = try reactor.watch(readEnd, for: .readable) { _ in calls.record(1) }
        // Cancelled on the loop, before anything arrived: level-triggered, a call would repeat.
        reactor.sync { watch.cancel() }
        var byte: UInt8 = 1
        #expect(write(writeEnd, &byte, 1) == 1)
        try await Task.sleep(for: .milliseconds(300))
        #expect(calls.values.isEmpty)
    }

    @Test func timersFireInDeadlineOrderAndACancelledOneNever() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        let fired = Recorder<String>()
        reactor.after(.milliseconds(300)) { fired.record("late") }
        let dropped = reactor.after(.milliseconds(100)) { fired.record("cancelled") }
        reactor.after(.milliseconds(50)) { fired.record(reactor.isCurrent ? "early" : "off the loop") }
        dropped.cancel()
        #expect(await fired.waitFor(count: 2) == ["early", "late"])
        try await Task.sleep(for: .milliseconds(100))
        #expect(fired.values == ["early", "late"])
    }

    @Test func droppingALoopClosesItsDescriptors() throws {
        let kinds = ["anon_inode:[eventpoll]", "anon_inode:[eventfd]", "anon_inode:[timerfd]"]
        let before = try openDescriptors()
        do {
            let reactor = try Reactor()
            let during = try openDescriptors()
            for kind in kinds { #expect(during[kind, default: 0] == before[kind, default: 0] + 1, "\(kind)") }
            withExtendedLifetime(reactor) {}
        }
        let after = try openDescriptors()
        for kind in kinds { #expect(after[kind, default: 0] == before[kind, default: 0], "\(kind)") }
    }

    @Test func closingAfterAWatchClosesTheDescriptorOnTheLoop() async throws {
        let reactor = try running()
        defer { reactor.stop() }
        let (readEnd, writeEnd) = try pipeEnds()
        defer { close(writeEnd) }
        let watch = try reactor.watch(readEnd, for: .readable) { _ in }
        reactor.closing(readEnd, after: watch)
        reactor.sync {}
        #expect(fcntl(readEnd, F_GETFD) == -1 && errno == EBADF)
    }

    /// How many of the process's descriptors point at each kind of file, by their link in /proc.
    private func openDescriptors() throws -> [String: Int] {
        guard let directory = opendir("/proc/self/fd") else { throw SystemError(call: "opendir", code: errno) }
        defer { closedir(directory) }
        var kinds: [String: Int] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            var target = [CChar](repeating: 0, count: 256)
            let length = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            guard length > 0 else { continue }
            kinds[String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self), default: 0] += 1
        }
        return kinds
    }

    /// The loop waits on `CLOCK_MONOTONIC`, which stands still in suspend: in reveilled a `Task.sleep`
    /// does not count suspended time, and nothing may rely on it doing so (`ReactorExecutors`).
    @Test func theLoopsClockIsMonotonicSoSuspendedTimeDoesNotCount() throws {
        let reactor = try Reactor()
        let info = try #require(try readSmallTextFile("/proc/self/fdinfo/\(reactor.clock)"))
        // CLOCK_MONOTONIC is 1; CLOCK_BOOTTIME (ContinuousClock), which counts suspend, would be 7.
        #expect(info.contains("clockid: \(CLOCK_MONOTONIC)"), "the loop's timerfd: \(info)")
    }
}
