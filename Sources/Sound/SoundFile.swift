import CSndfile

/// An open sound file (WAV, Ogg Vorbis/Opus, FLAC, …): the one owner of libsndfile's `SNDFILE*`.
///
/// Alarm sounds are short, so it decodes a whole file into memory at once, and refuses a file
/// longer than `maximumDuration`: decoded, an hour of CD audio would take 1.3 GB.
public final class SoundFile {
    public let path: String
    public let sampleRate: Int
    public let channelCount: Int
    private let handle: OpaquePointer
    /// The most frames a read keeps: the header's length may be an estimate, or a lie.
    private let maximumFrames: Int
    /// The length the header gives; `Int64.max` when libsndfile cannot tell.
    private let headerFrames: Int64

    /// Ten minutes, as documented in reveille(1) and reveille.conf(5).
    public static let maximumDuration: Duration = .seconds(600)
    /// Ten minutes of 48 kHz stereo, about 230 MB decoded: a file with a higher rate or more
    /// channels gets less time, so that no file takes more memory than that.
    public static let maximumSamples = 600 * 48_000 * 2

    /// Opens `path` for reading. The corresponding C function is `sf_open`.
    public init(path: String) throws(SoundFileError) {
        var info = SF_INFO()
        guard let handle = sf_open(path, Int32(SFM_READ), &info) else {
            throw Self.openError(path: path)
        }
        self.path = path
        self.handle = handle
        self.sampleRate = Int(info.samplerate)
        self.channelCount = Int(info.channels)
        self.headerFrames = info.frames
        // Set before any throw, so that deinit closes the file.
        self.maximumFrames = info.channels > 0
            ? min(Int(info.samplerate) * Int(Self.maximumDuration.components.seconds), Self.maximumSamples / Int(info.channels))
            : 0
        guard info.channels > 0, info.samplerate > 0 else {
            throw SoundFileError(kind: .empty, path: path, detail: "no channels or no sample rate")
        }
        // libsndfile reports SF_COUNT_MAX when it cannot tell; the read then stops at the limit.
        if info.frames > maximumFrames && info.frames != Int64.max { throw tooLong() }
    }

    deinit {
        sf_close(handle)
    }

    /// All frames as interleaved float samples in -1...1. The corresponding C function is `sf_readf_float`.
    public func readFloat32() throws(SoundFileError) -> [Float] {
        try readAll { buffer, frames in sf_readf_float(handle, buffer, frames) }
    }

    /// The first `limit` frames (all of them if the file is shorter), as `readFloat32()` reads
    /// them: for a clip that must fit in what memory is left.
    public func readFloat32(upTo limit: Int) throws(SoundFileError) -> [Float] {
        try readAll(upTo: limit) { buffer, frames in sf_readf_float(handle, buffer, frames) }
    }

    /// Whether a frame follows where the last read stopped. The corresponding C function is `sf_readf_float`.
    public var hasMoreFrames: Bool {
        var frame = [Float](repeating: 0, count: channelCount)
        return frame.withUnsafeMutableBufferPointer { sf_readf_float(handle, $0.baseAddress!, 1) } == 1
    }

    /// How many frames the file holds, as its header says (an estimate for compressed formats);
    /// the most a read keeps when the header cannot tell.
    public var estimatedFrameCount: Int {
        headerFrames >= 0 && headerFrames != Int64.max ? min(Int(headerFrames), maximumFrames) : maximumFrames
    }

    /// All frames as interleaved signed 16-bit samples. The corresponding C function is `sf_readf_short`.
    public func readInt16() throws(SoundFileError) -> [Int16] {
        try readAll { buffer, frames in sf_readf_short(handle, buffer, frames) }
    }

    /// Reads from the first frame to the end in chunks: the frame count libsndfile reports for
    /// compressed formats is an estimate, so the end of the data, not the header, decides.
    /// Past `limit` frames it stops without a word; past `maximumFrames` it throws `tooLong`.
    private func readAll<Sample: Numeric>(
        upTo limit: Int = .max,
        _ read: (UnsafeMutablePointer<Sample>, sf_count_t) -> sf_count_t
    ) throws(SoundFileError) -> [Sample] {
        guard sf_seek(handle, 0, SEEK_SET) == 0 else { throw lastError() }
        let chunkFrames = 4096
        var samples: [Sample] = []
        // The header's length is only a hint, but a good one: no doubling of a 200 MB buffer.
        samples.reserveCapacity(min(limit, estimatedFrameCount) * channelCount)
        var chunk = [Sample](repeating: 0, count: chunkFrames * channelCount)
        while samples.count / channelCount < limit {
            let wanted = min(chunkFrames, limit - samples.count / channelCount)
            let frames = chunk.withUnsafeMutableBufferPointer { read($0.baseAddress!, sf_count_t(wanted)) }
            if frames <= 0 { break }
            guard samples.count / channelCount + Int(frames) <= maximumFrames else { throw tooLong() }
            samples.append(contentsOf: chunk[0..<(Int(frames) * channelCount)])
        }
        guard Int(sf_error(handle)) == SF_ERR_NO_ERROR else { throw lastError() }
        guard !samples.isEmpty else {
            throw SoundFileError(kind: .empty, path: path, detail: "no frames")
        }
        return samples
    }

    private func tooLong() -> SoundFileError {
        SoundFileError(kind: .tooLong, path: path, detail: "it lasts more than \(maximumFrames / sampleRate) s")
    }

    private func lastError() -> SoundFileError {
        SoundFileError(kind: .malformed, path: path, detail: String(cString: sf_strerror(handle)))
    }

    /// `sf_open` reports through the global (NULL-handle) error slot; read it at once.
    private static func openError(path: String) -> SoundFileError {
        let detail = String(cString: sf_strerror(nil))
        let kind: SoundFileError.Kind = switch Int(sf_error(nil)) {
        case SF_ERR_UNRECOGNISED_FORMAT, SF_ERR_UNSUPPORTED_ENCODING: .unsupportedFormat
        case SF_ERR_MALFORMED_FILE: .malformed
        default: .unreadable
        }
        return SoundFileError(kind: kind, path: path, detail: detail)
    }
}
