import Gettext
import ReveilleCore
import ReveilleDomain
import ReveilleModel
import ReveilleText

/// The live desktop: notifications and sound, created together from the configuration.
struct Desktop: Sendable {
    let notifier: LiveNotifier
    let sound: LiveSound

    /// `locale` is the session's as last read: the texts of notifications and notices are rendered in it.
    static func connect(config: AgentConfig, environment: [String: String], ledger: any NotificationLedger,
                        locale: @escaping @Sendable () -> UserLocale) -> Desktop {
        let notifier = LiveNotifier(ledger: ledger, locale: locale)
        let sound = LiveSound(environment: environment, fadeInSeconds: config.fadeIn, forceAudible: config.forceAudible,
                              onNotice: { summary, body in notifier.notice(summary: summary, body: body) }) {
            id, problem in notifier.setSoundProblem(id, problem)
        }
        return Desktop(notifier: notifier, sound: sound)
    }
}

/// Looks at the live desktop for what alarms need.
struct LiveHealth: SystemHealth {
    let desktop: Desktop
    let terminal: LiveTerminalLauncher
    let power: LivePower
    let database: AlarmDatabase
    let zone: LiveZone
    /// The configuration file's error, when the agent runs on its defaults because of it.
    let configProblem: Message?

    func snapshot() async -> HealthSnapshot {
        var snapshot = await desktopSnapshot()
        snapshot.database.readOnly = database.readOnly
        snapshot.zoneProblem = zone.problem
        snapshot.configProblem = configProblem
        return snapshot
    }

    private func desktopSnapshot() async -> HealthSnapshot {
        let notifications = await desktop.notifier.problem() == nil
        let soundStatus = await desktop.sound.status()
        let sound = soundStatus.problem == nil
        return HealthSnapshot(
            permissions: [
                .notifications: notifications,
                .sound: sound,
                .terminal: terminal.isAvailable,
                .database: database.movedAside == nil,
            ],
            lowPowerModeOn: await power.isLowPower(),
            soundMuted: sound && soundStatus.muted,
            alarmStreamMuted: sound && soundStatus.streamMuted,
            database: DatabaseHealth(path: database.path, movedAside: database.movedAside)
        )
    }
}
