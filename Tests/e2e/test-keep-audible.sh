#!/bin/bash
# While an alarm rings, whatever silences it is undone within a second (force_audible): the
# mute key, the output at volume 0, the alarm's own stream muted or at 0, the output suspended,
# the stream moved to a null sink. A move to another real output stays. Past five undoings in
# a minute a notice says so and the agent stops fighting. `doctor` names a muted stream.
#
# The test's output, testsink, is itself a null sink: as the default sink it is the configured
# output and counts as audible; "trap", another null sink, is where sound goes to be lost.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
start_agent

muted() { pactl get-sink-mute testsink | awk '{ print $2 }'; }
volume() { pactl get-sink-volume testsink | awk 'NR == 1 { print $5 }'; }
# The alarm's stream: the one sink input a client made (a remap sink's own has no client).
streams() { pactl list short sink-inputs | awk '$3 != "-"'; }
stream() { streams | awk 'NR == 1 { print $1 }'; }
stream_sink() { streams | awk 'NR == 1 { print $2 }'; }
sink_index() { pactl list short sinks | awk -v name="$1" '$2 == name { print $1 }'; }
sink_state() { pactl list short sinks | awk -v name="$1" '$2 == name { print $NF }'; }
stream_field() { pactl list sink-inputs | sed -n "/^Sink Input #$(stream)\$/,/^\$/s/^[[:space:]]*$1: //p" | head -1; }
stream_muted() { stream_field Mute; }
stream_volume() { stream_field Volume | awk '{ print $4 }'; }
undone() { grep -c "could not be heard" "$SESSION/agent.log" || true; }
# heard WHAT: a second recorded from the test's output now is loud.
heard() {
    record_start "$SESSION/heard.wav"
    sleep 1
    record_stop
    local level
    level=$(rms "$SESSION/heard.wav")
    note "RMS after $1: $level"
    louder_than "$level" 0.01 || fail "the alarm is not heard after $1 was undone (RMS $level)"
}
ring() {
    gcall Trigger "'$1'" >/dev/null
    wait_until "it rings" 5 is_ringing "$1"
    wait_until "its sound plays" 5 output_is = 1 sh -c "pactl list short sink-inputs | awk '\$3 != \"-\"' | wc -l"
    sleep 0.5
}
solve() {
    assert_eq "$(call SubmitAnswer ss "$1" "$(answer_of "$(challenge_field "$1" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving $1"
    wait_until "it stops" 5 not is_ringing "$1"
}

id=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Hear me" --challenge math:easy)
ring "$id"

# The mute key, then the output at 0.
pactl set-sink-mute testsink 1
wait_until "the muted output is unmuted" 1 output_is = no muted
pactl set-sink-volume testsink 0
wait_until "the output at 0 is raised" 1 output_is = 60% volume
heard "the output muted and set to 0"

# The alarm's own stream muted, as per-application volume in the sound settings does.
pactl set-sink-input-mute "$(stream)" 1
wait_until "the muted stream is unmuted" 1 output_is = no stream_muted
heard "the stream muted"
assert_eq "$(undone)" 3 "undoings logged"
solve "$id"

# Each agent may undo five times a minute: a new one for the next three.
stop_agent
start_agent
ring "$id"
pactl set-sink-input-volume "$(stream)" 0
wait_until "the stream at 0 is back at 100 %" 1 output_is = 100% stream_volume
heard "the stream set to 0"

trap_module=$(pactl load-module module-null-sink sink_name=trap)
pactl move-sink-input "$(stream)" trap
wait_until "the stream is back on the output" 1 output_is = "$(sink_index testsink)" stream_sink
heard "the stream moved to a null sink"

pactl suspend-sink testsink 1
wait_until "the suspended output is resumed" 1 not output_is = SUSPENDED sink_state testsink
heard "the output suspended"

# A real output the user chose, here a remap of the test's sink: the alarm stays there.
remap_module=$(pactl load-module module-remap-sink sink_name=speakers master=testsink)
pactl move-sink-input "$(stream)" speakers
sleep 1.5
assert_eq "$(stream_sink)" "$(sink_index speakers)" "the stream's sink after a move to another real output"
heard "the move to another real output"
assert_eq "$(undone)" 6 "undoings logged"
solve "$id"
pactl unload-module "$remap_module"
pactl unload-module "$trap_module"

# A script that keeps muting: five undoings, then a notice, and the output is left muted.
stop_agent
start_agent
ring "$id"
for round in 1 2 3 4 5; do
    pactl set-sink-mute testsink 1
    wait_until "mute $round is undone" 1 output_is = no muted
done
pactl set-sink-mute testsink 1
sleep 2
assert_eq "$(muted)" yes "the output muted a sixth time within a minute"
grep -q "something keeps silencing the ringing alarm" "$SESSION/agent.log" || fail "the agent did not log that it stopped undoing"
notify_calls Notify | grep -q "Something keeps silencing the alarm" || fail "no notice that something keeps silencing the alarm"
solve "$id"
pactl set-sink-mute testsink 0

# With force_audible = no nothing is undone, and doctor names the muted stream.
stop_agent
configure "[agent]" "fade_in = 1s" "force_audible = no"
start_agent
ring "$id"
pactl set-sink-input-mute "$(stream)" 1
sleep 1.5
assert_eq "$(stream_muted)" yes "the muted stream with force_audible = no"
set +e
report=$("$REVEILLE" doctor 2>&1)
set -e
echo "$report" | sed 's/^/  | /'
assert_contains "$report" "sound-stream-muted: Reveille's own alarm sound is muted"
solve "$id"
echo "what silences a ringing alarm is undone within a second, five times a minute; doctor names a muted stream"
