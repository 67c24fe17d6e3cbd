import ArgumentParser

extension Reveille {
    /// Every subcommand, one file each under Commands/.
    static let commands: [any ParsableCommand.Type] = [
        Add.self, List.self, Show.self, Edit.self, Remove.self, Enable.self, Disable.self, Skip.self, Unskip.self,
        Pause.self, Resume.self,
        Trigger.self, Snooze.self, Dismiss.self, Awake.self, Captcha.self, Doctor.self, Monitor.self, Preview.self, Next.self,
        History.self, Stats.self, Code.self,
    ]
}
