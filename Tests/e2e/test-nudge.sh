#!/bin/bash
# The nudge: an alarm ringing for nudge_after with nobody starting to dismiss it gets its
# notification posted again and its sound raised at once to full volume (not waiting for the
# slow fade-in). Once Dismiss was called, no nudge comes.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 60s" "nudge_after = 3s"
start_agent

# posts SUMMARY: how many Notify calls had that summary.
posts() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
print(sum(1 for call in json.load(sys.stdin) if call[3] == sys.argv[1]))' "$1"
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }'; }

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Nudge me" --challenge math:easy)
note "alarm $id due at $due"
recorded_from=$(now)
record_start "$SESSION/nudge.wav"
wait_until "it rings" 15 is_ringing "$id"
rang_at=$(now)
wait_until "its notification is posted" 5 output_is -ge 1 posts "Nudge me"
wait_until "the nudge re-posts the notification" 8 output_is -ge 2 posts "Nudge me"
nudged_at=$(now)
sleep 1.5
record_stop
after_ring=$(since "$nudged_at" "$rang_at")
note "nudged ${after_ring}s after it started ringing"
awk -v t="$after_ring" 'BEGIN { exit !(t >= 2 && t <= 5.5) }' || fail "the nudge came ${after_ring}s after the ring, not about 3s"
at=$(since "$nudged_at" "$recorded_from")
before=$(rms "$SESSION/nudge.wav" "$(awk -v t="$at" 'BEGIN { print t - 1.3 }')" 0.8)
after=$(rms "$SESSION/nudge.wav" "$(awk -v t="$at" 'BEGIN { print t + 0.2 }')" 0.8)
note "RMS in the second before the nudge: $before, after it: $after"
louder_than "$after" 0.02 || fail "the sound is not loud after the nudge (RMS $after)"
louder_than "$after" "$(awk -v b="$before" 'BEGIN { print 3 * b }')" || fail "the nudge did not raise the sound ($before → $after)"
assert_eq "$(last_notify summary)" "Nudge me" "the re-posted notification"
assert_eq "$(last_notify urgency)" "2" "the re-posted notification's urgency"
assert_contains "$(last_notify actions)" "dismiss" "the re-posted notification's actions"
assert_eq "$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving the nudged alarm"
wait_until "it stops" 5 not is_ringing "$id"
loud=$after

# Dismiss called within nudge_after: no nudge, and the sound keeps its slow fade-in.
other=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Being dismissed" --challenge math:easy)
gcall Trigger "'$other'" >/dev/null
wait_until "the other alarm rings" 5 is_ringing "$other"
gcall Dismiss "'$other'" >/dev/null
wait_until "its notification is posted" 5 output_is -ge 1 posts "Being dismissed"
record_start "$SESSION/dismissing.wav"
sleep 6
record_stop
assert_eq "$(posts "Being dismissed")" 1 "Notify calls for an alarm being dismissed, after twice nudge_after"
total=$(duration "$SESSION/dismissing.wav")
level=$(rms "$SESSION/dismissing.wav" "$(awk -v t="$total" 'BEGIN { print t - 1 }')" 0.8)
note "RMS 6s into the ring of the alarm being dismissed: $level (nudged: $loud)"
louder_than "$(awk -v l="$loud" 'BEGIN { print l / 2 }')" "$level" || fail "the alarm being dismissed was raised to full volume (RMS $level)"
louder_than "$level" 0.0002 || fail "the alarm being dismissed went silent (RMS $level)"
is_ringing "$other" || fail "the alarm being dismissed stopped ringing"
echo "the nudge re-posts and raises an alarm nobody answers, and only that one"
