#!/bin/bash
# The sound server dies and comes back while an alarm rings: the notification says there is no
# sound, the agent keeps trying with back-off, and the sound comes back on the new server (and
# the notice goes). With no sound server at all, the alarm still notifies and Preflight says
# sound-unavailable.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
PULSE=$REPO/Tests/fixtures/pulse-session.sh
start_agent
says_no_sound() { last_notify body | grep -q 'No sound: the sound server is not answering'; }
sink_inputs() { pactl list short sink-inputs 2>/dev/null | wc -l; }

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Loud" --challenge math:easy)
note "alarm $id due at $due"
wait_until "it rings" 15 is_ringing "$id"
wait_until "its sound plays" 5 output_is -ge 1 sink_inputs
wait_until "its notification is posted" 5 output_is -ge 1 notify_count Notify
assert_not_contains "$(last_notify body)" "No sound" "the notification while the sound plays"

"$PULSE" kill "$SESSION/pulse"
note "sound server stopped"
wait_until "the notification says there is no sound" 10 says_no_sound
sleep 2
is_ringing "$id" || fail "the alarm stopped ringing without a sound server"
"$PULSE" start "$SESSION/pulse" >/dev/null
restarted=$(date +%s)
note "sound server started again"
wait_until "the sound plays on the new server" 20 output_is -ge 1 sink_inputs
note "sound back $(( $(date +%s) - restarted )) s after the server restarted"
record_start "$SESSION/after-restart.wav"
sleep 1.5
record_stop
level=$(rms "$SESSION/after-restart.wav")
note "RMS on the new server: $level"
louder_than "$level" 0.01 || fail "no sound on the restarted server (RMS $level)"
wait_until "the notification no longer says there is no sound" 5 not says_no_sound
grep -q "trying the alarm sound for $id again" "$SESSION/agent.log" || fail "the agent did not retry"
assert_eq "$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving it"
wait_until "it stops" 5 not is_ringing "$id"
wait_until "its sound stops" 5 output_is = 0 sink_inputs

# No sound server from the start: still notified, and Preflight says why.
stop_agent
"$PULSE" kill "$SESSION/pulse"
start_agent
preflight=$(call Preflight)
assert_contains "$preflight" 'bas false' "Preflight without a sound server"
assert_contains "$preflight" '"sound-unavailable"' "Preflight without a sound server"
other=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Silent machine" --challenge math:easy)
posted=$(notify_count Notify)
triggered=$(date +%s)
gcall Trigger "'$other'" >/dev/null
wait_until "it rings without a sound server" 5 is_ringing "$other"
wait_until "it is notified" 5 output_is -gt "$posted" notify_count Notify
wait_until "the notification says there is no sound" 10 says_no_sound
assert_eq "$(last_notify summary)" "Silent machine" "the notification without sound"
# Once nothing rings, nothing retries: the log stops growing with attempts. The agent retries
# 1, 2, 4, 8 … s apart, so first see it retry, then watch past the next retry it would make.
attempts() { grep -c "cannot play the alarm sound for $other" "$SESSION/agent.log" || true; }
wait_until "the agent retries the sound" 10 output_is -ge 2 attempts
assert_eq "$(call SubmitAnswer ss "$other" "$(answer_of "$(challenge_field "$other" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving it"
sleep 0.5
before=$(attempts)
# Retries come at about 1, 3, 7 and 15 s after the first attempt: watch until 17 s after it.
left=$(( triggered + 17 - $(date +%s) ))
[ "$left" -le 0 ] || sleep "$left"
assert_eq "$(attempts)" "$before" "sound attempts from 0.5 s to $(( $(date +%s) - triggered )) s after triggering, once the alarm stopped"
echo "the sound comes back after its server restarts, and a machine without one still notifies"
