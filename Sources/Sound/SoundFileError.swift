/// Why a sound file could not be decoded.
public struct SoundFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The file is missing or cannot be opened.
        case unreadable
        /// libsndfile does not know the container or codec.
        case unsupportedFormat
        /// The file claims a known format but its content is broken.
        case malformed
        /// The file opened but has nothing to play (no frames, no channels).
        case empty
        /// Longer than `SoundFile.maximumDuration`: it is refused before it is decoded.
        case tooLong
        /// Not even a short loop of it fits in what the sounds already playing leave of
        /// `SharedClips.budget`.
        case overBudget
    }

    public let kind: Kind
    public let path: String
    /// libsndfile's own explanation, for people.
    public let detail: String

    public init(kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    public var description: String {
        switch kind {
        case .unreadable: "cannot read sound file \(path): \(detail)"
        case .unsupportedFormat: "unsupported sound file \(path): \(detail)"
        case .malformed: "broken sound file \(path): \(detail)"
        case .empty: "sound file \(path) has no audio: \(detail)"
        case .tooLong: "sound file \(path) is too long to play as an alarm: \(detail)"
        case .overBudget: "no memory left to decode sound file \(path): \(detail)"
        }
    }
}
