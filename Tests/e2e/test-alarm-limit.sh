#!/bin/bash
# At most 1,000 alarms, and labels bounded in bytes: 1,000 alarms at the largest label and
# sound path are added (many_alarms.py), the 1,001st gets LimitReached, and ListAlarms still
# answers in one reply under 8 MB with the agent on the bus. The CLI reports the limit with
# exit status 1, and once an alarm is removed a new one can be added.
source "$(dirname "$0")/lib.sh"
start_session
start_agent

/usr/bin/python3 "$E2E_DIR/many_alarms.py" || fail "filling the agent to its limit (see above)"
has_owner "$SERVICE" || fail "the agent left the bus"
count() { /usr/bin/python3 -c 'import json, sys; print(len(json.load(sys.stdin)))'; }
assert_eq "$("$REVEILLE" list --json | count)" 1000 "alarms the CLI lists"

status=0
output=$("$REVEILLE" add 07:00 2>&1) || status=$?
assert_eq "$status" 1 "exit status of reveille add beyond the limit"
assert_contains "$output" "1000 alarms" "the CLI's message beyond the limit"

first=$("$REVEILLE" list --json | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["id"])')
"$REVEILLE" remove "$first"
"$REVEILLE" add 07:00 --label "One more" >/dev/null || fail "adding after a removal"
assert_eq "$("$REVEILLE" list --json | count)" 1000 "alarms after removing one and adding one"
echo "1,000 alarms at the largest size fit one ListAlarms reply; the 1,001st is refused with LimitReached"
