#!/bin/bash
# Alarms ringing together with the same sound file share one decoded copy of it: eight alarms
# with a 9.5-minute file (219 MB decoded) once took 1.7 GB. The agent stays well below two
# copies, the sound is heard, and once they stop the memory can go.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
start_agent

# The agent's resident memory in MB, and its peak.
rss() { awk '/^VmRSS/ { print int($2 / 1024) }' "/proc/$(agent_pid)/status"; }
peak() { awk '/^VmHWM/ { print int($2 / 1024) }' "/proc/$(agent_pid)/status"; }

sound=$SESSION/long.wav
sox -n -r 48000 -c 2 "$sound" synth 570 sine 440 vol 0.5
ids=()
for n in 1 2 3 4 5 6 7 8; do
    ids+=("$(add_alarm "$(date -u -d "+$((n + 2)) hours" +%H:%M)" --label "Shared $n" --sound "$sound" --challenge math:easy)")
done
record_start "$SESSION/shared.wav"
for id in "${ids[@]}"; do gcall Trigger "'$id'" >/dev/null; done
for id in "${ids[@]}"; do wait_until "$id rings" 10 is_ringing "$id"; done
wait_until "eight streams play" 30 output_is = 8 sh -c 'pactl list short sink-inputs | wc -l'
sleep 2
record_stop
level=$(rms "$SESSION/shared.wav")
note "RMS of eight alarms sharing one sound: $level; agent RSS $(rss) MB, peak $(peak) MB"
louder_than "$level" 0.01 || fail "the shared sound is not heard (RMS $level)"
louder_than 438 "$(peak)" || fail "the agent took $(peak) MB for eight alarms sharing one 219 MB sound: more than one copy"
grep -q "cannot play" "$SESSION/agent.log" && fail "a fallback played: $(grep 'cannot play' "$SESSION/agent.log")"

for id in "${ids[@]}"; do
    assert_eq "$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving $id"
done
for id in "${ids[@]}"; do wait_until "$id stops" 5 not is_ringing "$id"; done
echo "eight alarms with one 9.5-minute sound share one decoded copy"
