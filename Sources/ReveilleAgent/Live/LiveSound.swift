import Dispatch
import ReveilleCore
import ReveilleDomain
import Sound
import Synchronization

/// Loops alarm sounds through PulseAudio, decoded with libsndfile.
///
/// Connects lazily: the sound server may start after the agent, or restart under it. While an
/// alarm should sound and cannot, it tries again with back-off and says so through `onProblem`.
public final class LiveSound: SoundOutput {
    /// What the notification says while an alarm cannot be heard.
    static let silentNotice = "No sound: the sound server is not answering"
    /// A muted or quieter default sink is raised while alarms ring (`force_audible`).
    static let audibleVolume = 0.3
    static let raisedVolume = 0.6

    private let environment: [String: String]
    private let fadeIn: Duration
    private let forceAudible: Bool
    private let onProblem: @Sendable (AlarmID, String?) -> Void
    private let jobs = SerialTasks()
    private let state = Mutex(State())

    private struct State {
        var player: SoundPlayer?
        var playing: [AlarmID: PlayingSound] = [:]
        /// Alarms that should sound, whether or not they do.
        var wanted: [AlarmID: Wanted] = [:]
        var nextAttempt = 0
        /// The default sink as it was before `force_audible` raised it, on the server raised.
        var raisedSink: (player: SoundPlayer, before: SinkState)?
    }

    private struct Wanted {
        var sound: String
        var volume: Double
        /// Tells this start's retries from a later start's.
        var attempt: Int
        var failures = 0
    }

    public init(environment: [String: String], fadeInSeconds: Int64, forceAudible: Bool,
                onProblem: @escaping @Sendable (AlarmID, String?) -> Void) {
        self.environment = environment
        fadeIn = .seconds(fadeInSeconds)
        self.forceAudible = forceAudible
        self.onProblem = onProblem
    }

    public func start(_ id: AlarmID, sound: String, volume: Double) {
        jobs.add { [self] in
            silence(id)
            let attempt = state.withLock { state in
                state.nextAttempt += 1
                state.wanted[id] = Wanted(sound: sound, volume: volume, attempt: state.nextAttempt,
                                          failures: state.wanted[id]?.failures ?? 0)
                return state.nextAttempt
            }
            play(id, attempt: attempt)
        }
    }

    public func raise(_ id: AlarmID, volume: Double) {
        jobs.add { [self] in
            state.withLock { state in
                state.wanted[id]?.volume = volume
                return state.playing[id]
            }?.setVolume(volume)
        }
    }

    public func stop(_ id: AlarmID) {
        jobs.add { [self] in
            silence(id)
            let (failed, nothingWanted) = state.withLock { state in
                ((state.wanted.removeValue(forKey: id)?.failures ?? 0) > 0, state.wanted.isEmpty)
            }
            if failed { onProblem(id, nil) }
            if nothingWanted { restoreSink() }
        }
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

    // MARK: On the job queue from here on

    private func play(_ id: AlarmID, attempt: Int) {
        guard let wanted = state.withLock({ $0.wanted[id] }), wanted.attempt == attempt else { return }
        let path: String
        do { path = try resolve(wanted.sound) } catch {
            return Log.shared.error("cannot play the alarm sound for \(id): \(error)")
        }
        do {
            let player = try player()
            makeAudible(player)
            let playing = try player.play(file: path, volume: wanted.volume, fadeIn: fadeIn, loop: true) { [weak self] end in
                Log.shared.warning("the alarm sound for \(id) ended: \(end)")
                guard case .failed = end, let self else { return }
                self.jobs.add { self.failed(id, attempt: attempt) }
            }
            state.withLock { $0.playing[id] = playing }
            if wanted.failures > 0 {
                Log.shared.info("the alarm sound for \(id) plays again")
                state.withLock { $0.wanted[id]?.failures = 0 }
                onProblem(id, nil)
            }
        } catch {
            Log.shared.error("cannot play the alarm sound for \(id): \(error)")
            failed(id, attempt: attempt)
        }
    }

    /// The sound could not start or died with its server: try again after 1, 2, 4 … 30 s.
    private func failed(_ id: AlarmID, attempt: Int) {
        silence(id)
        let failures = state.withLock { state -> Int? in
            guard state.wanted[id]?.attempt == attempt else { return nil }
            state.wanted[id]?.failures += 1
            return state.wanted[id]?.failures
        }
        guard let failures else { return }
        if failures == 1 { onProblem(id, Self.silentNotice) }
        let delay = min(30, 1 << min(failures - 1, 5))
        Log.shared.info("trying the alarm sound for \(id) again in \(delay) s")
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(delay)) { [weak self] in
            guard let self else { return }
            self.jobs.add { self.play(id, attempt: attempt) }
        }
    }

    private func silence(_ id: AlarmID) {
        let playing = state.withLock { $0.playing.removeValue(forKey: id) }
        playing?.stop()
    }

    /// Unmutes and raises a muted or nearly silent default sink, remembering how it was.
    private func makeAudible(_ player: SoundPlayer) {
        guard forceAudible, state.withLock({ $0.raisedSink?.player !== player }) else { return }
        do {
            let sink = try player.defaultSinkState()
            guard sink.muted || sink.volume < Self.audibleVolume else { return }
            try player.setDefaultSink(muted: false, volume: max(sink.volume, Self.raisedVolume))
            state.withLock { $0.raisedSink = (player, sink) }
            Log.shared.info("raised the muted or quiet output \(sink.sinkName) while alarms ring")
        } catch {
            Log.shared.warning("cannot make the output audible: \(error)")
        }
    }

    /// Puts the sink back as it was once nothing rings; a restarted server has its own settings.
    private func restoreSink() {
        guard let raised = state.withLock({ state in defer { state.raisedSink = nil }; return state.raisedSink }),
              raised.player.isConnected else { return }
        do {
            try raised.player.setDefaultSink(muted: raised.before.muted, volume: raised.before.volume)
        } catch {
            Log.shared.warning("cannot restore the output's volume: \(error)")
        }
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
