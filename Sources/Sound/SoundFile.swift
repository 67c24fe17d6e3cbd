import CSndfile

/// An open sound file (WAV, Ogg Vorbis/Opus, FLAC, …): the one owner of libsndfile's `SNDFILE*`.
///
/// Alarm sounds are short, so it decodes a whole file into memory at once.
public final class SoundFile {
    public let path: String
    public let sampleRate: Int
    public let channelCount: Int
    private let handle: OpaquePointer

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
        guard info.channels > 0, info.samplerate > 0 else {
            throw SoundFileError(kind: .empty, path: path, detail: "no channels or no sample rate")
        }
    }

    deinit {
        sf_close(handle)
    }

    /// All frames as interleaved float samples in -1...1. The corresponding C function is `sf_readf_float`.
    public func readFloat32() throws(SoundFileError) -> [Float] {
        try readAll { buffer, frames in sf_readf_float(handle, buffer, frames) }
    }

    /// All frames as interleaved signed 16-bit samples. The corresponding C function is `sf_readf_short`.
    public func readInt16() throws(SoundFileError) -> [Int16] {
        try readAll { buffer, frames in sf_readf_short(handle, buffer, frames) }
    }

    /// Reads from the first frame to the end in chunks: the frame count libsndfile reports for
    /// compressed formats is an estimate, so the end of the data, not the header, decides.
    private func readAll<Sample: Numeric>(
        _ read: (UnsafeMutablePointer<Sample>, sf_count_t) -> sf_count_t
    ) throws(SoundFileError) -> [Sample] {
        guard sf_seek(handle, 0, SEEK_SET) == 0 else { throw lastError() }
        let chunkFrames = 4096
        var samples: [Sample] = []
        var chunk = [Sample](repeating: 0, count: chunkFrames * channelCount)
        while true {
            let frames = chunk.withUnsafeMutableBufferPointer { read($0.baseAddress!, sf_count_t(chunkFrames)) }
            if frames <= 0 { break }
            samples.append(contentsOf: chunk[0..<(Int(frames) * channelCount)])
        }
        guard Int(sf_error(handle)) == SF_ERR_NO_ERROR else { throw lastError() }
        guard !samples.isEmpty else {
            throw SoundFileError(kind: .empty, path: path, detail: "no frames")
        }
        return samples
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
