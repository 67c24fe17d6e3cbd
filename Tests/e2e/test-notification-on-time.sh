#!/bin/bash
# The loop never waits for the disk. While another program holds the alarm database locked for
# longer than SQLite's busy timeout, with the agent's writes waiting on it (an edit, whose caller
# waits for its answer, then the ring's own), the agent answers Peer.Ping, GetAlarm and ListAlarms
# at once, and a due alarm rings on time: its Ringing signal and notification within a second of
# the due second, and its sound. The edit is answered "not saved yet" once the busy timeout has
# passed. Once the lock is released the waiting writes are saved: a restart finds them.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 0s"
start_agent
due_at=$(($(date +%s) + 6))
id=$(add_alarm "$(date -u -d "@$due_at" +%H:%M:%S)" --label "On time")
note "alarm $id due at $(date -u -d "@$due_at" +%T)"
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!
trap 'kill $MONITOR 2>/dev/null || true; stop_session' EXIT

# sleep_until UNIX-SECONDS (fractions allowed).
sleep_until() { /usr/bin/python3 -c 'import sys, time; time.sleep(max(0, float(sys.argv[1]) - time.time()))' "$1"; }
# Each call answers within half a second.
quick() { busctl --user --timeout=0.5 call "$SERVICE" "$OBJECT" "$@" >/dev/null; }
answers() {
    quick org.freedesktop.DBus.Peer Ping &&
        quick "$IFACE" GetAlarm s "$id" &&
        quick "$IFACE" ListAlarms
}
# How many Notify calls carried the summary SUMMARY.
notifies() { notify_calls Notify | /usr/bin/python3 -c 'import json, sys; print(sum(c[3] == sys.argv[1] for c in json.load(sys.stdin)))' "$1"; }

other=$(add_alarm 23:59 --label "Held up" 2>/dev/null)
sleep_until "$((due_at - 3))"
hold_database_lock
note "the database is locked; an edit starts a write that waits on it (its caller waits, nobody else)"
"$REVEILLE" edit "$other" --label "Still held up" >"$SESSION/edit.out" 2>&1 &
EDITOR=$!
sleep 0.3
kill -0 "$EDITOR" 2>/dev/null || fail "the edit did not wait for the locked database: nothing was held up"
answers || fail "the agent did not answer within 0.5 s while its write waited on the lock"
[ "$(date +%s)" -lt "$due_at" ] || fail "the set-up took until the due second"

until [ "$(notifies "On time")" -ge 1 ]; do
    /usr/bin/python3 -c 'import sys, time; sys.exit(time.time() > float(sys.argv[1]))' "$due_at.9" ||
        fail "no notification by 0.9 s after the due second"
    sleep 0.05
done
note "the notification showed on time while the database was locked"
wait_until "the Ringing signal" 2 grep -q "Ringing.*$id" "$SESSION/monitor.log"
record_start "$SESSION/ring.wav"
sleep 1
record_stop
louder_than "$(rms "$SESSION/ring.wav" 0.1 1)" 0.01 || fail "no sound while the database was locked"
answers || fail "the agent did not answer within 0.5 s while ringing with its writes waiting"
[ -e "$SESSION/hold" ] || fail "the lock was released before the checks ended: they proved nothing"
grep -q "database is locked" "$SESSION/agent.log" || note "(no busy timeout logged yet)"

note "the lock is released: the waiting writes are saved"
rm "$SESSION/hold"
wait "$HOLDER"
# Answered once SQLite's busy timeout passed: made, and not saved yet (or saved, had the lock gone first).
wait "$EDITOR" || assert_contains "$(cat "$SESSION/edit.out")" "not saved yet" "the edit's answer while the database was locked"
# Whether the stored alarms hold the label LABEL (read as another program would).
stored_label() {
    /usr/bin/python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=0.2)
sys.exit(0 if db.execute("SELECT 1 FROM alarm WHERE label = ?", (sys.argv[2],)).fetchone() else 1)' \
        "$XDG_DATA_HOME/reveille/alarms.db" "$1" 2>/dev/null
}
wait_until "the edit is saved" 15 stored_label "Still held up"
is_ringing "$id" || fail "the alarm stopped ringing"
stop_agent
start_agent
assert_eq "$("$REVEILLE" show "$other" --json | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["label"])')" \
    "Still held up" "the edit made while the database was locked, after a restart"
is_ringing "$id" || fail "the ring made while the database was locked was not saved: it does not ring after a restart"
echo "a locked database holds up no D-Bus call and no ring, and what waited is saved once it is free"
