#!/bin/bash
# A zero-byte alarms.db (a sync tool, `> alarms.db`, a crash without data journaling) is not a
# first run: the agent moves it aside like a corrupt file (alarms.db.corrupt-<UTC timestamp>),
# starts a new database, and says so: Preflight database-unreadable (blocking), its details and
# a notice name the empty file and where it went, doctor exits 1. A true first run says nothing.
source "$(dirname "$0")/lib.sh"
start_session
DB=$XDG_DATA_HOME/reveille/alarms.db
start_agent
assert_eq "$(call Preflight)" "bas true 0" "Preflight on a first run"
[ -z "$(notices)" ] || fail "notices on a first run: $(notices)"
add_alarm 07:00 --label Lost >/dev/null
stop_agent
: >"$DB"
[ ! -e "$DB-wal" ] || fail "a clean stop left the WAL"

start_agent
moved=("$DB".corrupt-*)
[ ${#moved[@]} = 1 ] && [ -e "${moved[0]}" ] || fail "the empty database was not moved aside: $(ls -m "$XDG_DATA_HOME/reveille")"
assert_eq "$(stat -c %s "${moved[0]}")" 0 "the size of the moved-aside file"
assert_eq "$(call Preflight)" 'bas false 1 "database-unreadable"' "Preflight after an empty database"
details=$(gcall PreflightDetails)
assert_contains "$details" "empty" "PreflightDetails"
assert_contains "$details" "$(basename "${moved[0]}")" "PreflightDetails names where it went"
wait_until "a notice says so" 5 grep -q "$(basename "${moved[0]}")" <(notices)
status=0
"$REVEILLE" doctor >"$SESSION/doctor.out" 2>&1 || status=$?
assert_eq "$status" 1 "doctor's exit status"
assert_contains "$(cat "$SESSION/doctor.out")" "empty" "doctor"
# The new database works.
add_alarm 08:00 --label New >/dev/null
stop_agent
start_agent
assert_eq "$(call ListAlarms | cut -d' ' -f2)" 1 "alarms in the new database after a restart"
echo "an empty alarms.db is moved aside and reported, not taken for a first run"
