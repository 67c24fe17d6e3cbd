#!/bin/bash
# force_audible: while an alarm rings, a muted and quiet default sink is unmuted and raised, so
# the alarm is heard; once nothing rings it is exactly as it was. With force_audible = no the
# sink is left alone.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
start_agent
muted() { pactl get-sink-mute testsink | awk '{ print $2 }'; }
volume() { pactl get-sink-volume testsink | awk 'NR == 1 { print $5 }'; }
solve() {
    assert_eq "$(call SubmitAnswer ss "$1" "$(answer_of "$(challenge_field "$1" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving $1"
    wait_until "it stops" 5 not is_ringing "$1"
}

pactl set-sink-mute testsink 1
pactl set-sink-volume testsink 10%
assert_eq "$(muted) $(volume)" "yes 10%" "the sink before ringing"
id=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Hear me" --challenge math:easy)
record_start "$SESSION/raised.wav"
gcall Trigger "'$id'" >/dev/null
wait_until "it rings" 5 is_ringing "$id"
wait_until "the sink is unmuted" 5 output_is = no muted
assert_eq "$(volume)" "60%" "the sink's volume while ringing"
sleep 2
record_stop
level=$(rms "$SESSION/raised.wav")
note "RMS on the raised sink: $level"
louder_than "$level" 0.01 || fail "the alarm is not heard on the raised sink (RMS $level)"
solve "$id"
wait_until "the sink is muted again" 5 output_is = yes muted
assert_eq "$(volume)" "10%" "the sink's volume after the alarm"

# Two alarms: the sink stays raised until the last one stops.
second=$(add_alarm "$(date -u -d '+4 hours' +%H:%M)" --label "Hear me too" --challenge math:easy)
gcall Trigger "'$id'" >/dev/null
gcall Trigger "'$second'" >/dev/null
wait_until "the sink is unmuted for both" 5 output_is = no muted
solve "$id"
sleep 1
assert_eq "$(muted) $(volume)" "no 60%" "the sink while the second alarm still rings"
solve "$second"
wait_until "the sink is muted again" 5 output_is = yes muted
assert_eq "$(volume)" "10%" "the sink's volume after both alarms"

# force_audible = no: nothing is touched.
stop_agent
configure "[agent]" "fade_in = 1s" "force_audible = no"
start_agent
gcall Trigger "'$id'" >/dev/null
wait_until "it rings" 5 is_ringing "$id"
wait_until "its sound plays" 5 output_is -ge 1 sh -c 'pactl list short sink-inputs | wc -l'
sleep 1
assert_eq "$(muted) $(volume)" "yes 10%" "the sink while ringing with force_audible = no"
solve "$id"
echo "a muted sink is raised while alarms ring and restored after, unless force_audible = no"
