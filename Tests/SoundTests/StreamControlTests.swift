import Foundation
import Sound
import Synchronization
import Testing

/// What `force_audible` builds on: the server's events while a sound plays, the stream's and its
/// sink's state as the server sees them, and the calls that undo a mute or a move.
@Suite(.serialized) struct StreamControlTests {
    /// Counts the server's change events.
    final class Events: Sendable {
        private let count = Mutex(0)
        func happened() { count.withLock { $0 += 1 } }
        var seen: Int { count.withLock { $0 } }

        /// Waits until more than `before` events came, at most `limit`.
        func more(than before: Int, within limit: Duration = .seconds(2)) async -> Bool {
            let deadline = ContinuousClock.now + limit
            while ContinuousClock.now < deadline {
                if seen > before { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return false
        }
    }

    static func pactl(_ session: PulseSession, _ arguments: String...) throws -> String {
        try run("pactl", arguments, environment: session.environment)
    }

    @Test func changesByAnotherClientAreReportedAndUndone() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            let events = Events()
            try player.followChanges { events.happened() }
            let sound = try player.play(file: freedesktopAlarm, volume: 1, fadeIn: .zero)
            #expect(sound.homeSink == "testsink")
            let start = try #require(try sound.serverState())
            #expect(!start.muted && !start.corked && start.volume == 1)
            #expect(start.sink.sinkName == "testsink" && start.sink.isNull)
            let index = try Self.pactl(session, "list", "short", "sink-inputs").split(separator: "\t").first.map(String.init) ?? ""

            // The stream muted and turned down by pactl: seen, then undone.
            var before = events.seen
            _ = try Self.pactl(session, "set-sink-input-mute", index, "1")
            _ = try Self.pactl(session, "set-sink-input-volume", index, "0")
            #expect(await events.more(than: before))
            let silenced = try #require(try sound.serverState())
            #expect(silenced.muted && silenced.volume == 0)
            #expect(try player.streamSilenced(processID: getpid(), applicationName: "SoundTests"))
            try sound.restoreStreamVolume()
            let restored = try #require(try sound.serverState())
            #expect(!restored.muted && restored.volume == 1)
            #expect(try !player.streamSilenced(processID: getpid(), applicationName: "SoundTests"))

            // Moved to another null sink, and back.
            _ = try Self.pactl(session, "load-module", "module-null-sink", "sink_name=elsewhere")
            before = events.seen
            _ = try Self.pactl(session, "move-sink-input", index, "elsewhere")
            #expect(await events.more(than: before))
            #expect(try sound.serverState()?.sink.sinkName == "elsewhere")
            try sound.move(toSink: "testsink")
            #expect(try sound.serverState()?.sink.sinkName == "testsink")

            // The sink suspended, and resumed.
            before = events.seen
            _ = try Self.pactl(session, "suspend-sink", "testsink", "1")
            #expect(await events.more(than: before))
            #expect(try player.sinkState(named: "testsink")?.suspended == true)
            try player.resumeSink(named: "testsink")
            #expect(try player.sinkState(named: "testsink")?.suspended == false)

            #expect(try player.sinkState(named: "nonexistent") == nil)
            sound.stop()
            #expect(try sound.serverState() == nil)
        }
    }
}
