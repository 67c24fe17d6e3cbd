import Sound
import Testing

/// An alarm is never silent for want of a file: the sound asked for, else the theme's alarm
/// sound, else a tone made in memory.
@Suite struct AlarmSoundTests {
    static let systemOnly = ["HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/share"]

    @Test func aReadableSoundPlaysAsAsked() {
        let sound = AlarmSound.load(freedesktopAlarm, fallbackName: "alarm-clock-elapsed", environment: Self.systemOnly)
        #expect(sound.source == .requested(path: freedesktopAlarm))
        #expect(sound.problems.isEmpty && sound.fallbackNote == nil)
    }

    @Test func aMissingFileFallsBackToTheThemeSound() {
        let sound = AlarmSound.load("/nonexistent.oga", fallbackName: "alarm-clock-elapsed", environment: Self.systemOnly)
        #expect(sound.source == .theme(path: freedesktopAlarm))
        #expect(sound.fallbackNote?.contains("/nonexistent.oga") == true)
        #expect(sound.fallbackNote?.contains("theme") == true)
    }

    @Test func anUndecodableFileFallsBackToTheThemeSound() throws {
        let data = try ScratchDirectory()
        let broken = try data.write("broken.oga", "not a sound at all")
        let sound = AlarmSound.load(broken, fallbackName: "alarm-clock-elapsed", environment: Self.systemOnly)
        #expect(sound.source == .theme(path: freedesktopAlarm))
        #expect(sound.problems.count == 1 && sound.problems[0].contains(broken))
    }

    @Test func withoutTheThemeSoundTooTheGeneratedTonePlays() throws {
        let empty = try ScratchDirectory()
        let environment = ["HOME": "/nonexistent", "XDG_DATA_DIRS": empty.path]
        let sound = AlarmSound.load("/nonexistent.oga", fallbackName: "alarm-clock-elapsed", environment: environment)
        #expect(sound.source == .generatedTone)
        #expect(sound.problems.count == 2)
        #expect(sound.fallbackNote?.contains("built-in tone") == true)
    }

    @Test func aMissingThemeSoundItselfFallsBackToTheTone() throws {
        let empty = try ScratchDirectory()
        let environment = ["HOME": "/nonexistent", "XDG_DATA_DIRS": empty.path]
        let sound = AlarmSound.load("alarm-clock-elapsed", fallbackName: "alarm-clock-elapsed", environment: environment)
        #expect(sound.source == .generatedTone)
        #expect(sound.problems == ["no sound file for 'alarm-clock-elapsed' in the sound theme"])
    }

    @Test func theGeneratedToneIsLoudAndLoopsWithoutAClick() {
        let tone = AudioClip.alarmTone()
        #expect(tone.sampleRate == 48_000 && tone.channelCount == 1)
        #expect(tone.duration == .milliseconds(1400))
        #expect(tone.samples.allSatisfy { (-1...1).contains($0) })
        let rms = (tone.samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(tone.samples.count)).squareRoot()
        #expect(rms > 0.1)
        // Silent at both ends, so the loop joins quietly.
        #expect(tone.samples.first == 0 && tone.samples.last == 0)
    }
}
