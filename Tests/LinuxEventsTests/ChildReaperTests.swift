import Glibc
@testable import LinuxEvents
import Testing

@Suite struct ChildReaperTests {
    private func launch(_ script: String) throws -> Int32 {
        try Spawner.launch(argv: ["/bin/sh", "-c", script], environment: [:], workingDirectory: nil, streams: .devNull)
    }

    private func isGone(_ pid: Int32) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD
    }

    @Test func theBlockingFallbackReportsTheExitAndLeavesNoZombie() async throws {
        let pid = try launch("exit 4")
        let exits = Recorder<Termination>()
        ChildReaper.reapByBlockingWait(pid, reactor: .shared) { exits.record($0) }
        #expect(await exits.waitFor(count: 1) == [.exited(4)])
        #expect(isGone(pid))
    }

    @Test func aChildReapedElsewhereEndsAsUnknownRatherThanSpinning() async throws {
        // A loop not running yet, so that the waitpid below surely reaps the child before the reaper looks.
        let reactor = try Reactor()
        reactor.willRunOnCaller()
        let pid = try launch("exit 5")
        let exits = Recorder<Termination>()
        ChildReaper.reap(pid, reactor: reactor) { exits.record($0) }
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        DetachedThread.start { reactor.run() }
        #expect(await exits.waitFor(count: 1) == [.unknown])
        reactor.stop()
    }
}
