import DBus
import Glibc
import LinuxEvents
import ReveilleWake
import SystemSupport

/// `reveille-waked`: serves `io.github.Reveille1.Wake` on the system bus until SIGTERM or SIGINT
/// (status 0), an idle stretch with no wake held (status 0), or the loss of its bus (status 1).
enum WakeDaemon {
    static func run(arguments: [String]) async -> Int32 {
        if let unknown = arguments.dropFirst().first(where: { $0 != "--help" && $0 != "-h" }) {
            log("unknown argument '\(unknown)'; it takes only --help")
            return 2
        }
        if arguments.count > 1 {
            print("Usage: reveille-waked\nWakes the machine from suspend for Reveille's agents: serves \(WakeInterface.busName) on the system bus. See reveille-waked(8).")
            return 0
        }
        do {
            return try await serve()
        } catch {
            log("\(error)")
            return 1
        }
    }

    private static func serve() async throws -> Int32 {
        let status = OneShot<Int32>()
        let timerEvents = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let timer = try LiveWakeTimer { timerEvents.continuation.yield() }
        let connection = try Connection.system()
        let departures = AsyncStream.makeStream(of: String.self)
        let bus = LiveWakeBus(connection: connection) { departures.continuation.yield($0) }
        let clock = LiveWakeClock()
        let helper = WakeHelper(timer: timer, bus: bus, clock: clock, log: log)
        try connection.export([WakeInterface.table(helper)], at: WakeInterface.objectPath)
        let reply = try await connection.requestName(WakeInterface.busName)
        guard reply.isOwner else {
            log("\(WakeInterface.busName) is owned by another process on the system bus")
            return 1
        }
        let signals = try SignalWatch([.terminate, .interrupt]) { _ in status.set(0) }
        let tasks = [
            Task { for await _ in timerEvents.stream { await helper.timerFired() } },
            Task { for await connection in departures.stream { await helper.connectionLeft(connection) } },
            Task {
                await connection.waitUntilDisconnected()
                log("the system bus went away")
                status.set(1)
            },
            Task {
                await waitUntilIdle(helper, clock: clock)
                status.set(0)
            },
        ]
        let code = await status.wait()
        withExtendedLifetime(signals) {}
        tasks.forEach { $0.cancel() }
        // The name goes first, so that the next call starts a new helper rather than reaching this one.
        try? await connection.releaseName(WakeInterface.busName)
        connection.close()
        return code
    }

    /// Returns once the helper has held no wake and answered no call for `WakeLimits.idleExit`.
    /// Sleeps only while it is idle: holding a wake overnight, it waits for a change and nothing else.
    private static func waitUntilIdle(_ helper: WakeHelper, clock: LiveWakeClock) async {
        var changes = helper.idleChanges.makeAsyncIterator()
        while !Task.isCancelled {
            guard let due = await helper.idleExitDue else {
                _ = await changes.next()
                continue
            }
            let left = due - clock.uptime
            if left <= .zero { return }
            try? await Task.sleep(for: left)
        }
    }
}

/// One line on standard error, which the journal keeps.
@Sendable func log(_ message: String) {
    var line = Array("reveille-waked: \(message)\n".utf8)
    // A log line that cannot be written has nowhere else to go.
    _ = line.withUnsafeMutableBytes { bytes in retryingOnInterrupt { write(STDERR_FILENO, bytes.baseAddress, bytes.count) } }
}
