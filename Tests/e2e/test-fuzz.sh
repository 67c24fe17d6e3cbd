#!/bin/bash
# A sweep of every string field and argument with text that only looks valid (digits of other
# scripts, digits with combining marks, keycaps, fullwidth, superscripts, NUL, 100 KB+), then
# 10,000 random calls (fuzz.py: random members, signatures, a{sv} keys, types and values, huge
# and unicode strings, random ids, valid calls mixed in) leave the agent up in the same
# process, answering, with the alarms made by known valid calls before and after intact.
# FUZZ_SEED=N reproduces a run; the seed is printed either way.
source "$(dirname "$0")/lib.sh"
start_session
start_agent
pid=$(agent_pid)

/usr/bin/python3 "$E2E_DIR/fuzz.py" --calls "${FUZZ_CALLS:-10000}" ${FUZZ_SEED:+--seed "$FUZZ_SEED"} ||
    fail "the fuzz run failed (the seed is printed above)"

kill -0 "$pid" 2>/dev/null || fail "the agent (pid $pid) died: $(tail -5 "$SESSION/agent.log")"
owner=$(busctl --user status "$SERVICE" | sed -n 's/^PID=//p')
assert_eq "$owner" "$pid" "the process owning $SERVICE"
busctl --user call "$SERVICE" "$OBJECT" org.freedesktop.DBus.Peer Ping >/dev/null || fail "no answer to Ping"
call ListAlarms >/dev/null || fail "no answer to ListAlarms"
echo "the agent survived the fuzzing"
