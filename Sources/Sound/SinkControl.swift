import CPulse

/// Who the server is and where sound goes by default.
public struct SoundServerInfo: Equatable, Sendable {
    public let serverName: String
    public let serverVersion: String
    /// nil when the server has no sink at all.
    public let defaultSinkName: String?

    public init(serverName: String, serverVersion: String, defaultSinkName: String?) {
        self.serverName = serverName
        self.serverVersion = serverVersion
        self.defaultSinkName = defaultSinkName
    }
}

/// The default sink's mute switch and volume.
public struct SinkState: Equatable, Sendable {
    public let sinkName: String
    public let muted: Bool
    /// The loudest channel, on the slider scale: 1 is 100 % (`PA_VOLUME_NORM`); it may exceed 1.
    public let volume: Double

    public init(sinkName: String, muted: Bool, volume: Double) {
        self.sinkName = sinkName
        self.muted = muted
        self.volume = volume
    }
}

extension SoundPlayer {
    /// Asks the server who it is. The corresponding C function is `pa_context_get_server_info`.
    public func serverInfo() throws(PulseError) -> SoundServerInfo {
        try connection.withLock { () throws(PulseError) in try fetchServerInfo() }
    }

    /// Reads the default sink's mute and volume.
    /// The corresponding C functions are `pa_context_get_server_info` and `pa_context_get_sink_info_by_name`.
    public func defaultSinkState() throws(PulseError) -> SinkState {
        try connection.withLock { () throws(PulseError) in
            var sink = try fetchDefaultSink()
            return SinkState(sinkName: sink.name, muted: sink.muted, volume: Self.sliderValue(pa_cvolume_max(&sink.volume)))
        }
    }

    /// Mutes or unmutes the default sink and sets its volume; nil leaves that part as it is.
    /// The volume scales all channels alike, so the balance between them stays.
    /// The corresponding C functions are `pa_context_set_sink_mute_by_name` and `pa_context_set_sink_volume_by_name`.
    public func setDefaultSink(muted: Bool? = nil, volume: Double? = nil) throws(PulseError) {
        try connection.withLock { () throws(PulseError) in
            var sink = try fetchDefaultSink()
            if let volume {
                pa_cvolume_scale(&sink.volume, Self.paVolume(volume))
                try confirm("pa_context_set_sink_volume_by_name") { reply in
                    pa_context_set_sink_volume_by_name(connection.context, sink.name, &sink.volume, Self.onSuccess, reply)
                }
            }
            if let muted {
                try confirm("pa_context_set_sink_mute_by_name") { reply in
                    pa_context_set_sink_mute_by_name(connection.context, sink.name, muted ? 1 : 0, Self.onSuccess, reply)
                }
            }
        }
    }

    // MARK: Lock held from here on

    private func fetchServerInfo() throws(PulseError) -> SoundServerInfo {
        try connection.perform("pa_context_get_server_info", into: Reply<SoundServerInfo>(connection)) { reply in
            pa_context_get_server_info(connection.context, { _, info, userdata in
                Reply<SoundServerInfo>.from(userdata).deliver(info.map { info in
                    SoundServerInfo(
                        serverName: String(cString: info.pointee.server_name),
                        serverVersion: String(cString: info.pointee.server_version),
                        defaultSinkName: info.pointee.default_sink_name.map { String(cString: $0) }
                    )
                })
            }, reply)
        }
    }

    private struct Sink {
        var name: String
        var muted: Bool
        var volume: pa_cvolume
    }

    private func fetchDefaultSink() throws(PulseError) -> Sink {
        guard let name = try fetchServerInfo().defaultSinkName else {
            throw PulseError(kind: .failed, operation: "pa_context_get_server_info", detail: "no default sink")
        }
        return try connection.perform("pa_context_get_sink_info_by_name", into: Reply<Sink>(connection)) { reply in
            pa_context_get_sink_info_by_name(connection.context, name, { _, info, _, userdata in
                // Called once per matching sink, then once more with info == nil at the end (or on error).
                let reply = Reply<Sink>.from(userdata)
                if let info {
                    reply.value = Sink(
                        name: String(cString: info.pointee.name),
                        muted: info.pointee.mute != 0,
                        volume: info.pointee.volume
                    )
                }
                pa_threaded_mainloop_signal(reply.mainloop, 0)
            }, reply)
        }
    }

    private static let onSuccess: pa_context_success_cb_t = { _, success, userdata in
        Reply<Bool>.from(userdata).deliver(success != 0)
    }

    /// Runs an operation that answers only success or failure, and throws on failure.
    private func confirm(_ operation: String, _ start: (UnsafeMutableRawPointer) -> OpaquePointer?) throws(PulseError) {
        guard try connection.perform(operation, into: Reply<Bool>(connection), start) else {
            throw connection.error(.failed, operation)
        }
    }

    /// PA_VOLUME_NORM: a cast macro Swift cannot import. `pa_volume_t` 0x10000 is 100 %.
    private static let volumeNorm = Double(0x10000)

    static func sliderValue(_ volume: pa_volume_t) -> Double {
        Double(volume) / volumeNorm
    }

    static func paVolume(_ slider: Double) -> pa_volume_t {
        let maximum = Double(UInt32.max / 2)  // PA_VOLUME_MAX
        return pa_volume_t(min(maximum, max(0, slider.isNaN ? 0 : slider * volumeNorm)).rounded())
    }
}
