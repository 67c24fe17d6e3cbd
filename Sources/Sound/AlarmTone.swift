import Glibc

extension AudioClip {
    /// A beeping alarm made in memory: what plays when no sound file can be.
    ///
    /// Four short 880 Hz beeps and a pause, 1.4 s in all, meant to loop. Each beep rises and
    /// falls over a few milliseconds, so it starts and ends without a click.
    public static func alarmTone(sampleRate: Int = 48_000) -> AudioClip {
        let frequency = 880.0
        let beep = 0.1, gap = 0.1, beeps = 4, pause = 0.6
        let edge = 0.005
        let period = beep + gap
        let length = Int((Double(beeps) * period + pause) * Double(sampleRate))
        let samples = (0..<length).map { frame -> Float in
            let time = Double(frame) / Double(sampleRate)
            let inPeriod = time.truncatingRemainder(dividingBy: period)
            guard time < Double(beeps) * period, inPeriod < beep else { return 0 }
            let envelope = min(1, inPeriod / edge, (beep - inPeriod) / edge)
            return Float(0.8 * envelope * sin(2 * Double.pi * frequency * time))
        }
        return AudioClip(samples: samples, sampleRate: sampleRate, channelCount: 1)
    }
}
