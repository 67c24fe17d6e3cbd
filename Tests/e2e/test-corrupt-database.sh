#!/bin/bash
# A corrupt database is moved aside to alarms.db.corrupt-<UTC timestamp> with its bytes intact,
# never overwritten; the agent starts with no alarms; Preflight reports database-unreadable
# (ok=false), `reveille doctor` explains it and exits 1, the log names the moved file.
# Three ways to get there, each checked even when another fails:
#   replaced  - alarms.db is garbage and its WAL is gone (the files replaced wholesale)
#   stopped   - garbage written over alarms.db while the agent is stopped (SIGTERM)
#   busless   - as stopped, but first an agent that cannot reach its bus starts and exits: it
#               reads while it connects, and must leave the file as it found it
#   crashed   - garbage over alarms.db after kill -9, with most pages in alarms.db and the last
#               changes only in the WAL: the WAL must be kept beside the moved file, and not
#               checkpointed into the garbage
source "$(dirname "$0")/lib.sh"
start_session
DB=$XDG_DATA_HOME/reveille/alarms.db

# Adds COUNT alarms with long labels (enough to force WAL checkpoints into alarms.db).
add_many() {
    /usr/bin/python3 -c '
import sys, dbus
manager = dbus.Interface(dbus.SessionBus().get_object("io.github.Reveille1", "/io/github/Reveille1"), "io.github.Reveille1.Manager")
for n in range(int(sys.argv[1])):
    manager.AddAlarm(dbus.Dictionary({"time": "07:00", "label": "%d " % n + "x" * 240, "repeat": dbus.Array(["mon"], signature="s")}, signature="sv"))' "$1"
}

# Checks what the agent did with a corrupt alarms.db whose garbage has the sha256 GARBAGE;
# with WAL, the WAL that was beside it must be kept beside the moved file, bytes intact.
expect_moved_aside() {
    local garbage=$1 wal=${2:-} moved=() file
    for file in "$DB".corrupt-*; do [[ $file =~ \.corrupt-[0-9]{8}T[0-9]{6}Z$ ]] && moved+=("$file"); done
    [ ${#moved[@]} = 1 ] || fail "expected one $DB.corrupt-<timestamp>, found: $(ls -m "$XDG_DATA_HOME/reveille")$(
        [ -s "$DB-wal" ] && echo " (the agent runs on the garbage: the $(stat -c %s "$DB-wal")-byte WAL beside it supplies every page)")"
    assert_eq "$(sha256sum <"${moved[0]}")" "$garbage" "bytes of the moved-aside database (it was written to)"
    [ -z "$wal" ] || assert_eq "$(sha256sum <"${moved[0]}-wal" 2>&1)" "$wal" "bytes of the WAL kept beside it"
    [ "$(sha256sum <"$DB")" != "$garbage" ] || fail "the corrupt database is still in place"
    assert_eq "$(call ListAlarms)" "aa{sv} 0" "alarms after the corrupt database"
    assert_eq "$(call Preflight)" 'bas false 1 "database-unreadable"' "Preflight"
    local status=0
    "$REVEILLE" doctor >"$SESSION/doctor.out" 2>&1 || status=$?
    assert_eq "$status" 1 "doctor's exit status"
    assert_contains "$(cat "$SESSION/doctor.out")" "database-unreadable" "doctor"
    assert_contains "$(cat "$SESSION/doctor.out")" "moved aside" "doctor explains"
    assert_contains "$(cat "$SESSION/agent.log")" "$(basename "${moved[0]}")" "the agent's log names the moved file"
}

# Saves an alarm, stops the agent (SIGTERM) and writes garbage over alarms.db; with --no-wal its
# WAL goes too (the files replaced wholesale). Sets GARBAGE to the garbage's sha256.
garbage_over_stopped() {
    start_agent
    "$REVEILLE" add 06:00 --label Lost >/dev/null
    stop_agent
    head -c 65536 /dev/urandom >"$DB"
    [ "${1:-}" != --no-wal ] || rm -f "$DB-wal" "$DB-shm"
    GARBAGE=$(sha256sum <"$DB")
}

replaced() {
    garbage_over_stopped --no-wal
    start_agent
    expect_moved_aside "$GARBAGE"
}

stopped() {
    garbage_over_stopped
    start_agent
    expect_moved_aside "$GARBAGE"
}

busless() {
    garbage_over_stopped --no-wal
    # The agent starts reading the alarms while it connects to its bus; one that cannot connect
    # leaves the corrupt file as it found it, for the agent that can to move aside and report.
    # This "bus" accepts the connection and hangs up half a second later, without a word: time
    # enough for the read to end before the agent gives up.
    local status=0 bus=$SESSION/mute-bus
    rm -f "$bus"
    /usr/bin/python3 -c 'import socket, sys, time
listener = socket.socket(socket.AF_UNIX)
listener.bind(sys.argv[1])
listener.listen(1)
peer, _ = listener.accept()
time.sleep(0.5)
peer.close()' "$bus" &
    wait_until "the mute bus listens" 5 test -S "$bus"
    DBUS_SESSION_BUS_ADDRESS="unix:path=$bus" "$BIN/reveilled" >>"$SESSION/agent.log" 2>&1 || status=$?
    [ "$status" != 0 ] || fail "an agent without a session bus exited with status 0"
    assert_eq "$(sha256sum <"$DB")" "$GARBAGE" "bytes of the corrupt database after an agent without a bus"
    for file in "$DB".corrupt-*; do [ ! -e "$file" ] || fail "an agent without a bus moved the database aside: $file"; done
    start_agent
    expect_moved_aside "$GARBAGE"
}

crashed() {
    start_agent
    add_many 900
    stop_agent -9
    # Everything into alarms.db, then a few changes only in the WAL, then a crash.
    /usr/bin/python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()' "$DB"
    start_agent
    add_many 50
    stop_agent -9
    [ -s "$DB-wal" ] || fail "no WAL after kill -9"
    head -c 65536 /dev/urandom >"$DB"
    local garbage wal
    garbage=$(sha256sum <"$DB")
    wal=$(sha256sum <"$DB-wal")
    start_agent
    expect_moved_aside "$garbage" "$wal"
}

failed=()
for case in replaced stopped busless crashed; do
    note "$case"
    # In the background, so that `set -e` holds inside the case: a subshell on the left of
    # `||` would run with it switched off, and a failing step would go unnoticed.
    ("$case") &
    wait $! || failed+=("$case")
    stop_agent
    rm -rf "$XDG_DATA_HOME/reveille" "$SESSION/agent.log"
done
[ ${#failed[@]} = 0 ] || fail "corrupt database cases failed: ${failed[*]}"
echo "corrupt databases are moved aside intact and reported"
