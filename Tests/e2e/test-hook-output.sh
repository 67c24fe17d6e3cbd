#!/bin/bash
# A hook that floods its output (issue 22 D.4) fills neither the agent's log nor its CPU: the
# first lines are logged with the hook's name, then a line saying the rest is not; the flood
# itself waits on a full pipe, read once a second, and the alarm rings on.
source "$(dirname "$0")/lib.sh"
start_session
cleanup() {
    [ ! -s "$SESSION/flood.pid" ] || kill -9 "$(cat "$SESSION/flood.pid")" 2>/dev/null || true
    stop_session
}
trap cleanup EXIT
configure "[agent]" "fade_in = 1s" "[hooks]" \
    "on_ring = /bin/sh -c 'echo \$\$ >$SESSION/flood.pid; exec /usr/bin/yes flood-line'"
start_agent
id=$(add_alarm 7:00 --label Flood --challenge math:easy)
"$REVEILLE" trigger "$id"
wait_until "the flooding hook started" 10 test -s "$SESSION/flood.pid"
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
before=$(ticks "$(agent_pid)")
sleep 2
used=$(( $(ticks "$(agent_pid)") - before ))
size=$(stat -c %s "$SESSION/agent.log")
kill -9 "$(cat "$SESSION/flood.pid")"
lines=$(grep -c "hook '/bin/sh': flood-line" "$SESSION/agent.log" || true)
note "after 2 s of flooding: agent.log $size bytes, $lines hook lines, agent CPU $used ticks"
[ "$size" -lt 100000 ] || fail "the hook's flood reached the agent's log: $size bytes"
assert_eq "$lines" 40 "hook lines logged"
grep -q "hook '/bin/sh' wrote more than 40 lines; the rest of its output is not logged" "$SESSION/agent.log" ||
    fail "the log does not say the rest of the hook's output was left out"
[ "$used" -lt 50 ] || fail "the agent used $used ticks of CPU in 2 s reading the flood"
is_ringing "$id" || fail "the alarm stopped ringing"
echo "PASS test-hook-output"
