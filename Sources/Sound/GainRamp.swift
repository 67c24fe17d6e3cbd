/// The software gain applied to each sample frame: a fade-in from quiet up to the sound's volume.
///
/// `volume` is on the perceptual scale of a desktop volume slider (0...1), the same as
/// PulseAudio's own volumes: the sample amplitude is volume³, PulseAudio's cubic mapping
/// (`pa_sw_volume_to_linear`), so 0.5 sounds like 50 % on the slider. The fade is linear on
/// that perceptual scale, which is close to linear in perceived loudness: it starts at
/// `startFraction` of the volume and reaches the full volume after `fadeFrames` frames.
struct GainRamp: Sendable, Equatable {
    static let startFraction = 0.1

    var volume: Double
    var fadeFrames: Int

    init(volume: Double, fadeFrames: Int) {
        self.volume = Self.clamped(volume)
        self.fadeFrames = max(0, fadeFrames)
    }

    /// The amplitude factor for the frame at `frame` frames after the sound started.
    func amplitude(atFrame frame: Int) -> Float {
        let progress = fadeFrames == 0 ? 1 : min(1, Double(frame) / Double(fadeFrames))
        let perceived = volume * (Self.startFraction + (1 - Self.startFraction) * progress)
        return Float(perceived * perceived * perceived)
    }

    /// Jumps to `volume` at once, ending any fade in progress.
    mutating func set(volume: Double) {
        self.volume = Self.clamped(volume)
        fadeFrames = 0
    }

    static func clamped(_ volume: Double) -> Double {
        volume.isNaN ? 0 : min(1, max(0, volume))
    }
}
