#!/bin/bash
# `reveille next --follow` follows the agent's name (issue 22 E): once the agent has left the bus
# it says that nothing can ring instead of counting down to an alarm that will not ring, and it
# shows the next alarm again once an agent owns the name again.
source "$(dirname "$0")/lib.sh"
start_session
start_agent
"$REVEILLE" add 7:00 --date 2099-01-01 --label Later >/dev/null
"$REVEILLE" next --follow --format '{label} at {time}' >"$SESSION/follow.out" 2>&1 &
FOLLOW=$!
trap 'kill $FOLLOW 2>/dev/null || true; stop_session' EXIT
last_line_is() { [ "$(tail -n 1 "$SESSION/follow.out")" = "$1" ]; }
shows_alarm() { case $(tail -n 1 "$SESSION/follow.out") in "Later at "*) ;; *) return 1 ;; esac; }
wait_until "follow shows the alarm" 5 shows_alarm

stop_agent
wait_until "follow says nothing can ring once the agent has stopped" 5 \
    last_line_is "Reveille is not running: no alarm can ring"
note "follow: $(tr '\n' '|' <"$SESSION/follow.out")"

start_agent
wait_until "follow shows the alarm again once an agent is back" 5 shows_alarm
kill -0 $FOLLOW || fail "next --follow ended"
echo "PASS test-next-follow"
