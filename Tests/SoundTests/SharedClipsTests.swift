import Foundation
import Sound
import Testing

/// Alarms that play the same file share one decoded clip, and the clips alive together stay
/// within a byte budget; past it an alarm plays a shorter loop or a fallback, never silence.
@Suite struct SharedClipsTests {
    static let systemOnly = ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/share"]

    /// A mono 8 kHz WAV of `seconds`: 32 kB of decoded samples a second.
    static func tone(_ directory: ScratchDirectory, _ name: String, seconds: Int, frequency: Int = 440) throws -> String {
        let path = directory.path + "/" + name
        try run("sox", ["-n", "-r", "8000", "-c", "1", path, "synth", "\(seconds)", "sine", "\(frequency)"])
        return path
    }

    static func load(_ path: String, _ clips: SharedClips) -> AlarmSound {
        AlarmSound.load(path, fallbackName: "alarm-clock-elapsed", environment: systemOnly, clips: clips)
    }

    @Test func eightAlarmsPlayingOneFileDecodeItOnce() throws {
        let directory = try ScratchDirectory()
        let path = try Self.tone(directory, "long.wav", seconds: 60)
        let clips = SharedClips()
        let sounds = (0..<8).map { _ in Self.load(path, clips) }
        #expect(sounds.allSatisfy { $0.source == .requested(path: path) && !$0.shortened })
        #expect(clips.decodes == 1)
        #expect(clips.bytesInUse == 60 * 8000 * 4)
        withExtendedLifetime(sounds) {}
    }

    @Test func aClipNobodyHoldsIsFreedAndDecodedAgainWhenNeeded() throws {
        let directory = try ScratchDirectory()
        let path = try Self.tone(directory, "short.wav", seconds: 2)
        let clips = SharedClips()
        var sound: AlarmSound? = Self.load(path, clips)
        #expect(clips.bytesInUse == 2 * 8000 * 4)
        withExtendedLifetime(sound) {}
        sound = nil
        #expect(clips.bytesInUse == 0)
        sound = Self.load(path, clips)
        #expect(clips.decodes == 2)
        withExtendedLifetime(sound) {}
    }

    @Test func aFileChangedInPlaceIsDecodedAnew() throws {
        let directory = try ScratchDirectory()
        let path = try Self.tone(directory, "edited.wav", seconds: 2)
        let clips = SharedClips()
        let before = Self.load(path, clips)
        _ = try Self.tone(directory, "edited.wav", seconds: 3)
        let after = Self.load(path, clips)
        #expect(clips.decodes == 2)
        #expect(before.clip.frameCount == 2 * 8000 && after.clip.frameCount == 3 * 8000)
    }

    @Test func soundsBeyondTheBudgetPlayAShorterLoopOrAFallbackNeverSilence() throws {
        let directory = try ScratchDirectory()
        let budget = 32 * 8000 * 4  // 32 s of the test's files
        let clips = SharedClips(budget: budget)
        let first = Self.load(try Self.tone(directory, "a.wav", seconds: 20), clips)
        #expect(!first.shortened && first.clip.frameCount == 20 * 8000)
        #expect(clips.bytesInUse <= budget)

        // 12 s are left: at least the shortest loop, so the second file loops its beginning.
        let second = Self.load(try Self.tone(directory, "b.wav", seconds: 20, frequency: 660), clips)
        #expect(second.source == .requested(path: directory.path + "/b.wav"))
        #expect(second.shortened && second.clip.frameCount == 12 * 8000)
        #expect(clips.bytesInUse <= budget)

        // Nothing is left: not even the theme's sound fits, the built-in tone plays.
        let third = Self.load(try Self.tone(directory, "c.wav", seconds: 20, frequency: 880), clips)
        #expect(third.source == .generatedTone)
        #expect(third.clip.frameCount > 0 && third.clip.samples.contains { $0 != 0 })
        #expect(third.fallbackNote?.contains("no memory left") == true)
        #expect(clips.bytesInUse <= budget)
        #expect(clips.decodes == 2)
        withExtendedLifetime((first, second, third)) {}
    }
}
