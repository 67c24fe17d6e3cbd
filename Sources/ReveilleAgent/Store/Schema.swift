/// The alarm database's schema, one migration per `user_version`. Append; never edit a shipped step.
enum Schema {
    static let migrations: [String] = [
        """
        CREATE TABLE alarm (
            id TEXT PRIMARY KEY,
            time TEXT NOT NULL,
            date TEXT,
            repeat TEXT NOT NULL,
            label TEXT NOT NULL,
            sound TEXT NOT NULL,
            volume REAL NOT NULL,
            enabled INTEGER NOT NULL,
            snooze_minutes INTEGER NOT NULL,
            max_snoozes INTEGER NOT NULL,
            expected_qr TEXT,
            next_fire INTEGER
        );
        CREATE TABLE challenge (
            alarm_id TEXT NOT NULL REFERENCES alarm(id) ON DELETE CASCADE,
            order_index INTEGER NOT NULL,
            id TEXT NOT NULL,
            kind TEXT NOT NULL,
            value TEXT NOT NULL,
            time_limit INTEGER,
            PRIMARY KEY (alarm_id, order_index)
        );
        CREATE TABLE run (
            id INTEGER PRIMARY KEY,
            alarm_id TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            completed_at INTEGER,
            outcome TEXT NOT NULL,
            snooze_count INTEGER NOT NULL,
            snoozed_until INTEGER,
            rang_at INTEGER NOT NULL,
            session_index INTEGER,
            session_prompt TEXT,
            session_started_at INTEGER,
            session_deadline INTEGER,
            session_attempts INTEGER,
            session_failures INTEGER,
            session_last_failure INTEGER
        );
        CREATE UNIQUE INDEX run_open ON run(alarm_id) WHERE outcome = 'inProgress';
        CREATE TABLE challenge_run (
            run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            challenge_id TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            completed_at INTEGER,
            outcome TEXT NOT NULL,
            PRIMARY KEY (run_id, seq)
        );
        CREATE TABLE missed (
            alarm_id TEXT NOT NULL,
            due_at INTEGER NOT NULL
        );
        """,
        // 2: each alarm's latest occurrence that rang or was reported missed (never twice).
        """
        CREATE TABLE last_occurrence (
            alarm_id TEXT PRIMARY KEY REFERENCES alarm(id) ON DELETE CASCADE,
            due_at INTEGER NOT NULL,
            outcome TEXT NOT NULL
        );
        """,
        // 3: the lockout's count moves from the session to the run, which a snooze does not clear.
        """
        ALTER TABLE run ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE run ADD COLUMN last_failure INTEGER;
        UPDATE run SET failures = session_failures, last_failure = session_last_failure WHERE session_failures IS NOT NULL;
        """,
        // 4: the MVP 1 single QR code; no version on Linux ever stored one (see docs/domain.md).
        """
        ALTER TABLE alarm DROP COLUMN expected_qr;
        """,
        // 5: each ringing alarm's notification, with the unique bus name of the server that numbered it.
        """
        CREATE TABLE notification (
            alarm_id TEXT PRIMARY KEY,
            number INTEGER NOT NULL,
            server TEXT NOT NULL
        );
        """,
        // 6: when each run's occurrence was due, for the history (NULL in runs from before).
        """
        ALTER TABLE run ADD COLUMN due_at INTEGER;
        """,
        // 7: the wake-up check: each alarm's minutes, and the instant a dismissed run's check is due.
        """
        ALTER TABLE alarm ADD COLUMN wake_check INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE run ADD COLUMN wake_check_due INTEGER;
        """,
        // 8: code cards, each code kept only as its salted crypt(3) hash.
        """
        CREATE TABLE card (
            label TEXT PRIMARY KEY,
            hash TEXT NOT NULL,
            created INTEGER NOT NULL
        );
        """,
        // 9: the last time zone the agent could read, for a start when the zone file is broken.
        """
        CREATE TABLE zone (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            kind TEXT NOT NULL,
            name TEXT,
            data BLOB NOT NULL
        );
        """,
        // 10: the history is read newest first, a page at a time, and pruned by when it was due: by index.
        """
        CREATE INDEX run_due ON run(COALESCE(due_at, started_at));
        CREATE INDEX run_alarm_due ON run(alarm_id, COALESCE(due_at, started_at));
        CREATE INDEX missed_due ON missed(due_at);
        CREATE INDEX missed_alarm_due ON missed(alarm_id, due_at);
        """,
        // 11: the skipped occurrence (local YYYY-MM-DDTHH:MM:SS, so a zone change keeps it) and the pause's date.
        """
        ALTER TABLE alarm ADD COLUMN skipped_occurrence TEXT;
        ALTER TABLE alarm ADD COLUMN paused_until TEXT;
        """,
    ]
}
