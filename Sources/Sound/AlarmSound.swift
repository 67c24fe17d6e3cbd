/// The sound an alarm plays, chosen so that an alarm is never silent for want of a file:
/// the sound asked for, else the theme's alarm sound, else a tone made in memory.
public struct AlarmSound: Sendable {
    /// Where the sound came from.
    public enum Source: Equatable, Sendable {
        /// The sound asked for, from this file.
        case requested(path: String)
        /// The sound theme's alarm sound, from this file, because the one asked for could not play.
        case theme(path: String)
        /// `AudioClip.alarmTone()`, because no file could play.
        case generatedTone
    }

    public let clip: AudioClip
    public let source: Source
    /// What was wrong with each sound passed over, for the log and the notification; empty when
    /// the sound asked for plays.
    public let problems: [String]
    /// Only the beginning of the file plays, on a loop: the whole did not fit in `SharedClips.budget`.
    public var shortened = false

    /// Decodes `sound` (a theme sound name or an absolute path), falling back to the theme sound
    /// `fallbackName` and then to the generated tone. Any error decoding a file, whatever it is,
    /// counts as "cannot play it". Theme sounds are looked up in the XDG data directories that
    /// `environment` names. Files are decoded through `clips`, which shares them between alarms
    /// and bounds the memory they take.
    public static func load(_ sound: String, fallbackName: String, environment: [String: String],
                            clips: SharedClips = SharedClips()) -> AlarmSound {
        var problems: [String] = []
        let candidates = sound == fallbackName ? [sound] : [sound, fallbackName]
        for (index, candidate) in candidates.enumerated() {
            guard let path = SoundTheme.resolve(sound: candidate, environment: environment) else {
                problems.append(candidate.hasPrefix("/")
                    ? "cannot read sound file \(candidate)"
                    : "no sound file for '\(candidate)' in the sound theme")
                continue
            }
            do {
                let decoded = try clips.clip(contentsOf: path)
                return AlarmSound(clip: decoded.clip, source: index == 0 ? .requested(path: path) : .theme(path: path),
                                  problems: problems, shortened: decoded.shortened)
            } catch {
                problems.append("\(error)")
            }
        }
        return AlarmSound(clip: clips.tone, source: .generatedTone, problems: problems)
    }

    /// One line saying which fallback plays and why; nil when the sound asked for plays.
    public var fallbackNote: String? {
        switch source {
        case .requested: nil
        case .theme: "Playing the theme's alarm sound: \(problems.joined(separator: "; "))"
        case .generatedTone: "Playing a built-in tone: \(problems.joined(separator: "; "))"
        }
    }
}
