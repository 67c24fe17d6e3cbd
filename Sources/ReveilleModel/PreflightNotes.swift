import ReveilleDomain
import ReveilleText

/// The one table of what each Preflight note means: one sentence with the reason and what to do.
///
/// `PreflightDetails` answers from it, rendered in the session's language, and `reveille doctor`
/// prints it; a new note needs one row here.
public enum PreflightNotes {
    /// The sentence for the note `name`, with the reasons `snapshot` holds.
    public static func message(for name: String, snapshot: HealthSnapshot) -> Message {
        message(for: name, database: snapshot.database, hookFailure: snapshot.hookFailure,
                zoneProblem: snapshot.zoneProblem, configProblem: snapshot.configProblem)
    }

    /// The sentence for the note `name`, with the reasons `database`, `hookFailure`, `zoneProblem`
    /// and `configProblem` hold. A reason, when known, is named in parentheses.
    public static func message(for name: String, database: DatabaseHealth = DatabaseHealth(),
                               hookFailure: Message? = nil, zoneProblem: String? = nil,
                               configProblem: Message? = nil) -> Message {
        let path = database.path
        switch name {
        case "notifications-disabled":
            return Message("No notification server with action buttons answers on the session bus: you could not snooze or dismiss from the notification. Start your desktop's notification service (GNOME Shell, Plasma, dunst, mako, xfce4-notifyd).")
        case "sound-unavailable":
            return Message("No PulseAudio or PipeWire sound server answers, so alarms would be silent. Start one (systemctl --user start pipewire-pulse, or pulseaudio --start).")
        case "terminal-missing":
            return Message("No terminal emulator was found to run the challenge. Install one (apt install xterm) or set REVEILLE_TERMINAL or 'terminal' in reveille.conf.")
        case "database-unreadable":
            guard let what = database.movedAside else {
                return Message("The alarm database could not be read and was moved aside; see journalctl --user -u reveille. Restore it or add your alarms again.")
            }
            return Message("The alarm database could not be read and was moved aside ({reason}); see journalctl --user -u reveille. Restore it or add your alarms again.",
                           messages: ["reason": what])
        case "database-unavailable":
            guard let why = database.unavailable else {
                return Message("The alarm database {path} cannot be opened; alarms cannot ring until it can. Reveille keeps trying: close the program that holds it, or free disk space.",
                               ["path": path])
            }
            return Message("The alarm database {path} cannot be opened ({reason}); alarms cannot ring until it can. Reveille keeps trying: close the program that holds it, or free disk space.",
                           ["path": path, "reason": why])
        case "database-unwritable":
            // A write's error (the store's and SQLite's text) as it comes; a read-only database's reason is a Message.
            guard let why = database.unwritable.map(Message.verbatim) ?? database.readOnly?.reason else {
                return Message("Changes cannot be saved to the alarm database {path}; alarms still ring and a solved challenge still stops them. Reveille keeps the changes in memory and saves them once it can, but they are lost if the agent stops first: free disk space.",
                               ["path": path])
            }
            return Message("Changes cannot be saved to the alarm database {path} ({reason}); alarms still ring and a solved challenge still stops them. Reveille keeps the changes in memory and saves them once it can, but they are lost if the agent stops first: free disk space.",
                           ["path": path], messages: ["reason": why])
        case "database-read-only":
            guard let why = database.readOnly?.reason else {
                return Message("The alarm database {path} can only be read: alarms ring from what it holds, and a solved challenge still stops them, but changes are kept in memory only until it can be written, and lost if the agent stops first. A file system remounted read-only after disk errors needs checking (dmesg, fsck) and remounting read-write; Reveille notices by itself.",
                               ["path": path])
            }
            return Message("The alarm database {path} can only be read ({reason}): alarms ring from what it holds, and a solved challenge still stops them, but changes are kept in memory only until it can be written, and lost if the agent stops first. A file system remounted read-only after disk errors needs checking (dmesg, fsck) and remounting read-write; Reveille notices by itself.",
                           ["path": path], messages: ["reason": why])
        case "alarm-unreadable":
            return Message("These stored alarms cannot be read by this version and will not ring: {alarms}. They stay in the database untouched: add them again, or run the Reveille version that wrote them. The other alarms are not affected.",
                           messages: ["alarms": unreadableList(database.unreadableAlarms)])
        case "alarm-over-limits":
            return Message("Some stored alarms break limits added after they were stored (a label over {length} characters or {bytes} bytes, a QR code too short or too long, more than {count} alarms); they still ring as they are, but an edit must bring them within the limits.",
                           ["length": String(Alarm.maximumLabelLength), "bytes": String(Alarm.maximumLabelBytes),
                            "count": String(Alarm.maximumCount)])
        case "low-power-mode":
            return Message("Power saving is on or the machine runs on battery; an alarm may ring late if the machine sleeps. Plug it in for the night.")
        case "wake-from-suspend-unavailable":
            return Message("Reveille cannot wake this machine from suspend, so an alarm rings only once it is awake. Keep it awake overnight or give the session CAP_WAKE_ALARM (newer systemd does).")
        case "sound-muted":
            return Message("The default sound output is muted or nearly silent. Reveille raises it while ringing, but check your volume.")
        case "sound-stream-muted":
            return Message("Reveille's own alarm sound is muted or turned down to nearly nothing (its volume in the sound settings or pavucontrol, kept for the next alarm too). Reveille undoes it while ringing unless force_audible = no, but turn it up there.")
        case "hook-failed":
            guard let what = hookFailure else {
                return Message("A hook from [hooks] in reveille.conf failed; alarms ring all the same. Its output is in the agent's log (journalctl --user -u reveille): fix the command, and the note goes once that hook runs fine.")
            }
            return Message("A hook from [hooks] in reveille.conf failed ({reason}); alarms ring all the same. Its output is in the agent's log (journalctl --user -u reveille): fix the command, and the note goes once that hook runs fine.",
                           messages: ["reason": what])
        case "time-zone-unreadable":
            guard let why = zoneProblem else {
                return Message("The time zone cannot be read. Fix /etc/localtime (timedatectl set-timezone ZONE) or TZ; the agent follows the file again as soon as it is whole.")
            }
            return Message("The time zone cannot be read ({reason}). Fix /etc/localtime (timedatectl set-timezone ZONE) or TZ; the agent follows the file again as soon as it is whole.",
                           ["reason": why])
        case "config-invalid":
            guard let what = configProblem else {
                return Message("The configuration file has an error, so the agent ignores the whole file and runs with every key at its default: alarms ring, but not as configured. Fix the line and restart the agent (systemctl --user restart reveille).")
            }
            return Message("The configuration file has an error ({reason}), so the agent ignores the whole file and runs with every key at its default: alarms ring, but not as configured. Fix the line and restart the agent (systemctl --user restart reveille).",
                           messages: ["reason": what])
        default:
            return Message("See reveille(1).")
        }
    }

    /// "ID (why), ID (why)", each reason in the reader's language; "none now" when the list is empty.
    private static func unreadableList(_ alarms: [UnreadableAlarm]) -> Message {
        let items = alarms.map { Message("{id} ({reason})", ["id": $0.id], messages: ["reason": $0.reason]) }
        guard let first = items.first else { return Message(context: "unreadable alarms", "none now") }
        return items.dropFirst().reduce(first) { list, item in Message("{list}, {item}", messages: ["list": list, "item": item]) }
    }
}
