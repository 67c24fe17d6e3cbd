#!/bin/bash
# `reveille doctor` on a bare session — a bus and nothing else: no notification server, no
# sound server, no terminal — names every missing piece, says what to do, and exits 1.
source "$(dirname "$0")/lib.sh"
SESSION=$(mktemp -d "${TMPDIR:-/tmp}/reveille-e2e.XXXXXX")
trap '[ -f "$SESSION/agent.pid" ] && { kill -9 "$(agent_pid)" || true; wait "$(agent_pid)" || true; } 2>/dev/null; "$REPO/Tests/fixtures/notify-session.sh" stop "$SESSION/bus"; rm -rf "$SESSION"' EXIT
export DBUS_SESSION_BUS_ADDRESS=$("$REPO/Tests/fixtures/notify-session.sh" bus "$SESSION/bus")
export HOME=$SESSION XDG_DATA_HOME=$SESSION/data XDG_CONFIG_HOME=$SESSION/config
export PULSE_SERVER=unix:$SESSION/no-such-socket XDG_RUNTIME_DIR=$SESSION
unset REVEILLE_TERMINAL
# The agent gets a PATH without any terminal emulator on it.
mkdir -p "$SESSION/bin"
PATH=$SESSION/bin "$BIN/reveilled" >>"$SESSION/agent.log" 2>&1 &
echo $! >"$SESSION/agent.pid"
wait_until "agent owns $SERVICE" 10 has_owner "$SERVICE"

set +e
report=$("$REVEILLE" doctor 2>&1)
status=$?
set -e
echo "$report" | sed 's/^/  | /'
assert_eq "$status" 1 "doctor's exit status with blocking problems"
assert_contains "$report" "notifications-disabled: No notification server"
assert_contains "$report" "sound-unavailable: No PulseAudio or PipeWire"
assert_contains "$report" "terminal-missing: No terminal emulator"
assert_not_contains "$report" "database-unreadable"
echo "doctor names every missing piece"
