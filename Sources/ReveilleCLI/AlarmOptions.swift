import ArgumentParser
import ReveilleDomain
import ReveilleModel
import ReveilleText
import ReveilleTime

/// The alarm fields as options, shared by `add` and `edit`; they mirror the D-Bus alarm keys.
struct AlarmOptions: ParsableArguments {
    @Option(help: .text(Message("A label shown when it rings (at most 256 characters).")))
    var label: String?

    @OptionGroup var days: DayOptions

    @Option(help: .text(Message("A sound-theme name (alarm-clock-elapsed) or an absolute file path.")))
    var sound: String?

    @Option(help: .text(Message("Volume from 0 to 1.")))
    var volume: Double?

    @Option(help: .text(Message("Minutes per snooze, 1 to 60.")))
    var snoozeMinutes: Int?

    @Option(help: .text(Message("Snoozes allowed, 0 to 10, or -1 or 'unlimited'.")))
    var maxSnoozes: String?

    @Option(help: .text(Message("Minutes after dismissal to ask \"Still up?\", 0 to 60 (0: off); unanswered within 60 s, it rings again.")))
    var wakeCheck: Int?

    @Option(name: .customLong("challenge"), help: .text(Message("A challenge, repeatable, in order: math:easy|medium|hard, qr:CODE, typing:N, card:LABEL (see reveille code).")))
    var challenges: [String] = []

    /// The changes these options and the time argument ask for. Bad values are usage errors (exit status 2).
    func changes(timeWords: [String], knownTime: WallTime? = nil, at clock: LocalNow) throws(CLIError) -> AlarmChanges {
        var changes = AlarmChanges()
        let when = try TimeExpression(words: timeWords, dayText: days.date, knownTime: knownTime, at: clock)
        changes.time = when.time
        changes.date = when.date
        changes.inSeconds = when.inSeconds
        changes.label = label
        changes.repeatDays = try days.repeatDays()
        if changes.inSeconds != nil, changes.repeatDays?.isEmpty == false {
            throw .usage(Message("a relative time (+25m, in 1 hour) is for a one-time alarm; it cannot go with --repeat"))
        }
        changes.sound = sound
        changes.volume = volume
        changes.snoozeMinutes = snoozeMinutes
        changes.wakeCheck = wakeCheck
        if let maxSnoozes {
            guard let value = maxSnoozes == "unlimited" ? -1 : Int(maxSnoozes) else {
                throw .usage(Message("--max-snoozes '{value}' is not a number or 'unlimited'", ["value": maxSnoozes]))
            }
            changes.maxSnoozes = value
        }
        if !challenges.isEmpty {
            var entries: [AlarmChanges.ChallengeEntry] = []
            for text in challenges {
                entries.append(text == "qr:*" ? .keepStoredCode
                    : .new(try parsed { () throws(AlarmFieldError) in try AlarmText.parseChallenge(text) }))
            }
            changes.challenges = entries
        }
        return changes
    }
}

/// What the shell completions offer for `--date`.
let dayWords = ["today", "tomorrow"] + Weekday.allCases.map(\.shortName)

/// `--json` for scripts.
struct OutputOptions: ParsableArguments {
    @Flag(help: .text(Message("Print JSON with the D-Bus keys instead of text.")))
    var json = false
}
