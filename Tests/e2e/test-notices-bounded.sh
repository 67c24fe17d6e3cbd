#!/bin/bash
# The agent keeps at most 20 notices: when 25 alarms are missed at once, the 25 "Missed alarm"
# notices are posted and the 5 oldest are closed, so neither the screen nor the agent's memory
# fills with them.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "late_grace = 1s"
start_agent

due=$(date -u -d '+10 seconds' +%s)
at=$(date -u -d "@$due" +%H:%M:%S)
for number in $(seq 1 25); do add_alarm "$at" --label "Away $number" --challenge math:easy >/dev/null; done
[ "$(date +%s)" -lt "$((due - 1))" ] || fail "adding the alarms took too long to stop the agent before they are due"
# The agent not running past late_grace (a running agent that is late still rings): each alarm
# is missed, not rung, once it starts again.
stop_agent
sleep "$(awk -v due="$due" -v now="$(date +%s.%N)" 'BEGIN { print due + 3 - now }')"
start_agent

missed_posts() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
print(sum(1 for call in json.load(sys.stdin) if call[3].startswith("Missed alarm: Away")))'
}
closed_ids() {
    notify_calls CloseNotification | /usr/bin/python3 -c '
import json, sys
print(" ".join(str(call[0]) for call in json.load(sys.stdin)))'
}
wait_until "25 missed-alarm notices are posted" 10 output_is = 25 missed_posts
wait_until "the 5 oldest notices are closed" 10 output_is = "1 2 3 4 5" closed_ids
sleep 0.3 # a late close would show here
assert_eq "$(closed_ids)" "1 2 3 4 5" "notices closed"
echo "the agent keeps the 20 newest notices and closes older ones"
