import Foundation
import Sound
import Testing

/// Each test runs its own PulseAudio server and records its null sink's monitor, so they may run in parallel.
@Suite struct PlaybackTests {
    /// Records while `playing` runs, then returns the recording and the second its sound began.
    func record(
        _ session: PulseSession,
        _ playing: () async throws -> Void
    ) async throws -> (recording: Recording, onset: Double) {
        let recording = try Recording(session)
        try await recording.waitUntilLive()
        try await playing()
        recording.finish()
        return (recording, try Sox.onset(recording.path))
    }

    @Test func theAlarmPlaysAtFullVolumeAndLoopsPastTheFilesLength() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            let sound = try player.play(file: freedesktopAlarm, volume: 1, fadeIn: .zero, loop: true)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await recordOneSecond(session).rms > 0.05)
            // The file lasts 6.13 s: sound from 6.5 s on means playback started over.
            try await Task.sleep(for: .milliseconds(5200))
            let afterTheEnd = try await recordOneSecond(session)
            #expect(afterTheEnd.length > 0.5)
            #expect(afterTheEnd.rms > 0.05)
            #expect(sound.state == .playing)
        }
    }

    @Test func stopSilencesTheSinkWithinATenthOfASecond() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            // An idle null sink records nothing; a silent stream keeps it running, so the recording
            // runs on the wall clock after the alarm stops and the span after stop holds real zeros.
            let carrier = try player.play(silence, volume: 0, fadeIn: .zero)
            let clock = ContinuousClock()
            var played = Duration.zero
            let (recording, onset) = try await record(session) {
                let start = clock.now
                let sound = try player.play(file: freedesktopAlarm, volume: 1, fadeIn: .zero)
                try await Task.sleep(for: .milliseconds(1500))
                sound.stop()
                played = clock.now - start
                #expect(sound.state == .stopped)
                try await Task.sleep(for: .milliseconds(1500))
            }
            carrier.stop()
            #expect(try Sox.stat(recording.path, from: onset + 0.2, length: 1).rms > 0.05)
            // The sound began after `start`, so onset + played is at or after the moment stop() returned.
            let afterStop = try Sox.stat(recording.path, from: onset + played.seconds + 0.1, length: 1)
            #expect(afterStop.length > 0.9)
            #expect(afterStop.rms < 0.0005)
        }
    }

    @Test func droppingThePlayingSoundStopsIt() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            var sound: PlayingSound? = try player.play(file: freedesktopAlarm, volume: 1, fadeIn: .zero)
            try await Task.sleep(for: .milliseconds(500))
            let whilePlaying = try await recordOneSecond(session)
            #expect(whilePlaying.rms > 0.05)  // proves the recorder hears the sound when there is one
            withExtendedLifetime(sound) {}
            sound = nil
            try await Task.sleep(for: .milliseconds(100))
            // Without a carrier an idle sink gives no samples at all, or zeros: both are silence.
            let afterDrop = try await recordOneSecond(session)
            #expect(afterDrop.length == 0 || afterDrop.rms < 0.0005)
        }
    }

    /// Records the sink for a second, while something plays, and measures the whole recording.
    func recordOneSecond(_ session: PulseSession) async throws -> Sox.Stat {
        let recording = try Recording(session)
        try await recording.waitUntilLive()
        try await Task.sleep(for: .seconds(1))
        recording.finish()
        return try Sox.stat(recording.path)
    }

    @Test func volumeFollowsTheSliderScaleSoAFifthIsFarQuieter() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            var levels: [Double] = []
            for volume in [1.0, 0.2] {
                let sound = try player.play(file: freedesktopAlarm, volume: volume, fadeIn: .zero)
                try await Task.sleep(for: .milliseconds(300))
                levels.append(try await recordOneSecond(session).rms)
                sound.stop()
            }
            #expect(levels[0] > 0.05)
            #expect(levels[1] > 0)
            // 0.2 on the slider scale is an amplitude of 0.2³ = 0.008.
            #expect(abs(levels[1] / levels[0] / 0.008 - 1) < 0.25)
        }
    }

    @Test func theFadeInMakesTheFirstSecondQuieterThanALaterOne() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            // One continuous recording: its timeline is the sink's clock, whatever the machine's load.
            let (recording, onset) = try await record(session) {
                let sound = try player.play(file: freedesktopAlarm, volume: 1, fadeIn: .seconds(3))
                try await Task.sleep(for: .seconds(5.5))
                sound.stop()
            }
            let first = try Sox.stat(recording.path, from: onset, length: 1).rms
            let later = try Sox.stat(recording.path, from: onset + 3.5, length: 1).rms
            #expect(later > 0.05)
            #expect(first < later / 4)
        }
    }

    @Test func settingTheVolumeRaisesAQuietSoundAtOnce() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            let sound = try player.play(file: freedesktopAlarm, volume: 0.2, fadeIn: .seconds(20))
            try await Task.sleep(for: .milliseconds(300))
            let before = try await recordOneSecond(session).rms
            sound.setVolume(1)
            try await Task.sleep(for: .milliseconds(200))
            let after = try await recordOneSecond(session).rms
            sound.stop()
            #expect(after > 0.05)
            #expect(before < after / 10)
        }
    }

    @Test func aSoundPlayedOnceReportsItsEnd() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            let beep = AudioClip(samples: [Float](repeating: 0.5, count: 4800), sampleRate: 48000, channelCount: 1)
            let ended = Ending()
            let sound = try player.play(beep, volume: 1, fadeIn: .zero, loop: false, onEnd: ended.report)
            #expect(await ended.first(within: .seconds(5)) == .finished)
            #expect(sound.state == .finished)
        }
    }

    @Test func aDyingServerEndsTheSoundWithServerGone() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            let ended = Ending()
            let sound = try player.play(file: freedesktopAlarm, volume: 1, fadeIn: .zero, onEnd: ended.report)
            #expect(player.isConnected)
            try session.stop()
            let ending = await ended.first(within: .seconds(5))
            guard case .failed(let error) = ending else {
                Issue.record("expected a failure, got \(String(describing: ending))")
                return
            }
            #expect(error.kind == .serverGone)
            #expect(sound.state == ending)
            #expect(!player.isConnected)
            #expect { try player.play(silence, volume: 1) } throws: { ($0 as? PulseError)?.kind == .serverGone }
        }
    }

    @Test func aStreamThatTimedOutOnAHungServerIsRemovedOnceTheServerContinues() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests", timeout: .seconds(1))
            let server = try pid_t(String(contentsOfFile: session.variables["PULSE_RUNTIME_PATH"]! + "/pid", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines))!
            kill(server, SIGSTOP)
            #expect { try player.play(silence, volume: 1) } throws: { ($0 as? PulseError)?.kind == .timedOut }
            kill(server, SIGCONT)
            // Answers come in order: after the first round trip the server has created the stream
            // and the player has asked to remove it; after the second it has removed it.
            _ = try player.serverInfo()
            _ = try player.serverInfo()
            let streams = try run("pactl", ["list", "short", "sink-inputs"], environment: session.environment)
            #expect(streams.isEmpty, "streams left on the server: \(streams)")
        }
    }

    @Test func aClipWithMoreChannelsThanPulseAudioAllowsIsUnsupported() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            let wide = AudioClip(samples: [Float](repeating: 0, count: 64 * 100), sampleRate: 48000, channelCount: 64)
            #expect { try player.play(wide, volume: 1) } throws: { ($0 as? PulseError)?.kind == .unsupportedSound }
        }
    }

    @Test func playingAMissingFileThrowsASoundFileError() async throws {
        try await withPulseSession { session in
            let player = try SoundPlayer(serverAddress: session.serverAddress, applicationName: "SoundTests")
            #expect(throws: SoundFileError.self) { try player.play(file: "/nonexistent.oga", volume: 1) }
        }
    }
}

/// One second of stereo digital silence at 48 kHz.
let silence = AudioClip(samples: [Float](repeating: 0, count: 96000), sampleRate: 48000, channelCount: 2)

/// Collects `onEnd` reports so a test can await the first.
final class Ending: Sendable {
    private let stream: AsyncStream<PlaybackState>
    private let continuation: AsyncStream<PlaybackState>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream() }

    var report: @Sendable (PlaybackState) -> Void {
        { [continuation] in continuation.yield($0) }
    }

    /// The first report, or nil if none comes within `limit`.
    func first(within limit: Duration) async -> PlaybackState? {
        await withTaskGroup(of: PlaybackState?.self) { group in
            group.addTask { [stream] in await stream.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
