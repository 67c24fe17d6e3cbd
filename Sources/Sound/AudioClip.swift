/// Decoded, interleaved float32 PCM held in memory: what `SoundPlayer.play` plays.
public struct AudioClip: Sendable {
    /// Interleaved samples in -1...1, `channelCount` per frame.
    public let samples: [Float]
    public let sampleRate: Int
    public let channelCount: Int

    public init(samples: [Float], sampleRate: Int, channelCount: Int) {
        precondition(sampleRate > 0 && channelCount > 0, "a clip needs a sample rate and channels")
        precondition(samples.count % channelCount == 0, "samples must hold whole frames")
        self.samples = samples
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }

    /// Decodes the whole sound file at `path`.
    public init(contentsOf path: String) throws(SoundFileError) {
        let file = try SoundFile(path: path)
        self.init(samples: try file.readFloat32(), sampleRate: file.sampleRate, channelCount: file.channelCount)
    }

    public var frameCount: Int { samples.count / channelCount }

    public var duration: Duration {
        .nanoseconds(Int64(frameCount) * 1_000_000_000 / Int64(sampleRate))
    }
}
