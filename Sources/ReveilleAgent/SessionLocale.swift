import DBus
import Gettext
import ReveilleCore
import ReveilleDomain
import Synchronization

/// The session's language and time format, for the agent's own texts (notifications, notices,
/// `PreflightDetails`, its error messages) and for the captcha it launches.
///
///     let text = sessionLocale.current.translator(Message("Missed alarm: {label}", ["label": label]))
///     let time = sessionLocale.current.timeStyle.time(alarm.time)
///
/// It is read from the systemd user manager's `Environment` (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
/// `LC_TIME`, `LANG`); without a user manager the agent's own environment stands. The manager
/// announces no change of it, so it is read ahead of need, never at the due second: at start,
/// when a ring is prepared (`PrepareRing`, 2 s ahead), on each call of a client, and when a captcha
/// is launched. A change builds a new `UserLocale` (a new `locale_t`), swapped in whole: the
/// process's locale and environment are never changed. Each new language is logged
/// (`language: de`).
public final class SessionLocale: Sendable {
    private struct State {
        var locale: UserLocale
        /// The locale variables the current locale was made from; nil before the first reading.
        var variables: [String: String]?
        var reading = false
        /// When the last reading started: a burst of calls (a script, a flood) reads once a second at most.
        var lastReading: ContinuousClock.Instant?
    }

    /// The least time between two readings that `refreshSoon` starts.
    static let minimumInterval: Duration = .seconds(1)

    private let state: Mutex<State>
    private let ownEnvironment: [String: String]
    private let localeDirectory: String
    private let read: @Sendable () async -> [String: String]?
    private let changeHandlers = Mutex<[@Sendable (UserLocale) -> Void]>([])

    /// `read` returns the session's environment, or nil when there is no user manager to ask.
    /// Until it first answers, the agent's own environment speaks.
    public init(ownEnvironment: [String: String], localeDirectory: String,
                read: @escaping @Sendable () async -> [String: String]?) {
        self.ownEnvironment = ownEnvironment
        self.localeDirectory = localeDirectory
        self.read = read
        state = Mutex(State(locale: UserLocale(environment: ownEnvironment, localeDirectory: localeDirectory)))
    }

    convenience init(ownEnvironment: [String: String], localeDirectory: String, connection: Connection) {
        self.init(ownEnvironment: ownEnvironment, localeDirectory: localeDirectory) { [connection] in
            await SessionEnvironment(connection: connection).fetchIfAvailable()
        }
    }

    /// The session's locale as last read.
    public var current: UserLocale { state.withLock { $0.locale } }

    /// Called with the new locale after each change of the session's locale variables (and after the first reading).
    public func onChange(_ handler: @escaping @Sendable (UserLocale) -> Void) {
        changeHandlers.withLock { $0.append(handler) }
    }

    /// Reads the session's environment now and takes in `environment` (see `update`).
    public func refresh() async {
        let session = await read()
        update(session: session)
    }

    /// Starts a `refresh` unless one is under way or one started less than `minimumInterval` ago;
    /// returns at once.
    public func refreshSoon() {
        let now = ContinuousClock.now
        let start = state.withLock { state -> Bool in
            guard !state.reading else { return false }
            if let last = state.lastReading, now - last < Self.minimumInterval { return false }
            state.reading = true
            state.lastReading = now
            return true
        }
        guard start else { return }
        Task {
            let session = await read()
            state.withLock { $0.reading = false }
            update(session: session)
        }
    }

    /// Takes in the session's environment as just read (nil: no user manager, so the agent's own):
    /// when its locale variables differ from the last, a new locale replaces the current one.
    public func update(session: [String: String]?) {
        let source = session ?? ownEnvironment
        var variables: [String: String] = [:]
        for name in UserLocale.variableNames { if let value = source[name], !value.isEmpty { variables[name] = value } }
        let locale: UserLocale? = state.withLock { state in
            guard state.variables != variables else { return nil }
            state.locale = UserLocale(environment: variables, localeDirectory: localeDirectory)
            state.variables = variables
            return state.locale
        }
        guard let locale else { return }
        Log.shared.info(Self.describe(locale, from: session == nil ? "the agent's own environment" : "the session"))
        for handler in changeHandlers.withLock({ $0 }) { handler(locale) }
    }

    /// The log line of a new locale: `language: de (the session: LANG=de_DE.UTF-8 LANGUAGE=de; 7:00 AM)`.
    static func describe(_ locale: UserLocale, from source: String) -> String {
        let names = UserLocale.variableNames.compactMap { name in locale.variables[name].map { "\(name)=\($0)" } }
        var line = "language: \(locale.language) (\(source): \(names.isEmpty ? "no locale set" : names.joined(separator: " "))"
        line += "; times like \(locale.timeStyle.time(.init(hour: 7, minute: 0)!))"
        if let own = UserLocale.processLanguage, locale.variables["LANGUAGE"] != own {
            line += "; the agent's own LANGUAGE=\(own) wins, as glibc reads it"
        }
        return line + ")"
    }

    /// `base` with the session's locale variables in place of its own: the environment of a child
    /// (the captcha) that is to speak the session's language.
    public func childEnvironment(_ base: [String: String]) -> [String: String] {
        var environment = base
        for name in UserLocale.variableNames { environment[name] = nil }
        environment.merge(current.variables) { _, session in session }
        return environment
    }

    /// `interface` whose every method first starts a `refreshSoon`: a client's call is a moment
    /// when the session's language may have changed. The call itself does not wait for it.
    public func refreshingOnEachCall(_ interface: ExportedInterface) -> ExportedInterface {
        var interface = interface
        interface.methods = interface.methods.map { method in
            var method = method
            let handler = method.handler
            method.handler = { [self] call in
                refreshSoon()
                return try await handler(call)
            }
            return method
        }
        return interface
    }
}

/// The sound output, with the session's locale read again whenever a ring is prepared
/// (`PrepareRing`, 2 s before it is due): the moment before the agent may speak unasked.
final class LocaleRefreshingSound: SoundOutput {
    private let sound: any SoundOutput
    private let locale: SessionLocale

    init(_ sound: any SoundOutput, locale: SessionLocale) {
        self.sound = sound
        self.locale = locale
    }

    func prepare(_ id: AlarmID, sound name: String, volume: Double) {
        sound.prepare(id, sound: name, volume: volume)
        locale.refreshSoon()
    }

    func start(_ id: AlarmID, sound name: String, volume: Double) { sound.start(id, sound: name, volume: volume) }
    func raise(_ id: AlarmID, volume: Double) { sound.raise(id, volume: volume) }
    func stop(_ id: AlarmID) { sound.stop(id) }
    func release(_ id: AlarmID) { sound.release(id) }
}
