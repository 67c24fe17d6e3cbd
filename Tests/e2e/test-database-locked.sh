#!/bin/bash
# Another program holds the alarm database locked for longer than the agent's busy timeout
# while the agent starts: the agent still owns its name, Preflight blocks on
# database-unavailable and PreflightDetails says why, ListAlarms fails (never an empty list),
# doctor explains it, and the database is never moved aside. Once the lock is released the
# agent opens it on its own: the alarms are back and one that came due meanwhile rings.
source "$(dirname "$0")/lib.sh"
start_session
DB=$XDG_DATA_HOME/reveille/alarms.db
start_agent
due_at=$(($(date +%s) + 15))
due=$(date -u -d "@$due_at" +%H:%M:%S)
id=$(add_alarm "$due" --label "Through the lock")
note "alarm $id due at $due"
stop_agent

hold_database_lock

start_agent
preflight=$(call Preflight)
assert_contains "$preflight" '"database-unavailable"' "Preflight while locked"
assert_contains "$preflight" "bas false" "Preflight blocks while locked"
details=$(gcall PreflightDetails)
assert_contains "$details" "'database-unavailable': 'The alarm database $DB cannot be opened (" "PreflightDetails"
assert_contains "$details" "locked" "PreflightDetails gives the reason"
expect_error io.github.Reveille1.Error.Failed gcall ListAlarms
expect_error "the alarm database cannot be opened" call ListAlarms
expect_error io.github.Reveille1.Error.Failed gcall GetAlarm "'$id'"
status=0
"$REVEILLE" doctor >"$SESSION/doctor.out" 2>&1 || status=$?
assert_eq "$status" 1 "doctor's exit status while locked"
assert_contains "$(cat "$SESSION/doctor.out")" "database-unavailable: The alarm database $DB cannot be opened" "doctor"
has_owner "$SERVICE" || fail "the agent gave up its name"
wait_until "a desktop notification says alarms cannot ring" 5 eval 'notify_calls Notify | grep -qF "Alarms cannot ring"'
assert_contains "$(notify_calls Notify)" "locked" "the notification says why"
note "locked: name kept, database-unavailable with its reason, ListAlarms fails, doctor explains"

# Released only after the alarm came due: it rings late, within late_grace, as after a suspend.
after() { [ "$(date +%s)" -gt "$1" ]; }
wait_until "the alarm came due" 30 after "$due_at"
rm "$SESSION/hold"
wait "$HOLDER"
wait_until "the alarms are back" 60 eval 'call ListAlarms 2>/dev/null | grep -qF "$id"'
assert_eq "$(call Preflight)" "bas true 0" "Preflight once the lock is gone"
wait_until "the alarm rings" 30 is_ringing "$id"
moved=$(find "$XDG_DATA_HOME/reveille" -name '*.corrupt-*' | wc -l)
assert_eq "$moved" 0 "files moved aside"
echo "a locked database is waited for, never moved aside, and its alarms ring once it opens"
