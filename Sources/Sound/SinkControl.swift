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

/// A sink's mute switch and volume, and whether anything it plays can be heard.
public struct SinkState: Equatable, Sendable {
    public let sinkName: String
    public let muted: Bool
    /// The loudest channel, on the slider scale: 1 is 100 % (`PA_VOLUME_NORM`); it may exceed 1.
    public let volume: Double
    /// Suspended (`pactl suspend-sink`, or idle): it plays nothing until it is resumed.
    public let suspended: Bool
    /// A null sink: what it plays goes to its monitor only, to no device (PulseAudio's
    /// module-null-sink, PipeWire's support.null-audio-sink).
    public let isNull: Bool

    public init(sinkName: String, muted: Bool, volume: Double, suspended: Bool = false, isNull: Bool = false) {
        self.sinkName = sinkName
        self.muted = muted
        self.volume = volume
        self.suspended = suspended
        self.isNull = isNull
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
        try connection.withLock { () throws(PulseError) in try fetchDefaultSink().state }
    }

    /// The sink called `name`; nil when there is none.
    /// The corresponding C function is `pa_context_get_sink_info_by_name`.
    public func sinkState(named name: String) throws(PulseError) -> SinkState? {
        try connection.withLock { () throws(PulseError) in try fetchSink(named: name)?.state }
    }

    /// Mutes or unmutes the default sink and sets its volume; nil leaves that part as it is.
    public func setDefaultSink(muted: Bool? = nil, volume: Double? = nil) throws(PulseError) {
        let name = try connection.withLock { () throws(PulseError) in try fetchDefaultSink().name }
        try setSink(named: name, muted: muted, volume: volume)
    }

    /// Mutes or unmutes the sink called `name` and sets its volume; nil leaves that part as it is.
    /// The volume scales all channels alike, so the balance between them stays.
    /// The corresponding C functions are `pa_context_set_sink_mute_by_name` and `pa_context_set_sink_volume_by_name`.
    public func setSink(named name: String, muted: Bool? = nil, volume: Double? = nil) throws(PulseError) {
        try connection.withLock { () throws(PulseError) in
            guard var sink = try fetchSink(named: name) else {
                throw PulseError(kind: .failed, operation: "pa_context_get_sink_info_by_name", detail: "no sink \(name)")
            }
            if let volume {
                pa_cvolume_scale(&sink.volume, Self.paVolume(volume))
                try connection.confirm("pa_context_set_sink_volume_by_name") { reply in
                    pa_context_set_sink_volume_by_name(connection.context, sink.name, &sink.volume, Self.onSuccess, reply)
                }
            }
            if let muted {
                try connection.confirm("pa_context_set_sink_mute_by_name") { reply in
                    pa_context_set_sink_mute_by_name(connection.context, sink.name, muted ? 1 : 0, Self.onSuccess, reply)
                }
            }
        }
    }

    /// Resumes the sink called `name` if it is suspended. The corresponding C function is `pa_context_suspend_sink_by_name`.
    public func resumeSink(named name: String) throws(PulseError) {
        try connection.withLock { () throws(PulseError) in
            try connection.confirm("pa_context_suspend_sink_by_name") { reply in
                pa_context_suspend_sink_by_name(connection.context, name, 0, Self.onSuccess, reply)
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

    private func fetchDefaultSink() throws(PulseError) -> Sink {
        guard let name = try fetchServerInfo().defaultSinkName, let sink = try fetchSink(named: name) else {
            throw PulseError(kind: .failed, operation: "pa_context_get_server_info", detail: "no default sink")
        }
        return sink
    }

    private func fetchSink(named name: String) throws(PulseError) -> Sink? {
        try connection.perform("pa_context_get_sink_info_by_name", into: Reply<Sink?>(connection)) { reply in
            pa_context_get_sink_info_by_name(connection.context, name, Sink.receive, reply)
        }
    }

    static let onSuccess: pa_context_success_cb_t = { _, success, userdata in
        Reply<Bool>.from(userdata).deliver(success != 0)
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

/// A sink as the server describes it, with its volume as libpulse keeps it (per channel).
struct Sink {
    var name: String
    var muted: Bool
    var volume: pa_cvolume
    var suspended: Bool
    var isNull: Bool

    init(_ info: UnsafePointer<pa_sink_info>) {
        name = String(cString: info.pointee.name)
        muted = info.pointee.mute != 0
        volume = info.pointee.volume
        suspended = info.pointee.state == PA_SINK_SUSPENDED
        let driver = info.pointee.driver.map { String(cString: $0) } ?? ""
        let factory = pa_proplist_gets(info.pointee.proplist, "factory.name").map { String(cString: $0) }
        isNull = driver.hasPrefix("module-null-sink") || factory == "support.null-audio-sink"
    }

    var state: SinkState {
        var volume = volume
        return SinkState(sinkName: name, muted: muted, volume: SoundPlayer.sliderValue(pa_cvolume_max(&volume)),
                         suspended: suspended, isNull: isNull)
    }

    /// The callback of `pa_context_get_sink_info_by_*` for a `Reply<Sink?>`: called once per
    /// matching sink, then once more with no info at the end, or with none at all when there
    /// is no such sink (the answer is then nil).
    static let receive: pa_sink_info_cb_t = { _, info, _, userdata in
        let reply = Reply<Sink?>.from(userdata)
        if let info {
            reply.value = .some(Sink(info))
        } else if reply.value == nil {
            reply.value = .some(nil)
        }
        pa_threaded_mainloop_signal(reply.mainloop, 0)
    }
}

extension PulseContext {
    /// Runs an operation that answers only success or failure, with the lock held, and throws on failure.
    func confirm(_ operation: String, _ start: (UnsafeMutableRawPointer) -> OpaquePointer?) throws(PulseError) {
        guard try perform(operation, into: Reply<Bool>(self), start) else {
            throw error(.failed, operation)
        }
    }
}
