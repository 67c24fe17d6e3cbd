#!/bin/bash
# An agent killed with -9 while an alarm rings leaves its notification on screen. The agent
# that starts next closes it (it kept the server's number for it) and posts its own: one
# notification, not two. It closes a number only on the server that gave it: after a server
# restart the numbers start again and belong to other notifications, so none is closed.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
NOTIFY=$REPO/Tests/fixtures/notify-session.sh
start_agent

# The numbers of the notifications the mock server shows now: posted and not closed.
open_notifications() {
    /usr/bin/python3 - "$(notify_calls Notify)" "$(notify_calls CloseNotification)" <<'PY'
import json, sys
posted = [c for c in json.loads(sys.argv[1]) if c[1] == 0]
closed = {c[0] for c in json.loads(sys.argv[2])}
print(" ".join(str(n) for n in range(1, len(posted) + 1) if n not in closed))
PY
}

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Crash" --challenge math:easy)
note "alarm $id due at $due"
wait_until "it rings" 15 is_ringing "$id"
wait_until "its notification is posted" 5 output_is -ge 1 notify_count Notify
old=$(current_notification)
assert_eq "$(open_notifications)" "$old" "notifications shown before the kill"

# --- The same server is still there: the old notification is closed, the new one stays.
stop_agent -9
start_agent
note "agent killed with -9 while ringing (notification $old shown), and started again"
wait_until "the alarm's notification is posted again" 10 output_is -ge 2 notify_count Notify
wait_until "the old notification is closed" 5 output_is -ge 1 notify_count CloseNotification
assert_eq "$(notify_calls CloseNotification)" "[[$old]]" "CloseNotification calls"
shown=$(open_notifications)
assert_eq "$(echo "$shown" | wc -w)" 1 "notifications shown after the restart ($shown)"
is_ringing "$id" || fail "not ringing after the restart"

# --- The server restarted while no agent ran: its numbers are not the agent's to close.
stop_agent -9
old_owner=$(server_owner)
"$NOTIFY" stop-server "$SESSION/notify"
"$NOTIFY" server "$SESSION/notify"
new_owner=$(server_owner)
[ "$new_owner" != "$old_owner" ] || fail "the notification server did not restart: still $old_owner"
assert_eq "$(notify_count Notify)" 0 "calls the new server got before the agent started"
note "agent killed with -9, notification server restarted ($old_owner -> $new_owner)"
# Other programs' notifications now hold the new server's numbers up to $shown, the number the
# agent kept: a stale close would take one of them away.
for _ in $(seq "$shown"); do
    gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.Notifications.Notify other 0 "" "Someone else" "" "[]" "{}" 0 >/dev/null
done
start_agent
wait_until "the alarm's notification reaches the new server" 10 output_is -ge $((shown + 1)) notify_count Notify
assert_eq "$(notify_count CloseNotification)" 0 "CloseNotification calls on the restarted server"
assert_eq "$(open_notifications)" "$(seq -s ' ' 1 $((shown + 1)))" "notifications shown on the restarted server"
is_ringing "$id" || fail "not ringing after the second restart"
echo "one notification per ringing alarm after a crash, and no stale number closed"
