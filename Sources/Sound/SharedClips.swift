import Glibc
import Synchronization

/// Decoded sound files shared by every alarm that plays them, within a byte budget.
///
/// A file is decoded once while anything still holds its clip: alarms ringing together, or one
/// prepared ahead and one ringing, play the same buffer. The table keeps clips weakly, so the
/// last alarm to let go of a clip frees it. A clip is known by its path and by the file's
/// identity and version (device, inode, size, modification time): a file replaced or edited in
/// place is decoded anew. Nothing else changes what decoding gives.
///
/// The clips alive together take at most `budget` bytes. A file that does not fit whole plays
/// its beginning, as much as fits, on a loop, when that lasts at least `shortestLoop`;
/// otherwise `clip(contentsOf:)` throws `overBudget` and `AlarmSound` falls back to the theme's
/// sound and then to the built-in tone, which is tiny and made once. Never silence.
public final class SharedClips: Sendable {
    /// What decoded clips may take together: one ten-minute stereo file at 48 kHz (230 MB)
    /// and some to spare.
    public static let defaultBudget = 256 << 20
    /// A beginning shorter than this would loop too often to sound like the file: the
    /// fallbacks play instead.
    public static let shortestLoop: Duration = .seconds(10)

    public let budget: Int
    /// `AudioClip.alarmTone()`, made once and outside the budget (270 kB).
    public let tone = AudioClip.alarmTone()

    /// What a file decoded to; `shortened` when only its beginning fit within the budget.
    public struct Decoded: Sendable {
        public let clip: AudioClip
        public let shortened: Bool
    }

    private struct Key: Hashable {
        var path: String
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
    }

    private struct Entry {
        weak var storage: AudioClip.Storage?
        let sampleRate: Int
        let channelCount: Int
        let bytes: Int
        let shortened: Bool
    }

    /// Held while a file is looked up and decoded, so that two callers never decode the same
    /// file side by side, nor both count on the same free bytes.
    private let entries = Mutex<[Key: Entry]>([:])
    private let decodeCount = Atomic<Int>(0)

    public init(budget: Int = SharedClips.defaultBudget) {
        self.budget = budget
    }

    /// How many files were decoded so far (a clip shared is not decoded again).
    public var decodes: Int { decodeCount.load(ordering: .relaxed) }

    /// The bytes the clips still held by someone take.
    public var bytesInUse: Int {
        entries.withLock { entries in
            entries = entries.filter { $0.value.storage != nil }
            return entries.values.reduce(0) { $0 + $1.bytes }
        }
    }

    /// The clip of the sound file at `path`: the one already decoded while someone holds it,
    /// else decoded now, whole or, when it does not fit in what is left of the budget, its
    /// beginning. Throws what decoding throws, and `overBudget` when not even `shortestLoop`
    /// of it fits.
    public func clip(contentsOf path: String) throws(SoundFileError) -> Decoded {
        try entries.withLock { entries throws(SoundFileError) -> Decoded in
            entries = entries.filter { $0.value.storage != nil }
            let key = try Self.key(of: path)
            if let entry = entries[key], let storage = entry.storage {
                let clip = AudioClip(storage: storage, sampleRate: entry.sampleRate, channelCount: entry.channelCount)
                return Decoded(clip: clip, shortened: entry.shortened)
            }
            let file = try SoundFile(path: path)
            let frameBytes = file.channelCount * MemoryLayout<Float>.size
            let free = budget - entries.values.reduce(0) { $0 + $1.bytes }
            let fittingFrames = max(0, free / frameBytes)
            let wanted = file.estimatedFrameCount
            guard wanted <= fittingFrames || fittingFrames >= Int(Self.shortestLoop.components.seconds) * file.sampleRate else {
                throw SoundFileError(kind: .overBudget, path: path,
                                     detail: "the sounds of the alarms ringing now take \(budget - free) of \(budget) bytes")
            }
            decodeCount.add(1, ordering: .relaxed)
            let samples = try file.readFloat32(upTo: fittingFrames)
            guard !samples.isEmpty else {
                throw SoundFileError(kind: .empty, path: path, detail: "no frames")
            }
            let clip = AudioClip(samples: samples, sampleRate: file.sampleRate, channelCount: file.channelCount)
            // The header's length is an estimate: whether the read stopped at the limit decides.
            let shortened = clip.frameCount == fittingFrames && file.hasMoreFrames
            entries[key] = Entry(storage: clip.storage, sampleRate: clip.sampleRate, channelCount: clip.channelCount,
                                 bytes: clip.byteCount, shortened: shortened)
            return Decoded(clip: clip, shortened: shortened)
        }
    }

    /// The file's identity and version. The corresponding C function is `stat`.
    private static func key(of path: String) throws(SoundFileError) -> Key {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw SoundFileError(kind: .unreadable, path: path, detail: String(cString: strerror(errno)))
        }
        return Key(path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                   modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }
}

extension AudioClip {
    /// A clip on a buffer another clip already holds.
    init(storage: Storage, sampleRate: Int, channelCount: Int) {
        self.storage = storage
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }
}
