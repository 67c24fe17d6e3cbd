#!/bin/bash
# Durability: kill -9 at random moments during a burst of writes loses nothing acknowledged
# (durability.py, 50 kills); a second agent on the same bus or the same database exits
# non-zero with a clear message while the first keeps serving; SIGTERM exits 0, releases the
# name and closes the database (no WAL left behind). DURABILITY_SEED=N reproduces the kill
# run. (A corrupt database: test-corrupt-database.sh.)
source "$(dirname "$0")/lib.sh"
start_session
DB=$XDG_DATA_HOME/reveille/alarms.db

/usr/bin/python3 "$E2E_DIR/durability.py" --bin "$BIN" --session "$SESSION" --kills "${DURABILITY_KILLS:-50}" \
    ${DURABILITY_SEED:+--seed "$DURABILITY_SEED"} || fail "kill -9 lost acknowledged changes (the seed is printed above)"

start_agent
"$REVEILLE" add 06:00 --label Kept >/dev/null
before=$(call ListAlarms)

note "a second agent on the same bus and database"
first=$(agent_pid)
status=0
timeout 10 "$BIN/reveilled" >"$SESSION/second.log" 2>&1 || status=$?
[ "$status" != 0 ] && [ "$status" != 124 ] || fail "a second agent exited with $status"
assert_eq "$(wc -l <"$SESSION/second.log")" 1 "lines the second agent printed"
assert_contains "$(cat "$SESSION/second.log")" "another reveilled" "the second agent's message"
note "second agent: $(cat "$SESSION/second.log")"

note "a second agent on the same bus, another database"
mkdir -p "$SESSION/other-data"
status=0
XDG_DATA_HOME=$SESSION/other-data timeout 10 "$BIN/reveilled" >"$SESSION/second.log" 2>&1 || status=$?
[ "$status" != 0 ] && [ "$status" != 124 ] || fail "a second agent on the same bus exited with $status"
assert_contains "$(cat "$SESSION/second.log")" "$SERVICE" "the message names the bus name"
note "second agent: $(cat "$SESSION/second.log")"

note "a second agent on another bus, the same database"
other_bus=$("$REPO/Tests/fixtures/notify-session.sh" bus "$SESSION/other-bus")
trap '"$REPO/Tests/fixtures/notify-session.sh" stop "$SESSION/other-bus"; stop_session' EXIT
status=0
DBUS_SESSION_BUS_ADDRESS=$other_bus timeout 10 "$BIN/reveilled" >"$SESSION/second.log" 2>&1 || status=$?
[ "$status" != 0 ] && [ "$status" != 124 ] || fail "a second agent on the same database exited with $status"
assert_contains "$(cat "$SESSION/second.log")" "$DB" "the message names the database"
note "second agent: $(cat "$SESSION/second.log")"
"$REPO/Tests/fixtures/notify-session.sh" stop "$SESSION/other-bus"
assert_eq "$(busctl --user status "$SERVICE" | sed -n 's/^PID=//p')" "$first" "the first agent still owns the name"
assert_eq "$(call ListAlarms)" "$before" "the first agent still serves"

note "SIGTERM: exit status 0, the name released, the database closed, the alarms kept"
kill -TERM "$(agent_pid)"
status=0
wait "$(agent_pid)" || status=$?
assert_eq "$status" 0 "exit status after SIGTERM"
not has_owner "$SERVICE" || fail "the name is still owned after SIGTERM"
# Closing the last connection checkpoints SQLite's WAL into the database and deletes it.
[ ! -s "$DB-wal" ] || fail "SIGTERM left $DB-wal ($(stat -c %s "$DB-wal") bytes): the agent exited without closing its database"
start_agent
assert_eq "$(call ListAlarms)" "$before" "alarms after a SIGTERM restart"

echo "acknowledged writes survive kill -9; one agent per bus and database; SIGTERM is clean"
