#!/bin/bash
# A ringing alarm's notification closed by the user (its X, a swipe) or by the server is posted
# again at once, so the alarm never rings with nothing on screen. At most once per 5 s: one
# closed again straight away (a do-not-disturb server) stays closed until the nudge shows it,
# and no loop starts. A solved alarm's closed notification is not posted again.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s" "nudge_after = 9s"
start_agent

# posts SUMMARY: how many Notify calls had that summary.
posts() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
print(sum(1 for call in json.load(sys.stdin) if call[3] == sys.argv[1]))' "$1"
}
# close_notification N REASON: the server says notification N closed (1 expired, 2 by the user).
close_notification() {
    gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications NotificationClosed uu \
        "[<uint32 $1>, <uint32 $2>]" >/dev/null
}

id=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Close me" --challenge math:easy)
gcall Trigger "'$id'" >/dev/null
wait_until "it rings" 5 is_ringing "$id"
wait_until "its notification is posted" 5 output_is = 1 posts "Close me"
first=$(current_notification)

close_notification "$first" 2
wait_until "the closed notification is posted again" 2 output_is = 2 posts "Close me"
second=$(current_notification)
[ "$second" != "$first" ] || fail "the notification was not posted anew after it closed (still $first)"
assert_eq "$(last_notify actions)" "snooze dismiss default" "the actions of the notification posted again"
note "closed $first, posted again as $second"

# Closed again at once, as a server in do-not-disturb mode would: no third post, no loop.
close_notification "$second" 1
sleep 3
assert_eq "$(posts "Close me")" 2 "posts after a second close within 5 s"
is_ringing "$id" || fail "the alarm stopped ringing when its notification closed"

# The nudge shows it again; closed more than 5 s after the last post, it comes back at once.
wait_until "the nudge posts the notification" 10 output_is = 3 posts "Close me"
third=$(current_notification)
close_notification "$third" 2
wait_until "the nudged notification closed is posted again" 2 output_is = 4 posts "Close me"

# Once solved, a closed notification stays closed.
assert_eq "$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving the alarm"
wait_until "it stops" 5 not is_ringing "$id"
count=$(posts "Close me")
close_notification "$(current_notification)" 2
sleep 1
assert_eq "$(posts "Close me")" "$count" "posts after the solved alarm's notification closed"
grep -q "was closed (dismissedByUser); posting it again" "$SESSION/agent.log" || fail "the agent did not log the repost"
echo "a closed ringing notification is posted again at once, at most once per 5 s; the nudge shows it after"
