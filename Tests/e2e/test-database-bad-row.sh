#!/bin/bash
# Stored alarms this version cannot decode (a number out of range, an unknown challenge kind)
# are skipped and reported: a desktop notification and doctor name each one, Preflight notes
# alarm-unreadable without blocking, the other alarms load and ring, and the database is
# neither moved aside nor changed.
source "$(dirname "$0")/lib.sh"
start_session
DB=$XDG_DATA_HOME/reveille/alarms.db
start_agent
due=$(date -u -d '+12 seconds' +%H:%M:%S)
good=$(add_alarm "$due" --label "Still rings")
huge=$(add_alarm 06:00 --label "Huge snooze count")
bogus=$(add_alarm 06:30 --label "Unknown challenge")
stop_agent
/usr/bin/python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE alarm SET max_snoozes = 99999999999 WHERE id = ?", (sys.argv[2],))
db.execute("UPDATE challenge SET kind = ? WHERE alarm_id = ?", ("bogus", sys.argv[3]))
db.commit()' "$DB" "$huge" "$bogus"
before=$(/usr/bin/python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM alarm").fetchone()[0])' "$DB")

start_agent
listed=$(call ListAlarms)
assert_contains "$listed" "$good" "the readable alarm is listed"
assert_not_contains "$listed" "$huge" "the alarm with an out-of-range number is skipped"
assert_not_contains "$listed" "$bogus" "the alarm with an unknown challenge is skipped"
assert_eq "$(call Preflight)" 'bas true 1 "alarm-unreadable"' "Preflight notes, without blocking"
status=0
"$REVEILLE" doctor >"$SESSION/doctor.out" 2>&1 || status=$?
assert_eq "$status" 0 "doctor's exit status (a note, not a block)"
assert_contains "$(cat "$SESSION/doctor.out")" "alarm-unreadable" "doctor"
assert_contains "$(cat "$SESSION/doctor.out")" "$huge" "doctor names the alarm with an out-of-range number"
assert_contains "$(cat "$SESSION/doctor.out")" "$bogus" "doctor names the alarm with an unknown challenge"
notices=$(notify_calls Notify)
assert_contains "$notices" "An alarm cannot be read" "a desktop notification"
assert_contains "$notices" "$huge" "the notification names the alarm"
note "skipped and named: $huge, $bogus"

wait_until "the readable alarm rings" 30 is_ringing "$good"
assert_eq "$(find "$XDG_DATA_HOME/reveille" -name '*.corrupt-*' | wc -l)" 0 "files moved aside"
after=$(/usr/bin/python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM alarm").fetchone()[0])' "$DB")
assert_eq "$after" "$before" "alarm rows in the database"
echo "undecodable alarms are skipped and named; the others load and ring"
