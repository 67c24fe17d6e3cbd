import Sound

/// What undoes a change that silenced a ringing alarm's stream (`force_audible`).
///
/// Inaudible means: the stream or its sink is muted; the sink is below `quietSink`, or the
/// stream's own volume below the alarm's; the sink is suspended; or the stream went to a null
/// sink (one that plays to its monitor only) that is not the default sink. The default sink is
/// the output the user configured, so it counts as a real one whatever it is: that is how the
/// tests' own null sink, the default there, stays audible. A move to any other real sink
/// (headphones, HDMI, a remap or combine sink) is the user's choice and stays.
enum AudibleFix: Equatable, CustomStringConvertible {
    /// The stream is on the null sink `from`: back to `to`, its home sink or the default.
    case moveStream(from: String, to: String)
    /// The sink is muted or too quiet: unmuted, and raised to `volume`.
    case raiseSink(String, wasMuted: Bool, from: Double, to: Double)
    case resumeSink(String)
    /// The stream itself is muted or below the alarm's volume: unmuted, at 100 %.
    case restoreStream(wasMuted: Bool, volume: Double)

    /// A sink below this counts as silenced, and is raised to at least `raisedSink`.
    static let quietSink = 0.3
    static let raisedSink = 0.6

    /// What would make `stream` audible again. `defaultSink` is the server's default sink's name;
    /// `destination` the sink a stream on a null sink goes back to (nil: none is left).
    static func fixes(for stream: StreamState, defaultSink: String?, destination: SinkState?, alarmVolume: Double) -> [AudibleFix] {
        guard !stream.corked else { return [] }
        var fixes: [AudibleFix] = []
        var sink = stream.sink
        if sink.isNull, sink.sinkName != defaultSink, let destination, destination.sinkName != sink.sinkName {
            fixes.append(.moveStream(from: sink.sinkName, to: destination.sinkName))
            sink = destination
        }
        if sink.muted || sink.volume < quietSink {
            fixes.append(.raiseSink(sink.sinkName, wasMuted: sink.muted, from: sink.volume, to: max(sink.volume, raisedSink)))
        }
        if sink.suspended { fixes.append(.resumeSink(sink.sinkName)) }
        // A hair of tolerance: the server rounds volumes to its own steps.
        if stream.muted || stream.volume < min(1, alarmVolume) - 0.005 {
            fixes.append(.restoreStream(wasMuted: stream.muted, volume: stream.volume))
        }
        return fixes
    }

    var description: String {
        switch self {
        case let .moveStream(from, to): "the stream was moved to the null sink \(from): moved back to \(to)"
        case let .raiseSink(sink, wasMuted, from, to):
            "the output \(sink) was \(wasMuted ? "muted" : "quiet") at \(Self.percent(from)): unmuted at \(Self.percent(to))"
        case let .resumeSink(sink): "the output \(sink) was suspended: resumed"
        case let .restoreStream(wasMuted, volume):
            "the alarm's stream was \(wasMuted ? "muted" : "turned down") at \(Self.percent(volume)): unmuted at 100 %"
        }
    }

    private static func percent(_ volume: Double) -> String { "\(Int((volume * 100).rounded())) %" }
}

/// At most `limit` undoings within `window`: a script that keeps muting the alarm gets no
/// endless fight, and the agent no busy loop.
struct UndoLimit: Equatable {
    static let limit = 5
    static let window: Int64 = 60_000_000_000

    /// When the undoings within the window happened (monotonic nanoseconds), oldest first.
    private(set) var times: [Int64] = []

    /// Counts an undoing at `now` if the limit allows one.
    mutating func allow(at now: Int64) -> Bool {
        times.removeAll { now - $0 >= Self.window }
        guard times.count < Self.limit else { return false }
        times.append(now)
        return true
    }

    /// How long after `now` the next undoing is allowed.
    func wait(at now: Int64) -> Int64 {
        guard times.count >= Self.limit, let oldest = times.first else { return 0 }
        return max(0, oldest + Self.window - now)
    }
}
