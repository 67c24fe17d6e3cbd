@testable import Sound
import Testing

@Suite struct GainRampTests {
    @Test func fadeStartsAtATenthOfTheVolumeOnTheSliderScale() {
        let ramp = GainRamp(volume: 0.8, fadeFrames: 1000)
        let perceived = 0.08
        #expect(abs(Double(ramp.amplitude(atFrame: 0)) - perceived * perceived * perceived) < 1e-6)
    }

    @Test func fadeReachesTheVolumeAfterTheFadeAndStaysThere() {
        let ramp = GainRamp(volume: 0.5, fadeFrames: 1000)
        #expect(ramp.amplitude(atFrame: 1000) == 0.125)
        #expect(ramp.amplitude(atFrame: 50_000) == 0.125)
    }

    @Test func fadeRisesEveryFrame() {
        let ramp = GainRamp(volume: 1, fadeFrames: 480)
        let gains = (0...480).map(ramp.amplitude(atFrame:))
        #expect(zip(gains, gains.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func settingTheVolumeEndsTheFadeAtOnce() {
        var ramp = GainRamp(volume: 0.3, fadeFrames: 48000)
        ramp.set(volume: 1)
        #expect(ramp.amplitude(atFrame: 10) == 1)
    }

    @Test func volumeIsClampedToZeroThroughOne() {
        #expect(GainRamp(volume: 3, fadeFrames: 0).amplitude(atFrame: 0) == 1)
        #expect(GainRamp(volume: -1, fadeFrames: 0).amplitude(atFrame: 0) == 0)
        #expect(GainRamp(volume: .nan, fadeFrames: 0).amplitude(atFrame: 0) == 0)
    }
}
