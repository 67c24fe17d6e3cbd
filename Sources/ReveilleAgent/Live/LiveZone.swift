import LinuxEvents
import ReveilleCore
import ReveilleTime
import Synchronization
import SystemTimeZone

/// The local zone from `$TZ` or `/etc/localtime`, read again whenever `/etc/localtime` changes.
///
/// A zone that cannot be read (a broken or half-written file, a `TZ` that names nothing) never
/// sends the alarms to UTC in silence: the last zone that could be read stays in force, and
/// `problem` says why. The last good zone is kept in the database, so that a start with a
/// broken file has it too; only when no zone was ever read does UTC stand in.
public final class LiveZone: ZoneProvider {
    private struct State {
        var rules: ZoneRules
        /// What `rules` were read from; nil while they stand in for a zone that cannot be read.
        var source: ZoneSource?
        /// Why the zone cannot be read, and what the alarms ring by instead; nil while it reads fine.
        var problem: String?
    }

    private let environment: [String: String]
    private let localtimePath: String
    private let state: Mutex<State>
    private let memory = Mutex<(any ZoneMemory)?>(nil)
    private let watcher = Mutex<FileWatch?>(nil)

    public init(environment: [String: String], localtimePath: String = "/etc/localtime") {
        self.environment = environment
        self.localtimePath = localtimePath
        switch Self.read(environment, localtimePath) {
        case .success(let read):
            state = Mutex(State(rules: read.rules, source: read.source))
        case .failure(let error):
            state = Mutex(State(rules: .utc, problem: Self.problem(error, standIn: nil)))
        }
    }

    public func current() -> ZoneRules { state.withLock { $0.rules } }

    /// Why the zone cannot be read and which zone the alarms ring by instead; nil while it reads fine.
    public var problem: String? { state.withLock { $0.problem } }

    /// Once the database is open: a zone that reads fine is kept there, and one that does not is
    /// replaced by the zone kept there. Returns `problem` when the zone cannot be read, for a notice.
    func settle(with memory: any ZoneMemory) -> String? {
        self.memory.withLock { $0 = memory }
        let failure: SystemTimeZoneError
        switch Self.read(environment, localtimePath) {
        case .success(let read):
            state.withLock { $0 = State(rules: read.rules, source: read.source) }
            keep(read.source)
            return nil
        case .failure(let error):
            failure = error
        }
        let stored: ZoneRules?
        do { stored = try memory.storedZone().map { try $0.rules() } } catch {
            Log.shared.warning("cannot read the last good time zone from the database: \(error)")
            stored = nil
        }
        let problem = state.withLock { state in
            // A zone read fine earlier in this run is at least as recent as the one kept.
            if state.source == nil, let stored { state.rules = stored }
            let standIn: ZoneRules? = state.source == nil ? stored : state.rules
            state.problem = Self.problem(failure, standIn: standIn)
            return state.problem!
        }
        Log.shared.error("cannot read the time zone: \(problem)")
        return problem
    }

    /// Calls `onChange` after the zone was read again because `/etc/localtime` changed, and
    /// `onProblem` with why when it can no longer be read (once, until it reads fine again).
    public func watch(reactor: Reactor = .shared, onChange: @escaping @Sendable () -> Void,
                      onProblem: @escaping @Sendable (String) -> Void = { _ in }) {
        do {
            let watch = try FileWatch(path: localtimePath, reactor: reactor) { [weak self] in
                self?.fileChanged(onChange: onChange, onProblem: onProblem)
            }
            watcher.withLock { $0 = watch }
        } catch {
            Log.shared.warning("cannot watch \(localtimePath) for zone changes: \(error)")
        }
    }

    private func fileChanged(onChange: @Sendable () -> Void, onProblem: @Sendable (String) -> Void) {
        switch Self.read(environment, localtimePath) {
        case .success(let read):
            state.withLock { $0 = State(rules: read.rules, source: read.source) }
            keep(read.source)
            Log.shared.info("the time zone changed to \(read.rules.name ?? "a new zone")")
            onChange()
        case .failure(let error):
            let (problem, first) = state.withLock { state in
                let first = state.problem == nil
                let standIn = state.source != nil || state.rules != .utc ? state.rules : nil
                state.problem = Self.problem(error, standIn: standIn)
                return (state.problem!, first)
            }
            Log.shared.error("cannot read the time zone: \(problem)")
            if first { onProblem(problem) }
        }
    }

    /// Keeps a zone that was read fine in the database, unless it is kept there already.
    private func keep(_ source: ZoneSource) {
        guard let memory = memory.withLock({ $0 }) else { return }
        do {
            if try memory.storedZone() != source { try memory.saveZone(source) }
        } catch {
            Log.shared.warning("cannot keep the time zone in the database: \(error)")
        }
    }

    /// Why the zone cannot be read, and what the alarms ring by instead: `standIn`, the last zone
    /// read fine, or UTC when there is none.
    private static func problem(_ error: SystemTimeZoneError, standIn: ZoneRules?) -> String {
        guard let standIn else { return "\(error.message); alarms ring by UTC, as no zone could be read before" }
        return "\(error.message); alarms ring by the last zone that could be read" + (standIn.name.map { ", \($0)" } ?? "")
    }

    private static func read(_ environment: [String: String], _ localtimePath: String)
        -> Result<(rules: ZoneRules, source: ZoneSource), SystemTimeZoneError> {
        Result { () throws(SystemTimeZoneError) in try SystemTimeZone.read(environment: environment, localtimePath: localtimePath) }
    }
}
