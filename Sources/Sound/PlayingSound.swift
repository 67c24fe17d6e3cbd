import CPulse
import ReveilleTime

/// A sound playing on the server: the one owner of its `pa_stream`. Dropping it stops the sound.
///
/// `Sendable` because every use of the stream and the shared feeder state happens with the
/// mainloop lock held (see `PulseContext`).
public final class PlayingSound: @unchecked Sendable {
    /// How much audio the server may hold ahead of the speaker. Small, so that stopping is
    /// heard at once and volume changes apply quickly; large enough not to underrun on a busy machine.
    static let targetLatency: Duration = .milliseconds(50)
    /// How long `stop()` waits for the server to confirm it dropped the buffered audio.
    static let stopTimeout: Duration = .milliseconds(500)

    /// libpulse's PA_SAMPLE_FLOAT32NE is a macro Swift cannot import.
    private static let nativeFloat32 = 1.littleEndian == 1 ? PA_SAMPLE_FLOAT32LE : PA_SAMPLE_FLOAT32BE

    let connection: PulseContext
    let stream: OpaquePointer
    private let feeder: StreamFeeder
    /// Set with the lock held.
    private(set) var disconnected = false
    /// The sink the stream was connected to: the output the alarm was meant for, where
    /// `KeepAudible` brings it back from a null sink.
    public private(set) var homeSink: String?

    /// Connects a playback stream for `clip` to the default sink and starts writing.
    /// The corresponding C functions are `pa_stream_new` and `pa_stream_connect_playback`.
    init(
        connection: PulseContext,
        clip: AudioClip,
        ramp: GainRamp,
        loop: Bool,
        corked: Bool = false,
        onEnd: (@Sendable (PlaybackState) -> Void)?
    ) throws(PulseError) {
        var spec = pa_sample_spec(
            format: Self.nativeFloat32,
            rate: UInt32(clamping: clip.sampleRate),
            channels: UInt8(clamping: clip.channelCount)
        )
        guard pa_sample_spec_valid(&spec) != 0, spec.channels == clip.channelCount, spec.rate == clip.sampleRate else {
            throw PulseError(
                kind: .unsupportedSound, operation: "pa_sample_spec_valid",
                detail: "\(clip.channelCount) channels at \(clip.sampleRate) Hz"
            )
        }
        self.connection = connection
        self.stream = try connection.withLock { () throws(PulseError) in
            var channels = pa_channel_map()
            pa_channel_map_init_extend(&channels, UInt32(spec.channels), PA_CHANNEL_MAP_DEFAULT)
            guard let stream = pa_stream_new(connection.context, "Alarm", &spec, &channels) else {
                throw connection.error(.failed, "pa_stream_new")
            }
            return stream
        }
        self.feeder = StreamFeeder(clip: clip, loop: loop, ramp: ramp, mainloop: connection.mainloop, onEnd: onEnd)
        // From here on deinit disconnects and frees the stream if connecting fails.
        try connection.withLock { () throws(PulseError) in try connect(spec: spec, corked: corked) }
        homeSink = connection.withLock { pa_stream_get_device_name(stream).map { String(cString: $0) } }
    }

    private func connect(spec: pa_sample_spec, corked: Bool) throws(PulseError) {
        var spec = spec
        pa_stream_set_state_callback(stream, { stream, userdata in
            let feeder = StreamFeeder.from(userdata)
            if pa_stream_get_state(stream) == PA_STREAM_FAILED, let context = pa_stream_get_context(stream) {
                let error = PulseError(lastErrorOf: context, kind: .failed, operation: "pa_stream")
                feeder.end(.failed(error), report: true)
            }
            pa_threaded_mainloop_signal(feeder.mainloop, 0)
        }, feeder.userdata)
        pa_stream_set_write_callback(stream, { stream, requested, userdata in
            StreamFeeder.from(userdata).fill(stream!, requested: requested)
        }, feeder.userdata)
        let unset = UInt32.max  // "let the server choose"
        var buffering = pa_buffer_attr(
            maxlength: unset,
            tlength: UInt32(pa_usec_to_bytes(UInt64(Self.targetLatency.wholeMicroseconds), &spec)),
            prebuf: unset, minreq: unset, fragsize: unset
        )
        // ADJUST_LATENCY makes tlength the whole latency, the sink's own buffer included. A corked
        // stream takes its first buffer in silence, so that uncorking it is heard at once.
        let flags = pa_stream_flags_t(PA_STREAM_ADJUST_LATENCY.rawValue | (corked ? PA_STREAM_START_CORKED.rawValue : 0))
        try connection.check(
            pa_stream_connect_playback(stream, nil, &buffering, flags, nil, nil),
            "pa_stream_connect_playback"
        )
        try connection.wait("pa_stream_connect_playback") {
            PA_STREAM_IS_GOOD(pa_stream_get_state(stream)) == 0 || pa_stream_get_state(stream) == PA_STREAM_READY
        }
        guard pa_stream_get_state(stream) == PA_STREAM_READY else {
            throw connection.error(.failed, "pa_stream_connect_playback")
        }
    }

    deinit {
        connection.withLock {
            disconnect()
            pa_stream_unref(stream)
        }
    }

    /// Stops the sound within the server's small buffer (about 50 ms): the stream is corked,
    /// its buffered audio flushed, and it is disconnected. Does nothing once stopped.
    /// The corresponding C functions are `pa_stream_cork`, `pa_stream_flush` and `pa_stream_disconnect`.
    public func stop() {
        connection.withLock { disconnect() }
    }

    /// Starts a sound made corked (`SoundPlayer.play(…, corked: true)`): its buffered audio plays
    /// at once. The corresponding C function is `pa_stream_cork`.
    public func uncork() {
        connection.withLock {
            guard !disconnected, let operation = pa_stream_cork(stream, 0, nil, nil) else { return }
            pa_operation_unref(operation)
        }
    }

    /// Sets the volume (0...1, the scale of a desktop volume slider) at once, ending any fade-in.
    /// Audio already handed to the server (about 50 ms) plays at the old volume.
    public func setVolume(_ volume: Double) {
        connection.withLock { feeder.ramp.set(volume: volume) }
    }

    /// Whether the sound still plays, and if not, why.
    public var state: PlaybackState {
        connection.withLock { feeder.state }
    }

    /// Call with the lock held.
    private func disconnect() {
        guard !disconnected else { return }
        disconnected = true
        feeder.end(.stopped, report: false)
        if pa_stream_get_state(stream) == PA_STREAM_CREATING { return abandonUntilCreated() }
        if pa_stream_get_state(stream) == PA_STREAM_READY {
            if let cork = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(cork) }
            // Waiting for the flush's answer means the server has dropped the audio when stop() returns.
            _ = try? connection.perform("pa_stream_flush", into: Reply<Bool>(connection), timeout: Self.stopTimeout) {
                pa_stream_flush(stream, { _, success, userdata in Reply<Bool>.from(userdata).deliver(success != 0) }, $0)
            }
        }
        pa_stream_set_write_callback(stream, nil, nil)
        pa_stream_set_state_callback(stream, nil, nil)
        pa_stream_disconnect(stream)
    }

    /// A stream the server has not yet answered for (it hangs) cannot be disconnected: libpulse
    /// refuses until the server has created it, and once created it would stay there, silent, for
    /// as long as the connection lives. So it keeps the stream and disconnects it when the answer
    /// comes. Call with the lock held.
    private func abandonUntilCreated() {
        pa_stream_set_write_callback(stream, nil, nil)
        pa_stream_ref(stream)  // released by the callback once the stream is gone
        pa_stream_set_state_callback(stream, { stream, _ in
            guard let stream else { return }
            switch pa_stream_get_state(stream) {
            case PA_STREAM_READY:
                pa_stream_disconnect(stream)
            case PA_STREAM_FAILED, PA_STREAM_TERMINATED:
                pa_stream_set_state_callback(stream, nil, nil)
                pa_stream_unref(stream)
            default:
                break
            }
        }, nil)
    }
}
