import ReveilleText
import ReveilleTime

/// An alarm as its owner set it up: when it rings, how it sounds, and what it takes to stop it.
public struct Alarm: Equatable, Sendable {
    public let id: AlarmID
    /// The local wall-clock time it rings at.
    public var time: WallTime
    /// For a one-time alarm, the day it rings on; nil for repeating alarms.
    public var date: CivilDate?
    /// Days of the week it repeats on; empty for a one-time alarm.
    public var repeatDays: Set<Weekday>
    public var label: String
    /// A sound-theme name (`alarm-clock-elapsed`) or an absolute file path.
    public var sound: String
    /// 0…1.
    public var volume: Double
    public var isEnabled: Bool
    public var snooze: SnoozePolicy
    /// The ordered stack of challenges that stops the alarm.
    public var challenges: [Challenge]
    /// Minutes after a dismissal to ask "Still up?"; 0 for no wake-up check (see `WakeCheck`).
    public var wakeCheckMinutes: Int
    /// The one occurrence that will not ring, by its local date and time (not its instant), so that
    /// a zone or DST change keeps skipping the same occurrence; cleared once it has passed (`SkipAndPause`).
    public var skippedOccurrence: LocalDateTime?
    /// No occurrence rings before this local date; occurrences on it ring. Cleared once the date has come.
    public var pausedUntil: CivilDate?

    public init(
        id: AlarmID,
        time: WallTime,
        date: CivilDate? = nil,
        repeatDays: Set<Weekday> = [],
        label: String = "",
        sound: String = Alarm.defaultSound,
        volume: Double = 1,
        isEnabled: Bool = true,
        snooze: SnoozePolicy = SnoozePolicy(),
        challenges: [Challenge] = [],
        wakeCheckMinutes: Int = 0,
        skippedOccurrence: LocalDateTime? = nil,
        pausedUntil: CivilDate? = nil
    ) {
        self.id = id
        self.time = time
        self.date = date
        self.repeatDays = repeatDays
        self.label = label
        self.sound = sound
        self.volume = volume
        self.isEnabled = isEnabled
        self.snooze = snooze
        self.challenges = challenges
        self.wakeCheckMinutes = wakeCheckMinutes
        self.skippedOccurrence = skippedOccurrence
        self.pausedUntil = pausedUntil
    }

    public static let defaultSound = "alarm-clock-elapsed"
    public static let maximumLabelLength = 256
    /// Bytes count too: one character may hold any number of combining marks.
    public static let maximumLabelBytes = 1024
    /// PATH_MAX. With the label's bytes it bounds an alarm's size on the bus (see `maximumCount`).
    public static let maximumSoundPathBytes = 4096
    /// 1,000 alarms at the largest label and sound path keep a `ListAlarms` reply near 5.7 MB,
    /// under the 8 MB a reply may take on any bus.
    public static let maximumCount = 1000
    public static let maximumChallenges = 8

    public var isRepeating: Bool { !repeatDays.isEmpty }

    /// What people see: the label, or "Alarm" when it has none.
    public var displayLabel: String { label.isEmpty ? "Alarm" : label }
    /// `displayLabel` as a message: the word for an unnamed alarm is translated, a label is not.
    public var displayName: Message { label.isEmpty ? Message(context: "unnamed alarm", "Alarm") : .verbatim(label) }
}

/// How often and how long an alarm may be snoozed.
public struct SnoozePolicy: Equatable, Sendable {
    public enum Limit: Equatable, Sendable {
        case limited(Int)
        case unlimited
    }

    /// 1…60 minutes.
    public var minutes: Int
    /// 0…10 snoozes, or unlimited. Zero means the alarm cannot be snoozed at all.
    public var maxSnoozes: Limit

    public init(minutes: Int = 5, maxSnoozes: Limit = .limited(3)) {
        self.minutes = minutes
        self.maxSnoozes = maxSnoozes
    }

    public static let minuteRange = 1...60
    public static let maxSnoozeRange = 0...10

    /// Snoozes still allowed after `count` have been used; nil when unlimited.
    public func snoozesLeft(after count: Int) -> Int? {
        switch maxSnoozes {
        case .unlimited: nil
        case .limited(let max): Swift.max(0, max - count)
        }
    }
}
