import Dispatch
import ReveilleCore
import ReveilleDomain
import Sound
import Synchronization

/// Loops alarm sounds through PulseAudio, decoded with libsndfile.
///
/// Connects lazily: the sound server may start after the agent, or restart under it.
public final class LiveSound: SoundOutput {
    private let environment: [String: String]
    private let fadeIn: Duration
    private let jobs = SerialTasks()
    private let state = Mutex<(player: SoundPlayer?, playing: [AlarmID: PlayingSound])>((nil, [:]))

    public init(environment: [String: String], fadeInSeconds: Int64) {
        self.environment = environment
        fadeIn = .seconds(fadeInSeconds)
    }

    public func start(_ id: AlarmID, sound: String, volume: Double) {
        jobs.add { [self] in
            stopNow(id)
            do {
                let path = try resolve(sound)
                let playing = try player().play(file: path, volume: volume, fadeIn: fadeIn, loop: true) { end in
                    Log.shared.warning("the alarm sound for \(id) ended: \(end)")
                }
                state.withLock { $0.playing[id] = playing }
            } catch {
                Log.shared.error("cannot play the alarm sound for \(id): \(error)")
            }
        }
    }

    public func raise(_ id: AlarmID, volume: Double) {
        jobs.add { [self] in state.withLock { $0.playing[id] }?.setVolume(volume) }
    }

    public func stop(_ id: AlarmID) {
        jobs.add { [self] in stopNow(id) }
    }

    /// Whether sound can be played now; nil when it can.
    public func problem() -> String? {
        do {
            _ = try SoundPlayer.probe(applicationName: "Reveille")
            return nil
        } catch {
            return "no sound server: \(error)"
        }
    }

    /// Whether the default output is muted or nearly silent.
    public func isMuted() -> Bool {
        guard let sink = try? player().defaultSinkState() else { return false }
        return sink.muted || sink.volume < 0.05
    }

    private func stopNow(_ id: AlarmID) {
        let playing = state.withLock { $0.playing.removeValue(forKey: id) }
        playing?.stop()
    }

    private func player() throws -> SoundPlayer {
        if let player = state.withLock({ $0.player }), player.isConnected { return player }
        let player = try SoundPlayer(applicationName: "Reveille")
        state.withLock { $0.player = player }
        return player
    }

    private func resolve(_ sound: String) throws -> String {
        if let path = SoundTheme.resolve(sound: sound, environment: environment) { return path }
        if sound != Alarm.defaultSound, let fallback = SoundTheme.resolve(sound: Alarm.defaultSound, environment: environment) {
            Log.shared.warning("sound '\(sound)' not found; playing \(Alarm.defaultSound) instead")
            return fallback
        }
        throw SoundNotFound(sound: sound)
    }
}

struct SoundNotFound: Error, CustomStringConvertible {
    var sound: String
    var description: String { "no sound file for '\(sound)' (install sound-theme-freedesktop, or give a file path)" }
}
