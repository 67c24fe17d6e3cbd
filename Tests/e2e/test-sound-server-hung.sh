#!/bin/bash
# A hung sound server cannot stall the agent. The PulseAudio server is stopped (SIGSTOP) just
# before an alarm rings: while it hangs, GetAlarm answers within 5 s even with Preflight calls
# piling up (each one asks the sound server), Preflight itself answers and says
# sound-unavailable, and Dismiss and the right answer end the run. Once the server continues,
# the sound that could not start while it hung does not start late: the sink stays silent.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!
SERVER=$(cat "$SESSION/pulse/runtime/pulse/pid")
# A stopped server must go on again before the session stops it.
trap 'kill -CONT "$SERVER" 2>/dev/null || true; stop_session' EXIT
sink_inputs() { pactl list short sink-inputs 2>/dev/null | wc -l; }
# D-Bus calls that must succeed within 5 s, well inside D-Bus's default 25 s.
quick() {
    local method=$1
    shift
    gdbus call --session --timeout 5 --dest "$SERVICE" --object-path "$OBJECT" --method "$IFACE.$method" "$@"
}
rings() { quick GetAlarm "'$1'" | grep -q "'ringing': <true>"; }

# While the server answers, the alarm is heard: the recording can tell sound from silence.
id=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Hung server" --challenge math:easy)
record_start "$SESSION/before.wav"
gcall Trigger "'$id'" >/dev/null
wait_until "it rings" 5 rings "$id"
sleep 2
record_stop
level=$(rms "$SESSION/before.wav")
length=$(duration "$SESSION/before.wav")
note "RMS while the server answers: $level over $length s"
louder_than "$length" 2 || fail "the recording while the server answers is too short ($length s)"
louder_than "$level" 0.01 || fail "no sound while the server answers (RMS $level)"
assert_contains "$(quick SubmitAnswer "'$id'" "'$(answer_of "$(challenge_field "$id" prompt)")'")" "('dismissed'," "solving it"
wait_until "its sound stops" 5 output_is = 0 sink_inputs

# The server hangs just before the alarm is due.
due_at=$(($(date +%s) + 4))
due=$(date -u -d "@$due_at" +%H:%M:%S)
hung=$(add_alarm "$due" --label "Hung server" --challenge math:easy)
note "alarm $hung due at $due"
sleep "$(awk -v due="$due_at" -v now="$(date +%s.%N)" 'BEGIN { d = due - now - 1; print (d > 0 ? d : 0) }')"
kill -STOP "$SERVER"
note "sound server stopped"
wait_until "it rings" 15 rings "$hung"
# Long enough for the agent's attempt to start the sound to time out (5 s for the sink, 5 s for
# the stream) while the server hangs: that stream must not stay behind once it continues.
for round in $(seq 12); do
    # A desktop applet asking often: each Preflight looks at the hung server.
    for _ in 1 2 3; do quick Preflight >/dev/null 2>&1 & done
    sleep 1
    reply=$(quick GetAlarm "'$hung'") || fail "GetAlarm did not answer within 5 s while the sound server hangs (round $round)"
    assert_contains "$reply" "'ringing': <true>" "GetAlarm while the sound server hangs"
done
preflight=$(quick Preflight) || fail "Preflight did not answer within 5 s while the sound server hangs"
note "Preflight while the server hangs: $preflight"
assert_contains "$preflight" "'sound-unavailable'" "Preflight while the sound server hangs"
quick Dismiss "'$hung'" >/dev/null || fail "Dismiss did not answer within 5 s while the sound server hangs"
answer=$(answer_of "$(quick GetChallenge "'$hung'" | sed -n "s/.*'prompt': <'\([^']*\)'>.*/\1/p")")
assert_contains "$(quick SubmitAnswer "'$hung'" "'$answer'")" "('dismissed'," "the right answer while the sound server hangs"
wait_until "Dismissed signal" 5 grep -q "Dismissed \"$hung\"" "$SESSION/monitor.log"
wait_until "it stops ringing" 5 not rings "$hung"

# The server goes on: nothing plays.
kill -CONT "$SERVER"
note "sound server continued"
wait_until "no sound is left on the server" 15 output_is = 0 sink_inputs
record_start "$SESSION/after.wav"
sleep 3
record_stop
length=$(duration "$SESSION/after.wav")
level=$(rms "$SESSION/after.wav")
note "after the server continued: RMS $level over $length s"
louder_than "$length" 2 || fail "the recording after the server continued is too short ($length s)"
louder_than 0.001 "$level" || fail "sound after the dismissal once the server continued (RMS $level)"
assert_eq "$(sink_inputs)" 0 "streams on the server after the dismissal"
kill $MONITOR
echo "a hung sound server stalls neither the bus nor the dismissal, and nothing plays once it continues"
