import CPulse

/// What a playback stream's callbacks share with `PlayingSound`: the clip, where playback is in
/// it, the gain ramp and the playback state. Only touched with the mainloop lock held.
final class StreamFeeder {
    let clip: AudioClip
    let loop: Bool
    let mainloop: OpaquePointer
    var ramp: GainRamp
    private(set) var state = PlaybackState.playing
    private let onEnd: (@Sendable (PlaybackState) -> Void)?
    private var nextSample = 0
    private var framesWritten = 0
    private var draining = false

    init(clip: AudioClip, loop: Bool, ramp: GainRamp, mainloop: OpaquePointer, onEnd: (@Sendable (PlaybackState) -> Void)?) {
        self.clip = clip
        self.loop = loop
        self.ramp = ramp
        self.mainloop = mainloop
        self.onEnd = onEnd
    }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> StreamFeeder {
        Unmanaged<StreamFeeder>.fromOpaque(userdata!).takeUnretainedValue()
    }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Ends playback once. Endings other than `stop()` are reported to `onEnd`, off the mainloop
    /// thread so that the handler may call back into the player.
    func end(_ ending: PlaybackState, report: Bool) {
        guard state == .playing else { return }
        state = ending
        if report, let onEnd { Task { onEnd(ending) } }
    }

    /// Answers the stream's request for `requested` bytes, writing straight into libpulse's buffer.
    /// The corresponding C functions are `pa_stream_begin_write` and `pa_stream_write`.
    func fill(_ stream: OpaquePointer, requested: Int) {
        let frameBytes = MemoryLayout<Float>.size * clip.channelCount
        var remaining = requested
        while state == .playing, !draining, remaining >= frameBytes {
            var data: UnsafeMutableRawPointer?
            var size = remaining
            guard pa_stream_begin_write(stream, &data, &size) == 0, let data, size >= frameBytes else { return }
            let frames = render(
                into: data.bindMemory(to: Float.self, capacity: size / MemoryLayout<Float>.size),
                frames: min(size, remaining) / frameBytes
            )
            guard frames > 0 else {
                pa_stream_cancel_write(stream)
                break
            }
            // A failed write means the stream died; its state callback reports that.
            guard pa_stream_write(stream, data, frames * frameBytes, nil, 0, PA_SEEK_RELATIVE) == 0 else { return }
            remaining -= frames * frameBytes
        }
        if !loop, nextSample == clip.samples.count, !draining {
            draining = true
            // Let the server play out what it holds, then report the sound finished.
            let operation = pa_stream_drain(stream, { _, success, userdata in
                let feeder = StreamFeeder.from(userdata)
                if success != 0 { feeder.end(.finished, report: true) }
                pa_threaded_mainloop_signal(feeder.mainloop, 0)
            }, userdata)
            if let operation { pa_operation_unref(operation) }
        }
    }

    /// Copies up to `frames` frames of the clip, looping if asked, with the ramp's gain applied.
    private func render(into output: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let channels = clip.channelCount
        var frame = 0
        clip.samples.withUnsafeBufferPointer { samples in
            while frame < frames {
                if nextSample == samples.count {
                    guard loop else { break }
                    nextSample = 0
                }
                let gain = ramp.amplitude(atFrame: framesWritten)
                for channel in 0..<channels {
                    output[frame * channels + channel] = samples[nextSample + channel] * gain
                }
                nextSample += channels
                frame += 1
                framesWritten += 1
            }
        }
        return frame
    }
}
