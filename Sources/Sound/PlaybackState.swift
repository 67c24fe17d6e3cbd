/// How a sound's playback stands.
public enum PlaybackState: Equatable, Sendable {
    case playing
    /// A sound played once (`loop: false`) has played to its end.
    case finished
    /// `stop()` was called or the `PlayingSound` was dropped.
    case stopped
    /// The server dropped the sound: `serverGone` when it died or restarted.
    case failed(PulseError)
}
