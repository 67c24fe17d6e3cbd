import ReveilleDomain

/// The one table of what each Preflight note means: one sentence with the reason and what to do.
///
/// `PreflightDetails` answers from it and `reveille doctor` prints it; a new note needs one row here.
public enum PreflightNotes {
    /// The sentence for the note `name`, with the reasons `snapshot` holds.
    public static func sentence(for name: String, snapshot: HealthSnapshot) -> String {
        return sentence(for: name, database: snapshot.database, hookFailure: snapshot.hookFailure,
                 zoneProblem: snapshot.zoneProblem, configProblem: snapshot.configProblem)
    }

    /// The sentence for the note `name`, with the reasons `database`, `hookFailure`, `zoneProblem`
    /// and `configProblem` hold.
    public static func sentence(for name: String, database: DatabaseHealth = DatabaseHealth(),
                                hookFailure: String? = nil, zoneProblem: String? = nil,
                                configProblem: String? = nil) -> String {
        let path = database.path
        switch name {
        case "notifications-disabled":
            return "No notification server with action buttons answers on the session bus: you could not snooze or dismiss from the notification. Start your desktop's notification service (GNOME Shell, Plasma, dunst, mako, xfce4-notifyd)."
        case "sound-unavailable":
            return "No PulseAudio or PipeWire sound server answers, so alarms would be silent. Start one (systemctl --user start pipewire-pulse, or pulseaudio --start)."
        case "terminal-missing":
            return "No terminal emulator was found to run the challenge. Install one (apt install xterm) or set REVEILLE_TERMINAL or 'terminal' in reveille.conf."
        case "database-unreadable":
            let what = database.movedAside.map { " (\($0))" } ?? ""
            return "The alarm database could not be read and was moved aside\(what); see journalctl --user -u reveille. Restore it or add your alarms again."
        case "database-unavailable":
            let why = database.unavailable.map { " (\($0))" } ?? ""
            return "The alarm database \(path) cannot be opened\(why); alarms cannot ring until it can. Reveille keeps trying: close the program that holds it, or free disk space."
        case "database-unwritable":
            let why = (database.unwritable ?? database.readOnly?.reason).map { " (\($0))" } ?? ""
            return "Changes cannot be saved to the alarm database \(path)\(why); alarms still ring and a solved challenge still stops them. Reveille keeps the changes in memory and saves them once it can, but they are lost if the agent stops first: free disk space."
        case "database-read-only":
            let why = database.readOnly.map { " (\($0.reason))" } ?? ""
            return "The alarm database \(path) can only be read\(why): alarms ring from what it holds, and a solved challenge still stops them, but changes are kept in memory only until it can be written, and lost if the agent stops first. A file system remounted read-only after disk errors needs checking (dmesg, fsck) and remounting read-write; Reveille notices by itself."
        case "alarm-unreadable":
            let alarms = database.unreadableAlarms.map { "\($0.id) (\($0.reason))" }.joined(separator: ", ")
            return "These stored alarms cannot be read by this version and will not ring: \(alarms.isEmpty ? "none now" : alarms). They stay in the database untouched: add them again, or run the Reveille version that wrote them. The other alarms are not affected."
        case "alarm-over-limits":
            return "Some stored alarms break limits added after they were stored (a label over \(Alarm.maximumLabelLength) characters or \(Alarm.maximumLabelBytes) bytes, a QR code too short or too long, more than \(Alarm.maximumCount) alarms); they still ring as they are, but an edit must bring them within the limits."
        case "low-power-mode":
            return "Power saving is on or the machine runs on battery; an alarm may ring late if the machine sleeps. Plug it in for the night."
        case "wake-from-suspend-unavailable":
            return "Reveille cannot wake this machine from suspend, so an alarm rings only once it is awake. Keep it awake overnight or give the session CAP_WAKE_ALARM (newer systemd does)."
        case "sound-muted":
            return "The default sound output is muted or nearly silent. Reveille raises it while ringing, but check your volume."
        case "sound-stream-muted":
            return "Reveille's own alarm sound is muted or turned down to nearly nothing (its volume in the sound settings or pavucontrol, kept for the next alarm too). Reveille undoes it while ringing unless force_audible = no, but turn it up there."
        case "hook-failed":
            let what = hookFailure.map { " (\($0))" } ?? ""
            return "A hook from [hooks] in reveille.conf failed\(what); alarms ring all the same. Its output is in the agent's log (journalctl --user -u reveille): fix the command, and the note goes once that hook runs fine."
        case "time-zone-unreadable":
            let why = zoneProblem.map { " (\($0))" } ?? ""
            return "The time zone cannot be read\(why). Fix /etc/localtime (timedatectl set-timezone ZONE) or TZ; the agent follows the file again as soon as it is whole."
        case "config-invalid":
            let what = configProblem.map { " (\($0))" } ?? ""
            return "The configuration file has an error\(what), so the agent ignores the whole file and runs with every key at its default: alarms ring, but not as configured. Fix the line and restart the agent (systemctl --user restart reveille)."
        default:
            return "See reveille(1)."
        }
    }
}
