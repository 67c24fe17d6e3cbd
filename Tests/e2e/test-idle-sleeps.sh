#!/bin/bash
# An idle agent has no periodic wakeups: with 100 alarms, none due for hours, and nothing on the
# bus, none of its threads is scheduled at all over several seconds (their context-switch
# counters in /proc stay put). It sleeps in epoll_wait until an alarm, a message or a watched
# event; afterwards it still rings, and stops on SIGTERM.
source "$(dirname "$0")/lib.sh"
start_session
start_agent

for i in $(seq 1 100); do
    add_alarm "$(date -u -d "+3 hours $i minutes" +%H:%M)" --repeat daily --label "idle $i" >/dev/null 2>&1
done
# Started again, it loads the 100 alarms at start, as after a login.
stop_agent
start_agent
assert_eq "$("$REVEILLE" list --json | /usr/bin/python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')" "100" "alarms loaded"
pid=$(agent_pid)

# Per thread: "TID COMM SWITCHES", voluntary plus involuntary context switches.
switches() {
    local task
    for task in /proc/"$pid"/task/*; do
        [ -r "$task/status" ] || continue
        awk -v tid="${task##*/}" -v comm="$(tr ' ' _ <"$task/comm")" '
            /^voluntary_ctxt_switches|^nonvoluntary_ctxt_switches/ { n += $2 }
            END { print tid, comm, n }' "$task/status"
    done
}

sleep 3  # start-up work settles; nothing talks to the agent from here on
before=$(switches)
sleep 5
after=$(switches)
report=$(join <(echo "$before" | sort) <(echo "$after" | sort) |
    awk '{ d = $5 - $3; total += d; printf "    thread %s %s: %d\n", $1, $2, d } END { print "    total", total }')
note "context switches over 5 s of idleness, per thread:"
echo "$report"
total=$(echo "$report" | awk '$1 == "total" { print $2 }')
[ "$total" = 0 ] || fail "the idle agent woke $total times in 5 s (see the threads above)"
threads_before=$(echo "$before" | awk '{ print $1 }' | sort | tr '\n' ' ')
threads_after=$(echo "$after" | awk '{ print $1 }' | sort | tr '\n' ' ')
assert_eq "$threads_after" "$threads_before" "no thread came or went while idle"

# Still awake to its work: an alarm due in a few seconds rings, and SIGTERM stops the agent.
due=$(date -u -d '+4 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "After the quiet")
wait_until "it rings" 15 is_ringing "$id"
wait_until "a notification is posted" 5 output_is -ge 1 notify_count Notify
assert_eq "$(last_notify summary)" "After the quiet" "notification summary"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
assert_eq "$status" "0" "exit status on SIGTERM"
echo "the idle agent sleeps"
