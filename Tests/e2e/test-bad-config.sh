#!/bin/bash
# A bad configuration file does not stop the agent, as reveille.conf(5) says: the agent logs
# file:line and the problem, runs with every key at its default (the file's good lines are
# ignored too). Its Preflight notes config-invalid with the same line (a note: alarms ring), and
# `reveille doctor` shows that note and exits 0, as Preflight's ok says: the two agree. A file
# that breaks after the agent read it is the next start's problem: doctor notes it too, still 0.
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

assert_contains "$(call Preflight)" '"config-invalid"' "Preflight with a bad configuration"
assert_contains "$(call Preflight)" "bas true" "config-invalid is a note: alarms ring on the defaults"
assert_contains "$(gcall PreflightDetails)" "$problem" "PreflightDetails names file and line"
status=0
report=$("$REVEILLE" doctor 2>&1) || status=$?
echo "$report" | sed 's/^/  | /'
assert_contains "$report" "! config-invalid: " "doctor's report"
assert_contains "$report" "$problem" "doctor's report"
assert_not_contains "$report" "✗" "doctor's report of a note"
assert_eq "$status" 0 "doctor's exit status, as Preflight's ok says"

note "the file breaks after the agent read it"
stop_agent
configure "[defaults]" "snooze_minutes = 7"
start_agent
assert_eq "$(call Preflight)" "bas true 0" "Preflight with a good configuration"
configure "[agent]" "late_grace = soon"
status=0
report=$("$REVEILLE" doctor 2>&1) || status=$?
echo "$report" | sed 's/^/  | /'
assert_contains "$report" "! configuration: $conf:2: " "doctor notes the file's new error"
assert_eq "$status" 0 "doctor's exit status with a running agent that read a good file"
echo "a bad configuration is reported with its line by the agent and doctor alike, and the agent rings on defaults"
