import CPulse

/// How the server plays an alarm's stream: its own mute and volume, and the sink it is on.
public struct StreamState: Equatable, Sendable {
    public let muted: Bool
    /// The loudest channel on the slider scale, 1 being 100 %.
    public let volume: Double
    /// Corked: made ahead and not started, or paused by someone.
    public let corked: Bool
    public let sink: SinkState

    public init(muted: Bool, volume: Double, corked: Bool, sink: SinkState) {
        self.muted = muted
        self.volume = volume
        self.corked = corked
        self.sink = sink
    }
}

extension SoundPlayer {
    /// Calls `onChange` whenever a sink, a stream or the server (its default sink) changes, whoever
    /// changed it: the mute key, a volume slider, `pactl`, a stream moved. It runs on libpulse's
    /// thread with the connection locked: it must return at once and call nothing of this player.
    /// The corresponding C functions are `pa_context_set_subscribe_callback` and `pa_context_subscribe`.
    public func followChanges(_ onChange: @escaping @Sendable () -> Void) throws(PulseError) {
        try connection.withLock { () throws(PulseError) in
            connection.onChange = onChange
            pa_context_set_subscribe_callback(connection.context, { _, _, _, userdata in
                Unmanaged<PulseContext>.fromOpaque(userdata!).takeUnretainedValue().onChange?()
            }, Unmanaged.passUnretained(connection).toOpaque())
            let mask = PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue
                | PA_SUBSCRIPTION_MASK_SERVER.rawValue
            try connection.confirm("pa_context_subscribe") { reply in
                pa_context_subscribe(connection.context, pa_subscription_mask_t(rawValue: mask), Self.onSuccess, reply)
            }
        }
    }
}

extension PlayingSound {
    /// How the server plays this stream now; nil once it is stopped or gone from the server.
    /// The corresponding C functions are `pa_context_get_sink_input_info` and `pa_context_get_sink_info_by_index`.
    public func serverState() throws(PulseError) -> StreamState? {
        try connection.withLock { () throws(PulseError) -> StreamState? in
            guard !disconnected, pa_stream_get_state(stream) == PA_STREAM_READY else { return nil }
            let index = pa_stream_get_index(stream)
            guard let input = try connection.perform("pa_context_get_sink_input_info", into: Reply<SinkInput?>(connection), { reply in
                pa_context_get_sink_input_info(connection.context, index, SinkInput.receive, reply)
            }) else { return nil }
            guard let sink = try connection.perform("pa_context_get_sink_info_by_index", into: Reply<Sink?>(connection), { reply in
                pa_context_get_sink_info_by_index(connection.context, input.sink, Sink.receive, reply)
            }) else { return nil }
            return StreamState(muted: input.muted, volume: input.volume, corked: input.corked, sink: sink.state)
        }
    }

    /// Unmutes the stream and sets its own volume to 100 %: the alarm's volume is in its samples.
    /// The corresponding C functions are `pa_context_set_sink_input_volume` and `pa_context_set_sink_input_mute`.
    public func restoreStreamVolume() throws(PulseError) {
        try connection.withLock { () throws(PulseError) in
            guard !disconnected else { return }
            let index = pa_stream_get_index(stream)
            var volume = pa_cvolume()
            pa_cvolume_set(&volume, UInt32(pa_stream_get_sample_spec(stream).pointee.channels), SoundPlayer.paVolume(1))
            try connection.confirm("pa_context_set_sink_input_volume") { reply in
                pa_context_set_sink_input_volume(connection.context, index, &volume, SoundPlayer.onSuccess, reply)
            }
            try connection.confirm("pa_context_set_sink_input_mute") { reply in
                pa_context_set_sink_input_mute(connection.context, index, 0, SoundPlayer.onSuccess, reply)
            }
        }
    }

    /// Moves the stream to the sink called `sink`. The corresponding C function is `pa_context_move_sink_input_by_name`.
    public func move(toSink sink: String) throws(PulseError) {
        try connection.withLock { () throws(PulseError) in
            guard !disconnected else { return }
            let index = pa_stream_get_index(stream)
            try connection.confirm("pa_context_move_sink_input_by_name") { reply in
                pa_context_move_sink_input_by_name(connection.context, index, sink, SoundPlayer.onSuccess, reply)
            }
        }
    }
}

/// A playback stream as the server describes it.
struct SinkInput {
    var sink: UInt32
    var muted: Bool
    var volume: Double
    var corked: Bool
    /// The client's process, as it told the server (`application.process.id`).
    var processID: Int32?

    init(_ info: UnsafePointer<pa_sink_input_info>) {
        var volume = info.pointee.volume
        sink = info.pointee.sink
        muted = info.pointee.mute != 0
        self.volume = SoundPlayer.sliderValue(pa_cvolume_max(&volume))
        corked = info.pointee.corked != 0
        processID = pa_proplist_gets(info.pointee.proplist, "application.process.id").flatMap { Int32(String(cString: $0)) }
    }

    /// The callback of `pa_context_get_sink_input_info` for a `Reply<SinkInput?>`; nil when there is none.
    static let receive: pa_sink_input_info_cb_t = { _, info, _, userdata in
        let reply = Reply<SinkInput?>.from(userdata)
        if let info {
            reply.value = .some(SinkInput(info))
        } else if reply.value == nil {
            reply.value = .some(nil)
        }
        pa_threaded_mainloop_signal(reply.mainloop, 0)
    }
}

extension SoundPlayer {
    /// Below this a stream counts as silenced: about -42 dB on the slider's cubic scale.
    public static let silencedVolume = 0.05

    /// Whether a playback stream of the process `processID` is muted or nearly silent now, or
    /// the mute and volume the server keeps for `applicationName`'s next stream (per-application
    /// volume, module-stream-restore) would silence it. A server without that module answers
    /// for the streams alone.
    /// The corresponding C functions are `pa_context_get_sink_input_info_list` and `pa_ext_stream_restore_read`.
    public func streamSilenced(processID: Int32, applicationName: String) throws(PulseError) -> Bool {
        try connection.withLock { () throws(PulseError) -> Bool in
            let inputs = try connection.perform("pa_context_get_sink_input_info_list", into: Reply<[SinkInput]>(connection)) { reply in
                pa_context_get_sink_input_info_list(connection.context, { _, info, eol, userdata in
                    let reply = Reply<[SinkInput]>.from(userdata)
                    if let info { reply.value = (reply.value ?? []) + [SinkInput(info)] }
                    if eol != 0, reply.value == nil { reply.value = [] }
                    pa_threaded_mainloop_signal(reply.mainloop, 0)
                }, reply)
            }
            if inputs.contains(where: { $0.processID == processID && ($0.muted || $0.volume < Self.silencedVolume) }) {
                return true
            }
            // Read whole: entries are few (one per application or role seen).
            let saved = try? connection.perform("pa_ext_stream_restore_read", into: Reply<[String: Bool]>(connection)) { reply in
                pa_ext_stream_restore_read(connection.context, { _, info, eol, userdata in
                    let reply = Reply<[String: Bool]>.from(userdata)
                    if let info {
                        var volume = info.pointee.volume
                        let quiet = pa_cvolume_valid(&volume) != 0
                            && SoundPlayer.sliderValue(pa_cvolume_max(&volume)) < SoundPlayer.silencedVolume
                        reply.value = (reply.value ?? [:]).merging([String(cString: info.pointee.name): info.pointee.mute != 0 || quiet]) { $1 }
                    }
                    if eol != 0, reply.value == nil { reply.value = [:] }
                    pa_threaded_mainloop_signal(reply.mainloop, 0)
                }, reply)
            }
            return saved?["sink-input-by-application-name:" + applicationName] ?? false
        }
    }
}
