#!/bin/bash
# A full disk (SQLite's own max_page_count, through the test aid REVEILLE_TEST_MAX_PAGE_COUNT:
# CI runs as root, where file modes deny nothing and mounting may be refused) while an alarm
# rings with a math challenge: problems that time out move on without a busy loop (a handful of
# ChallengeChanged, not hundreds), the right answer still silences the alarm (Dismissed, no
# sound), Preflight notes database-unwritable, and once there is room again the dismissal is
# saved: after a restart the alarm does not ring again.
source "$(dirname "$0")/lib.sh"
start_session
DB=$XDG_DATA_HOME/reveille/alarms.db
PAGES=64
configure "[agent]" "fade_in = 1s" "math_time_limit = 2s"
export REVEILLE_TEST_MAX_PAGE_COUNT=$PAGES
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!
signal_count() { grep -cF -- "$1" "$SESSION/monitor.log" || true; }

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Full disk" --challenge math:easy)
wait_until "it rings" 15 is_ringing "$id"
gcall GetChallenge "'$id'" >/dev/null

# Fill the database up to the agent's page limit with rows the agent never reads or deletes
# (they belong to no run), so that its next write needs a page it cannot have.
/usr/bin/python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA max_page_count = %d" % int(sys.argv[2]))
seq = 0
try:
    while True:
        db.execute("INSERT INTO challenge_run (run_id, seq, challenge_id, started_at, outcome) VALUES (-1, ?, ?, 0, ?)",
                   (seq, "f", "aborted"))
        seq += 1
except sqlite3.OperationalError as error:
    assert "full" in str(error), error
print(seq)' "$DB" "$PAGES" >"$SESSION/filler.count"
note "the database is full at $PAGES pages ($(cat "$SESSION/filler.count") filler rows)"

# Problems time out every 2 s; their saves fail. A spinning agent sends hundreds a second.
before=$(signal_count "ChallengeChanged \"$id\"")
sleep 5
changes=$(($(signal_count "ChallengeChanged \"$id\"") - before))
note "$changes ChallengeChanged in 5 s with a full disk"
[ "$changes" -le 10 ] || fail "$changes ChallengeChanged in 5 s: the agent spins on a failed write"
assert_contains "$(call Preflight)" '"database-unwritable"' "Preflight with a full disk"
assert_contains "$(call Preflight)" "bas true" "database-unwritable is a note: alarms still ring"
assert_contains "$(gcall PreflightDetails)" "'database-unwritable': 'Changes cannot be saved to the alarm database $DB (" "PreflightDetails"

# The right answer silences it although the dismissal cannot be saved.
record_start "$SESSION/after.wav"
sleep 1.7
solve_by_calls "$id" "the right answer with a full disk"
wait_until "Dismissed" 5 test "$(signal_count "Dismissed \"$id\"")" -ge 1
not is_ringing "$id" || fail "still ringing after the right answer"
sleep 1.5
record_stop
assert_stopped "$SESSION/after.wav" 1.9 "the dismissal with a full disk"
note "dismissed and silent with a full disk"

# Room again: the waiting writes go through on the next retry, and survive a restart.
/usr/bin/python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute("DELETE FROM challenge_run WHERE run_id = -1"); db.commit()' "$DB"
wait_until "the writes are saved" 70 output_is = "bas true 0" call Preflight
stop_agent
start_agent
not is_ringing "$id" || fail "the dismissal was lost: it rings again after a restart"
echo "a full disk neither spins nor keeps a solved alarm ringing, and the writes are saved once there is room"
