/// Decoded, interleaved float32 PCM held in memory: what `SoundPlayer.play` plays.
///
/// Copies share one buffer, and `SharedClips` follows that buffer to know when the last
/// alarm playing a clip has let go of it.
public struct AudioClip: Sendable {
    /// The one buffer every copy of a clip holds.
    final class Storage: Sendable {
        let samples: [Float]
        init(_ samples: [Float]) { self.samples = samples }
    }

    let storage: Storage
    public let sampleRate: Int
    public let channelCount: Int

    /// Interleaved samples in -1...1, `channelCount` per frame.
    public var samples: [Float] { storage.samples }

    public init(samples: [Float], sampleRate: Int, channelCount: Int) {
        precondition(sampleRate > 0 && channelCount > 0, "a clip needs a sample rate and channels")
        precondition(samples.count % channelCount == 0, "samples must hold whole frames")
        self.storage = Storage(samples)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }

    /// Decodes the whole sound file at `path`.
    public init(contentsOf path: String) throws(SoundFileError) {
        let file = try SoundFile(path: path)
        self.init(samples: try file.readFloat32(), sampleRate: file.sampleRate, channelCount: file.channelCount)
    }

    public var frameCount: Int { samples.count / channelCount }

    /// The memory its samples take.
    public var byteCount: Int { samples.count * MemoryLayout<Float>.size }

    public var duration: Duration {
        .nanoseconds(Int64(frameCount) * 1_000_000_000 / Int64(sampleRate))
    }
}
