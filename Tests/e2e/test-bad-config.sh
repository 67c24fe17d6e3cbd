#!/bin/bash
# A bad configuration file does not stop the agent, as reveille.conf(5) says: the agent logs
# file:line and the problem, runs with every key at its default (the file's good lines are
# ignored too), and `reveille doctor` shows the same problem.
source "$(dirname "$0")/lib.sh"
start_session
configure "[defaults]" "snooze_minutes = 7" "[agent]" "no_such_key = 1"
conf=$XDG_CONFIG_HOME/reveille/reveille.conf
problem="$conf:4: unknown key 'no_such_key' in [agent]"
start_agent
assert_contains "$(cat "$SESSION/agent.log")" "$problem" "the agent's log"

id=$(add_alarm 07:00)
snooze=$("$REVEILLE" show "$id" --json | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["snooze_minutes"])')
assert_eq "$snooze" 5 "snooze minutes of a new alarm (the default, not the file's 7)"

report=$("$REVEILLE" doctor 2>&1 || true)
echo "$report" | sed 's/^/  | /'
assert_contains "$report" "✗ configuration: $problem" "doctor's report"
assert_contains "$report" "(the agent uses its defaults)" "doctor's report"
echo "a bad configuration is reported with its line, and the agent rings on defaults"
