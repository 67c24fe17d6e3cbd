#!/bin/bash
# An alarm's notification shows at its due second even while the agent is held up, here by a
# write waiting on a database another program keeps locked: it was built two seconds ahead, and
# libnotify's thread shows it by itself. Once the agent catches up, the ring takes it over (one
# Notify, no second notification), and the alarm rings.
source "$(dirname "$0")/lib.sh"
start_session
start_agent
due_at=$(($(date +%s) + 6))
id=$(add_alarm "$(date -u -d "@$due_at" +%H:%M:%S)" --label "On time")
note "alarm $id due at $(date -u -d "@$due_at" +%T)"

# sleep_until UNIX-SECONDS (fractions allowed).
sleep_until() { /usr/bin/python3 -c 'import sys, time; time.sleep(max(0, float(sys.argv[1]) - time.time()))' "$1"; }
# Whether the agent answers a Peer.Ping within half a second.
answers() { busctl --user --timeout=0.5 call "$SERVICE" "$OBJECT" org.freedesktop.DBus.Peer Ping >/dev/null 2>&1; }
# How many Notify calls carried the summary SUMMARY.
notifies() { notify_calls Notify | /usr/bin/python3 -c 'import json, sys; print(sum(c[3] == sys.argv[1] for c in json.load(sys.stdin)))' "$1"; }
shown() { [ "$(notifies "On time")" -ge 1 ]; }

# Past the preparation (two seconds ahead), the database is locked and the agent starts a write.
sleep_until "$((due_at - 2)).4"
hold_database_lock
"$REVEILLE" add 23:59 --label "Held up" >"$SESSION/held.out" 2>&1 &
ADDER=$!
sleep 0.2
answers && fail "the agent still answers: nothing holds it up"
[ "$(date +%s)" -lt "$due_at" ] || fail "the set-up took until the due second"
assert_eq "$(notify_count Notify)" 0 "Notify calls before the due second"

# The notification shows on time, while the agent still does not answer.
until shown; do
    /usr/bin/python3 -c 'import sys, time; sys.exit(time.time() > float(sys.argv[1]))' "$due_at.8" ||
        fail "no notification by 0.8 s after the due second"
    sleep 0.05
done
answers && fail "the agent answered before the notification showed: it was not held up"
note "the notification showed on time while the agent was held up"

rm "$SESSION/hold"
wait "$HOLDER"
wait "$ADDER" || true
wait_until "the alarm rings" 15 is_ringing "$id"
sleep 1
assert_eq "$(notifies "On time")" 1 "Notify calls for the alarm"
assert_eq "$(notify_count CloseNotification)" 0 "CloseNotification calls"
echo "the notification shows at the due second by itself, and the ring takes it over"
