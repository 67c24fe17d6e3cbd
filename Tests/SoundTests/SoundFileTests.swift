import Foundation
import Sound
import Testing

let freedesktopAlarm = "/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga"

/// A scratch directory for one test, removed when the test's value goes away.
final class ScratchDirectory {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sound-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Creates `relativePath` (and its parents) holding `contents`.
    @discardableResult
    func write(_ relativePath: String, _ contents: String = "") throws -> String {
        let file = path + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}

@Suite struct SoundFileTests {
    @Test func decodesTheFreedesktopAlarmAsStereoFloatAt48kHz() throws {
        let clip = try AudioClip(contentsOf: freedesktopAlarm)
        #expect(clip.sampleRate == 48000)
        #expect(clip.channelCount == 2)
        #expect(clip.frameCount == 294_128)  // soxi: 00:00:06.13 = 294128 samples
        #expect(clip.samples.allSatisfy { (-1...1).contains($0) })
        #expect(clip.samples.map(abs).max()! > 0.3)
    }

    @Test func decodesInt16MatchingTheFloatSamples() throws {
        let file = try SoundFile(path: freedesktopAlarm)
        let floats = try file.readFloat32()
        let shorts = try file.readInt16()
        #expect(shorts.count == floats.count)
        let loudest = floats.indices.max { abs(floats[$0]) < abs(floats[$1]) }!
        #expect(abs(Double(shorts[loudest]) / 32768 - Double(floats[loudest])) < 0.001)
    }

    @Test(arguments: ["wav", "flac"])
    func decodesWavAndFlacFiles(format: String) throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/tone." + format
        try run("sox", ["-n", "-r", "44100", "-c", "1", path, "synth", "0.5", "sine", "440"])
        let clip = try AudioClip(contentsOf: path)
        #expect(clip.sampleRate == 44100)
        #expect(clip.channelCount == 1)
        #expect(clip.frameCount == 22050)
        #expect(clip.duration == .milliseconds(500))
    }

    /// FLAC keeps an hour of silence small, and its header says how long it is: the file is
    /// refused when it is opened, before a single frame is decoded.
    @Test func aFileLongerThanTenMinutesIsRefusedWhenOpened() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/hour.flac"
        try run("sox", ["-n", "-r", "8000", "-c", "1", path, "trim", "0", "3700"])
        do {
            _ = try SoundFile(path: path)
            Issue.record("an hour-long file was opened for decoding")
        } catch {
            #expect(error.kind == .tooLong)
        }
        #expect(throws: SoundFileError(kind: .tooLong, path: path, detail: "it lasts more than 600 s")) {
            _ = try AudioClip(contentsOf: path)
        }
    }

    @Test func aFileJustUnderTheLimitDecodes() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/long.flac"
        try run("sox", ["-n", "-r", "800", "-c", "1", path, "trim", "0", "599"])
        #expect(try AudioClip(contentsOf: path).frameCount == 599 * 800)
    }

    @Test func aMissingFileIsUnreadable() throws {
        #expect(throws: SoundFileError.self) { try SoundFile(path: "/nonexistent/alarm.oga") }
        do {
            _ = try SoundFile(path: "/nonexistent/alarm.oga")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.description.contains("/nonexistent/alarm.oga"))
        }
    }

    @Test func aTextFileIsAnUnsupportedFormat() throws {
        let directory = try ScratchDirectory()
        let path = try directory.write("notes.oga", String(repeating: "not a sound\n", count: 100))
        do {
            _ = try SoundFile(path: path)
            Issue.record("a text file decoded as sound")
        } catch {
            #expect(error.kind == .unsupportedFormat)
        }
    }
}
