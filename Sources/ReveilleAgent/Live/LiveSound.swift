import Glibc
import LinuxEvents
import ReveilleCore
import ReveilleDomain
import ReveilleText
import Sound
import Synchronization

/// Loops alarm sounds through PulseAudio, decoded with libsndfile.
///
/// Connects lazily: the sound server may start after the agent, or restart under it. While an
/// alarm should sound and cannot, it tries again with back-off and says so through `onProblem`.
/// A sound file that cannot be played gives way to the theme's alarm sound, then to a tone made
/// in memory, and the notification says which.
///
/// Every call to the sound server runs on the sound thread: a hung server holds up only other
/// sound work there, never the core, D-Bus or Swift's cooperative pool. Health checks run on a
/// second thread, so that a `Preflight` never delays starting or stopping a sound.
public final class LiveSound: SoundOutput {
    /// What the notification says while an alarm cannot be heard.
    static let silentNotice = Message("No sound: the sound server is not answering")
    /// How long a health check may take before the server counts as not answering.
    static let checkTimeout: Duration = .seconds(2)
    static let checkWait: Duration = .seconds(3)
    static let notAnswering = SoundStatus(problem: "no sound server: it did not answer within \(checkWait)", muted: false)
    /// What the notice says once something has silenced an alarm more often than `UndoLimit` undoes.
    static let fightNotice = Message("Something keeps silencing the alarm")

    private let environment: [String: String]
    private let fadeIn: Duration
    private let forceAudible: Bool
    private let onProblem: @Sendable (AlarmID, [Message]) -> Void
    private let onNotice: @Sendable (_ summary: Message, _ body: Message) -> Void
    /// A check of the ringing streams is queued on the sound thread: server events that come
    /// meanwhile need no second one.
    private let audibleCheckQueued = Atomic<Bool>(false)
    private let thread = WorkerThread()
    /// Decoded sounds, shared by the alarms that ring or are prepared with the same file.
    private let clips = SharedClips()
    private let checkThread = WorkerThread()
    private let state = Mutex(State())
    private let checks = Mutex<Checks>(Checks())

    /// Checks asked for and the last one made: a check that started after a caller asked
    /// answers that caller too, so callers that pile up behind a slow check share one.
    private struct Checks {
        var asked = 0
        var last: (servesUpTo: Int, status: SoundStatus)?
    }

    private struct State {
        var player: SoundPlayer?
        var playing: [AlarmID: PlayingSound] = [:]
        /// Alarms that should sound, whether or not they do.
        var wanted: [AlarmID: Wanted] = [:]
        var nextAttempt = 0
        /// Rings made ready ahead (`prepare`), until they start or are released.
        var prepared: [AlarmID: Prepared] = [:]
        /// Each sink as it was before `force_audible` first raised it, on the server raised.
        var raisedSinks: (player: SoundPlayer, before: [String: SinkState])?
        /// Undoings of changes that silenced a ringing alarm, within the last minute.
        var undos = UndoLimit()
        /// The limit was reached: told once, and a check is planned for when it allows one again.
        var undoLimitReached = false
    }

    private struct Wanted {
        var sound: String
        var volume: Double
        /// Tells this start's retries from a later start's.
        var attempt: Int
        var failures = 0
        /// Decoded on the first attempt and kept for the retries.
        var decoded: AlarmSound?
        /// What the notification was last told, so that it is told only of changes.
        var reported: [Message] = []

        /// The lines the notification adds: which fallback plays, and whether the server fails.
        var notice: [Message] {
            [decoded.flatMap(LiveSound.fallbackNote), failures > 0 ? LiveSound.silentNotice : nil].compactMap { $0 }
        }
    }

    /// A ring made ready: its sound decoded and, when the server answered, a corked stream
    /// already holding its first audio.
    private struct Prepared {
        var sound: String
        var volume: Double
        /// Tells this preparation from a later one for the same alarm.
        var token: Int
        var decoded: AlarmSound?
        var stream: PlayingSound?
        /// Set once the stream plays for a start: where its failure goes from then on.
        var startedAttempt: StartedAttempt?
    }

    private final class StartedAttempt: Sendable {
        let attempt = Mutex<Int?>(nil)
    }

    /// `onProblem` adds lines to a ringing alarm's notification (none: takes them away); `onNotice`
    /// posts a notice of its own. Both are messages: the notifier renders them in the session's language.
    public init(environment: [String: String], fadeInSeconds: Int64, forceAudible: Bool,
                onNotice: @escaping @Sendable (_ summary: Message, _ body: Message) -> Void = { _, _ in },
                onProblem: @escaping @Sendable (AlarmID, [Message]) -> Void) {
        self.environment = environment
        fadeIn = .seconds(fadeInSeconds)
        self.forceAudible = forceAudible
        self.onNotice = onNotice
        self.onProblem = onProblem
    }

    // What is wanted changes at once, on the caller's thread; only the server calls wait their
    // turn on the sound thread. So a stop that comes while a start waits on a slow server makes
    // that start drop its sound as soon as the server answers.

    public func start(_ id: AlarmID, sound: String, volume: Double) {
        let attempt = state.withLock { state in
            state.nextAttempt += 1
            let previous = state.wanted[id]
            state.wanted[id] = Wanted(sound: sound, volume: volume, attempt: state.nextAttempt,
                                      failures: previous?.failures ?? 0, reported: previous?.reported ?? [])
            return state.nextAttempt
        }
        thread.schedule { [self] in
            silence(id)
            play(id, attempt: attempt)
        }
    }

    public func prepare(_ id: AlarmID, sound: String, volume: Double) {
        let token = state.withLock { state in
            state.nextAttempt += 1
            state.prepared[id] = Prepared(sound: sound, volume: volume, token: state.nextAttempt)
            return state.nextAttempt
        }
        thread.schedule { [self] in makeReady(id, token: token) }
    }

    public func release(_ id: AlarmID) {
        let prepared = state.withLock { $0.prepared.removeValue(forKey: id) }
        thread.schedule { [self] in
            prepared?.stream?.stop()
            disconnectIfIdle()
        }
    }

    /// Nothing rings or is about to: the connection to the server (its thread, its buffers) goes
    /// until the next preparation or start makes a new one.
    private func disconnectIfIdle() {
        state.withLock { state in
            guard state.wanted.isEmpty, state.prepared.isEmpty, state.raisedSinks == nil else { return }
            state.player = nil
        }
    }

    public func raise(_ id: AlarmID, volume: Double) {
        thread.schedule { [self] in
            let playing = state.withLock { state in
                state.wanted[id]?.volume = volume
                return state.playing[id]
            }
            guard let playing else { return }
            playing.setVolume(volume)
            if let player = state.withLock({ $0.player }), player.isConnected {
                makeAudible(player)
                keepAudible()
            }
        }
    }

    public func stop(_ id: AlarmID) {
        let reported = state.withLock { $0.wanted.removeValue(forKey: id)?.reported }
        thread.schedule { [self] in
            silence(id)
            if let reported, !reported.isEmpty { onProblem(id, []) }
            if state.withLock({ $0.wanted.isEmpty }) { restoreSink() }
            disconnectIfIdle()
        }
    }

    /// Whether sound can be played now, and whether the output is muted. Answers within a few
    /// seconds whatever the server does: a server that does not answer by then is a problem.
    public func status() async -> SoundStatus {
        let asked = checks.withLock { checks in
            checks.asked += 1
            return checks.asked
        }
        return await checkThread.perform(within: Self.checkWait) { [self] in
            if let last = checks.withLock({ $0.last }), last.servesUpTo >= asked { return last.status }
            let servesUpTo = checks.withLock { $0.asked }
            let status = Self.check()
            checks.withLock { $0.last = (servesUpTo, status) }
            return status
        } ?? Self.notAnswering
    }

    /// On the check thread: a connection of its own, so that it never waits behind a playing sound.
    private static func check() -> SoundStatus {
        do {
            let player = try SoundPlayer(applicationName: applicationName, timeout: checkTimeout)
            _ = try player.serverInfo()
            let sink = try? player.defaultSinkState()
            let stream = try? player.streamSilenced(processID: getpid(), applicationName: applicationName)
            return SoundStatus(problem: nil, muted: sink.map { $0.muted || $0.volume < SoundPlayer.silencedVolume } ?? false,
                               streamMuted: stream ?? false)
        } catch {
            return SoundStatus(problem: "no sound server: \(error)", muted: false)
        }
    }

    /// The name the server knows the agent by, and keeps per-application volumes under.
    static let applicationName = "Reveille"

    // MARK: On the sound thread from here on

    /// Decodes the sound and connects its stream corked. Whatever fails here is left for `play`,
    /// which does it all again at the due second.
    private func makeReady(_ id: AlarmID, token: Int) {
        guard let prepared = state.withLock({ $0.prepared[id] }), prepared.token == token else { return }
        let decoded = AlarmSound.load(prepared.sound, fallbackName: Alarm.defaultSound, environment: environment, clips: clips)
        let startedAttempt = StartedAttempt()
        var stream: PlayingSound?
        do {
            stream = try player().play(decoded.clip, volume: prepared.volume, fadeIn: fadeIn, loop: true, corked: true) { [weak self] end in
                guard case .failed = end, let self else { return }
                self.thread.schedule {
                    if let attempt = startedAttempt.attempt.withLock({ $0 }) { return self.failed(id, attempt: attempt) }
                    // Not started yet: forget the stream, and start as if nothing had been prepared.
                    self.state.withLock { state in
                        if state.prepared[id]?.token == token { state.prepared[id]?.stream = nil }
                    }
                }
            }
        } catch {
            Log.shared.info("cannot prepare the alarm sound for \(id) ahead: \(error)")
        }
        let kept = state.withLock { state -> Bool in
            guard state.prepared[id]?.token == token else { return false }
            state.prepared[id]?.decoded = decoded
            state.prepared[id]?.stream = stream
            state.prepared[id]?.startedAttempt = startedAttempt
            return true
        }
        if !kept { stream?.stop() }
    }

    /// Starts what `prepare` made for this very sound and volume, if its stream still stands.
    private func startPrepared(_ id: AlarmID, _ wanted: Wanted) -> Bool {
        let prepared = state.withLock { state -> Prepared? in
            guard let prepared = state.prepared.removeValue(forKey: id) else { return nil }
            guard prepared.sound == wanted.sound, prepared.volume == wanted.volume else {
                prepared.stream?.stop()
                return nil
            }
            if let decoded = prepared.decoded, state.wanted[id]?.attempt == wanted.attempt { state.wanted[id]?.decoded = decoded }
            return prepared
        }
        guard let prepared, let stream = prepared.stream, stream.state == .playing,
              let player = state.withLock({ $0.player }), player.isConnected else {
            prepared?.stream?.stop()
            return false
        }
        prepared.startedAttempt?.attempt.withLock { $0 = wanted.attempt }
        stream.uncork()
        let current = state.withLock { state -> Bool in
            guard state.wanted[id]?.attempt == wanted.attempt else { return false }
            state.playing[id] = stream
            state.wanted[id]?.failures = 0
            return true
        }
        guard current else {
            stream.stop()
            return true
        }
        if let decoded = prepared.decoded { logChoice(id, wanted.sound, decoded) }
        report(id)
        makeAudible(player)
        return true
    }

    private func play(_ id: AlarmID, attempt: Int) {
        guard let wanted = state.withLock({ $0.wanted[id] }), wanted.attempt == attempt else { return }
        if startPrepared(id, wanted) { return }
        let sound = state.withLock({ $0.wanted[id]?.decoded }) ?? wanted.decoded ?? decode(id, wanted)
        do {
            let player = try player()
            makeAudible(player)
            let playing = try player.play(sound.clip, volume: wanted.volume, fadeIn: fadeIn, loop: true) { [weak self] end in
                Log.shared.warning("the alarm sound for \(id) ended: \(end)")
                guard case .failed = end, let self else { return }
                self.thread.schedule { self.failed(id, attempt: attempt) }
            }
            let recovered = state.withLock { state -> Bool? in
                guard state.wanted[id]?.attempt == attempt else { return nil }
                state.playing[id] = playing
                defer { state.wanted[id]?.failures = 0 }
                return state.wanted[id]?.failures ?? 0 > 0
            }
            // Stopped or started anew while the server took its time.
            guard let recovered else { return playing.stop() }
            if recovered { Log.shared.info("the alarm sound for \(id) plays again") }
            report(id)
        } catch {
            Log.shared.error("cannot play the alarm sound for \(id): \(error)")
            failed(id, attempt: attempt)
        }
    }

    /// Decodes the alarm's sound, or what stands in for it, once per start; says which fallback plays.
    private func decode(_ id: AlarmID, _ wanted: Wanted) -> AlarmSound {
        let sound = AlarmSound.load(wanted.sound, fallbackName: Alarm.defaultSound, environment: environment, clips: clips)
        state.withLock { state in
            if state.wanted[id]?.attempt == wanted.attempt { state.wanted[id]?.decoded = sound }
        }
        logChoice(id, wanted.sound, sound)
        report(id)
        return sound
    }

    /// One line for the notification saying which fallback plays and why (the reasons as the
    /// system gave them); nil when the sound asked for plays. The log has `AlarmSound.fallbackNote`.
    static func fallbackNote(_ sound: AlarmSound) -> Message? {
        let problems = sound.problems.joined(separator: "; ")
        return switch sound.source {
        case .requested: nil
        case .theme: Message("Playing the theme's alarm sound: {problems}", ["problems": problems])
        case .generatedTone: Message("Playing a built-in tone: {problems}", ["problems": problems])
        }
    }

    /// Logs what plays in place of the sound asked for, or that only its beginning loops.
    private func logChoice(_ id: AlarmID, _ asked: String, _ sound: AlarmSound) {
        if let note = sound.fallbackNote {
            Log.shared.warning("the alarm sound '\(asked)' for \(id) cannot play. \(note)")
        }
        if sound.shortened {
            Log.shared.warning("the alarm sound '\(asked)' for \(id) loops its first \(sound.clip.duration): the sounds of the alarms ringing now fill the \(clips.budget >> 20) MB kept for decoded sounds")
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
        report(id)
        let delay = min(30, 1 << min(failures - 1, 5))
        Log.shared.info("trying the alarm sound for \(id) again in \(delay) s")
        Reactor.shared.after(.seconds(delay)) { [weak self] in
            guard let self else { return }
            self.thread.schedule { self.play(id, attempt: attempt) }
        }
    }

    /// Tells the notification what it should add for `id`, when that changed.
    private func report(_ id: AlarmID) {
        let change = state.withLock { state -> [Message]? in
            guard let wanted = state.wanted[id], wanted.notice != wanted.reported else { return nil }
            state.wanted[id]?.reported = wanted.notice
            return .some(wanted.notice)
        }
        if let change { onProblem(id, change) }
    }

    private func silence(_ id: AlarmID) {
        let playing = state.withLock { $0.playing.removeValue(forKey: id) }
        playing?.stop()
    }

    /// Unmutes and raises a muted or nearly silent default sink, remembering how it was before
    /// the first raise: the user may have muted it again since, and a nudge raises it again.
    private func makeAudible(_ player: SoundPlayer) {
        guard forceAudible else { return }
        do {
            let sink = try player.defaultSinkState()
            guard sink.muted || sink.volume < AudibleFix.quietSink else { return }
            try raise(sink, on: player)
            Log.shared.info("raised the muted or quiet output \(sink.sinkName) while alarms ring")
        } catch {
            Log.shared.warning("cannot make the output audible: \(error)")
        }
    }

    /// Unmutes `sink` at `AudibleFix.raisedSink` at least, keeping how it was before its first raise.
    private func raise(_ sink: SinkState, on player: SoundPlayer) throws {
        try player.setSink(named: sink.sinkName, muted: false, volume: max(sink.volume, AudibleFix.raisedSink))
        state.withLock { state in
            var before = state.raisedSinks?.player === player ? state.raisedSinks?.before ?? [:] : [:]
            if before[sink.sinkName] == nil { before[sink.sinkName] = sink }
            state.raisedSinks = (player, before)
        }
    }

    /// On libpulse's thread, for any change of a sink, a stream or the server: queues one check
    /// of the ringing streams on the sound thread. Takes no lock that the sound thread holds
    /// while it calls the server.
    private func serverChanged() {
        guard !audibleCheckQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        thread.schedule { [self] in
            audibleCheckQueued.store(false, ordering: .releasing)
            keepAudible()
        }
    }

    /// Undoes whatever silenced a ringing alarm (`force_audible`): a muted or quiet output or
    /// stream, a suspended output, a move to a null sink. At most `UndoLimit.limit` times a
    /// minute; past that a notice says so, and the check comes again once the limit allows.
    private func keepAudible() {
        guard forceAudible, let player = state.withLock({ $0.player }), player.isConnected else { return }
        let ringing = state.withLock { state in
            state.playing.compactMap { id, sound in state.wanted[id].map { (id: id, sound: sound, volume: $0.volume) } }
        }.sorted { $0.id < $1.id }
        guard !ringing.isEmpty else { return }
        var planned: [(id: AlarmID, sound: PlayingSound, fixes: [AudibleFix])] = []
        do {
            let defaultSink = try player.serverInfo().defaultSinkName
            for alarm in ringing {
                guard let stream = try alarm.sound.serverState() else { continue }
                let fixes = AudibleFix.fixes(for: stream, defaultSink: defaultSink,
                                             destination: try destination(for: alarm.sound, defaultSink: defaultSink, on: player),
                                             alarmVolume: alarm.volume)
                if !fixes.isEmpty { planned.append((alarm.id, alarm.sound, fixes)) }
            }
        } catch {
            return Log.shared.warning("cannot tell whether the ringing alarms can be heard: \(error)")
        }
        guard !planned.isEmpty else { return }
        guard allowUndo() else { return }
        for alarm in planned {
            for fix in alarm.fixes {
                do {
                    try apply(fix, to: alarm.sound, on: player)
                    Log.shared.info("the ringing alarm \(alarm.id) could not be heard: \(fix) (force_audible)")
                } catch {
                    Log.shared.warning("the ringing alarm \(alarm.id) cannot be heard (\(fix)), and undoing it failed: \(error)")
                }
            }
        }
    }

    /// Where a stream on a null sink goes back to: the sink it started on, unless that is gone
    /// or is itself a null sink other than the default; else the default sink.
    private func destination(for sound: PlayingSound, defaultSink: String?, on player: SoundPlayer) throws -> SinkState? {
        if let home = sound.homeSink, let sink = try player.sinkState(named: home), !sink.isNull || home == defaultSink {
            return sink
        }
        return try defaultSink.flatMap { try player.sinkState(named: $0) }
    }

    private func apply(_ fix: AudibleFix, to sound: PlayingSound, on player: SoundPlayer) throws {
        switch fix {
        case let .moveStream(_, to): try sound.move(toSink: to)
        case let .raiseSink(name, wasMuted, from, _): try raise(SinkState(sinkName: name, muted: wasMuted, volume: from), on: player)
        case let .resumeSink(name): try player.resumeSink(named: name)
        case .restoreStream: try sound.restoreStreamVolume()
        }
    }

    /// Counts one undoing if the limit allows; otherwise tells once, and plans a check for when it allows again.
    private func allowUndo() -> Bool {
        let now = monotonicNanoseconds()
        let refused = state.withLock { state -> (firstTime: Bool, wait: Int64)? in
            if state.undos.allow(at: now) {
                state.undoLimitReached = false
                return nil
            }
            defer { state.undoLimitReached = true }
            return (!state.undoLimitReached, state.undos.wait(at: now))
        }
        guard let refused else { return true }
        if refused.firstTime {
            let seconds = (refused.wait + 999_999_999) / 1_000_000_000
            Log.shared.warning("something keeps silencing the ringing alarm: undone \(UndoLimit.limit) times within a minute; left as it is for \(seconds) s")
            onNotice(Self.fightNotice, Message(
                "A program or setting keeps muting, turning down or moving the alarm's sound. Reveille undid it {count} times within a minute and leaves it for {seconds} s; then it makes the alarm audible again.",
                ["count": String(UndoLimit.limit), "seconds": String(seconds)]))
            Reactor.shared.after(.nanoseconds(refused.wait)) { [weak self] in
                guard let self else { return }
                self.thread.schedule {
                    self.state.withLock { $0.undoLimitReached = false }
                    self.keepAudible()
                }
            }
        }
        return false
    }

    /// Puts the sinks back as they were once nothing rings; a restarted server has its own settings.
    private func restoreSink() {
        guard let raised = state.withLock({ state in defer { state.raisedSinks = nil }; return state.raisedSinks }),
              raised.player.isConnected else { return }
        for (name, before) in raised.before.sorted(by: { $0.key < $1.key }) {
            do {
                try raised.player.setSink(named: name, muted: before.muted, volume: before.volume)
            } catch {
                Log.shared.warning("cannot restore the volume of the output \(name): \(error)")
            }
        }
    }

    private func player() throws -> SoundPlayer {
        if let player = state.withLock({ $0.player }), player.isConnected { return player }
        let player = try SoundPlayer(applicationName: Self.applicationName)
        if forceAudible {
            do { try player.followChanges { [weak self] in self?.serverChanged() } } catch {
                Log.shared.warning("cannot follow the sound server's changes; a muted alarm is raised only at its nudge: \(error)")
            }
        }
        state.withLock { $0.player = player }
        return player
    }
}

/// What a health check found out about sound.
public struct SoundStatus: Sendable, Equatable {
    /// Why no sound can be played now; nil when it can.
    public var problem: String?
    /// The default output is muted or nearly silent.
    public var muted: Bool
    /// A ringing alarm's own stream is muted or nearly silent, or the volume the server keeps
    /// for the agent's next one (per-application volume) is.
    public var streamMuted = false
}
