import ReveilleTime
/// Plays alarm sounds on the PulseAudio (or pipewire-pulse) server, and reads and sets the
/// default sink's mute and volume.
///
/// One player is one connection. A player whose server died stays disconnected
/// (`isConnected` turns false, playing sounds end with `serverGone`): make a new one to retry.
public final class SoundPlayer: Sendable {
    let connection: PulseContext

    /// Connects to `serverAddress` (such as `unix:/run/user/1000/pulse/native`), or where libpulse
    /// looks by default when nil: `$PULSE_SERVER`, then client.conf, then the user's runtime
    /// directory. Never spawns a server. Waits at most `timeout` for it, and as long for each
    /// later answer. The corresponding C functions are `pa_context_new` and `pa_context_connect`.
    public init(serverAddress: String? = nil, applicationName: String, timeout: Duration = .seconds(5)) throws(PulseError) {
        connection = try PulseContext(serverAddress: serverAddress, applicationName: applicationName, timeout: timeout)
    }

    /// Whether the connection to the server is still up. The corresponding C function is `pa_context_get_state`.
    public var isConnected: Bool {
        connection.withLock { connection.isReady }
    }

    /// Starts playing `clip` on the default sink.
    ///
    /// - Parameters:
    ///   - volume: 0...1 on the scale of a desktop volume slider: the sample amplitude is volume³,
    ///     PulseAudio's own curve. Applied to the samples, so the sink's and the stream's own
    ///     volumes still count on top (see `setDefaultSink` to force the sink audible).
    ///   - fadeIn: the sound starts at a tenth of `volume` and rises to it over this time.
    ///   - loop: repeat the clip until stopped; otherwise play it once and end as `.finished`.
    ///   - corked: connect and fill the stream but play nothing until `PlayingSound.uncork()`.
    ///   - onEnd: called once, on a background queue, if playback ends other than by `stop()`
    ///     or dropping the sound: `.finished`, or `.failed` (such as `serverGone`). Capture the
    ///     `PlayingSound` weakly in it, or the two keep each other alive.
    public func play(
        _ clip: AudioClip,
        volume: Double,
        fadeIn: Duration = .seconds(20),
        loop: Bool = true,
        corked: Bool = false,
        onEnd: (@Sendable (PlaybackState) -> Void)? = nil
    ) throws(PulseError) -> PlayingSound {
        let fadeFrames = Int(Double(fadeIn.wholeMicroseconds) * Double(clip.sampleRate) / 1_000_000)
        return try PlayingSound(
            connection: connection,
            clip: clip,
            ramp: GainRamp(volume: volume, fadeFrames: fadeFrames),
            loop: loop,
            corked: corked,
            onEnd: onEnd
        )
    }

    /// Decodes the sound file at `path` and plays it; throws `SoundFileError` or `PulseError`.
    public func play(
        file path: String,
        volume: Double,
        fadeIn: Duration = .seconds(20),
        loop: Bool = true,
        onEnd: (@Sendable (PlaybackState) -> Void)? = nil
    ) throws -> PlayingSound {
        try play(AudioClip(contentsOf: path), volume: volume, fadeIn: fadeIn, loop: loop, onEnd: onEnd)
    }

    /// Whether a server answers at `serverAddress` (nil: the default place), and who it is.
    /// For a preflight check: throws `unreachable` or `timedOut` when no sound can be played.
    public static func probe(
        serverAddress: String? = nil,
        applicationName: String,
        timeout: Duration = .seconds(2)
    ) throws(PulseError) -> SoundServerInfo {
        try SoundPlayer(serverAddress: serverAddress, applicationName: applicationName, timeout: timeout).serverInfo()
    }
}
