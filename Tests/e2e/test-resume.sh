#!/bin/bash
# Suspend and resume, with logind on a private system bus. Without a system bus the agent
# starts and says once that it cannot follow suspend. With one, PrepareForSleep(false) makes it
# plan again; an alarm that came due while the agent was stopped (SIGSTOP, as in a suspend)
# rings after the resume when it is at most late_grace late, and is recorded as missed and
# notified, not rung, when it is later.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s" "late_grace = 2s"
log_has() { grep -qF -- "$1" "$SESSION/agent.log"; }
log_count() { grep -cF -- "$1" "$SESSION/agent.log" || true; }
missed_rows() {
    /usr/bin/python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM missed WHERE alarm_id = ?", (sys.argv[2],)).fetchone()[0])' \
        "$XDG_DATA_HOME/reveille/alarms.db" "$1"
}
posts() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
print(sum(1 for call in json.load(sys.stdin) if call[3].startswith(sys.argv[1])))' "$1"
}
# suspend_through DUE LATE: announces the sleep (logind's PrepareForSleep(true), as before a real
# suspend), stops the agent until LATE seconds after the Unix time DUE, announces the resume while
# it is stopped, and lets it run again.
suspend_through() {
    prepare_for_sleep true
    sleep 0.3
    kill -STOP "$(agent_pid)"
    sleep "$(awk -v due="$1" -v late="$2" -v now="$(date +%s.%N)" 'BEGIN { print due + late - now }')"
    prepare_for_sleep false
    kill -CONT "$(agent_pid)"
}

# No system bus: the agent runs, and says so once.
DBUS_SYSTEM_BUS_ADDRESS=unix:path=$SESSION/no-such-socket start_agent
wait_until "the agent says it cannot follow suspend" 5 log_has "suspend, resume and power saving are not followed"
assert_eq "$(log_count "suspend, resume and power saving are not followed")" 1 "log lines about the missing system bus"
stop_agent

start_system_bus
start_system_mock logind org.freedesktop.login1
start_agent
assert_eq "$(log_count "suspend, resume and power saving are not followed")" 1 "log lines about the system bus, once it is there"

# The resume is followed: suspend announces nothing to plan, resume plans again.
prepare_for_sleep true
wait_until "the agent sees the suspend" 5 log_has "the machine is going to sleep"
assert_eq "$(log_count "resumed from suspend")" 0 "resumes before the resume"
prepare_for_sleep false
wait_until "the agent plans again on resume" 5 log_has "resumed from suspend; planning again"

# Due while "asleep", 1 s late at the resume (late_grace 2 s): it rings.
due=$(date -u -d '+3 seconds' +%s)
late=$(add_alarm "$(date -u -d "@$due" +%H:%M:%S)" --label "Slightly late" --challenge math:easy)
suspend_through "$due" 1
wait_until "the slightly late alarm rings after the resume" 5 is_ringing "$late"
assert_eq "$(missed_rows "$late")" 0 "missed records of the slightly late alarm"
assert_eq "$(call SubmitAnswer ss "$late" "$(answer_of "$(challenge_field "$late" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving it"
wait_until "it stops" 5 not is_ringing "$late"

# Due while "asleep", 5 s late at the resume: recorded as missed and notified, not rung.
due=$(date -u -d '+3 seconds' +%s)
missed=$(add_alarm "$(date -u -d "@$due" +%H:%M:%S)" --label "Slept through" --challenge math:easy)
suspend_through "$due" 5
wait_until "the missed alarm is recorded" 5 output_is = 1 missed_rows "$missed"
wait_until "a missed-alarm notice is posted" 5 output_is = 1 posts "Missed alarm: Slept through"
assert_eq "$(posts "Slept through")" 0 "ringing notifications of the missed alarm"
not is_ringing "$missed" || fail "the alarm missed beyond late_grace rings"
assert_eq "$("$REVEILLE" show "$missed" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["enabled"])')" "False" "the missed one-time alarm moved on (disabled)"
wait_until "the resume was followed" 5 output_is -ge 3 log_count "resumed from suspend; planning again"
echo "resume from suspend is followed on the system bus; late alarms ring or are missed"
