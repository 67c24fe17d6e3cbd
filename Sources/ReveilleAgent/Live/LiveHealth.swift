import ReveilleCore
import ReveilleDomain

/// The live desktop: notifications and sound, created together from the configuration.
struct Desktop: Sendable {
    let notifier: LiveNotifier
    let sound: LiveSound

    static func connect(config: AgentConfig, environment: [String: String]) -> Desktop {
        Desktop(notifier: LiveNotifier(), sound: LiveSound(environment: environment, fadeInSeconds: config.fadeIn))
    }
}

/// Looks at the live desktop for what alarms need.
struct LiveHealth: SystemHealth {
    let desktop: Desktop
    let terminal: LiveTerminalLauncher
    let timer: LiveWakeTimer
    /// Set when the database had to be moved aside at start.
    let databaseProblem: String?

    func snapshot() async -> HealthSnapshot {
        let notifications = await desktop.notifier.problem() == nil
        let sound = desktop.sound.problem() == nil
        return HealthSnapshot(
            permissions: [
                .notifications: notifications,
                .sound: sound,
                .terminal: terminal.isAvailable,
                .database: databaseProblem == nil,
            ],
            lowPowerModeOn: false,
            canWakeFromSuspend: timer.wakesFromSuspend,
            soundMuted: sound && desktop.sound.isMuted()
        )
    }
}
