#!/bin/bash
# The nudge makes the alarm audible again, and so, at once, does force_audible: a sink muted by
# hand after force_audible raised it is unmuted within a second (test-keep-audible has the
# rest), the nudge finds it audible and raises the sound, and once the alarm is solved the sink
# is as it was before the alarm first raised it.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s" "nudge_after = 3s"
start_agent
muted() { pactl get-sink-mute testsink | awk '{ print $2 }'; }
volume() { pactl get-sink-volume testsink | awk 'NR == 1 { print $5 }'; }
posts() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
print(sum(1 for call in json.load(sys.stdin) if call[3] == sys.argv[1]))' "$1"
}

pactl set-sink-mute testsink 1
pactl set-sink-volume testsink 10%
id=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Mute me" --challenge math:easy)
gcall Trigger "'$id'" >/dev/null
wait_until "it rings" 5 is_ringing "$id"
wait_until "the sink is unmuted" 5 output_is = no muted
pactl set-sink-mute testsink 1
wait_until "the sink muted by hand is unmuted again" 1 output_is = no muted
assert_eq "$(posts "Mute me")" 1 "Notify calls before the nudge"
wait_until "the nudge re-posts the notification" 8 output_is -ge 2 posts "Mute me"
assert_eq "$(muted)" no "the sink after the nudge"
assert_eq "$(volume)" "60%" "the sink's volume after the nudge"
assert_eq "$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving the nudged alarm"
wait_until "it stops" 5 not is_ringing "$id"
wait_until "the sink is muted again" 5 output_is = yes muted
assert_eq "$(volume)" "10%" "the sink's volume after the alarm"
echo "a sink muted by hand while the alarm rang is unmuted again; the sink is restored after"
