#!/bin/bash
# A captcha that goes away is known to the agent. It follows the captcha by its own bus
# connection, not by the terminal that launched it (which, like gnome-terminal, returns at
# once): while the captcha runs, Dismiss opens no second terminal; once it is killed (kill -9),
# the agent says so, the alarm rings on, and Dismiss opens a new terminal whose captcha still
# silences the alarm.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
count_terminal_launches
start_agent

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Closed captcha" --challenge math:easy)
note "alarm $id due at $due"
wait_until "it rings" 15 is_ringing "$id"

gcall Dismiss "'$id'" >/dev/null
wait_until "the captcha shows its problem" 10 captcha_shows "= ?"
assert_eq "$(launches)" 1 "terminals launched by the first Dismiss"
first=$(captcha_pid)

# Dismiss while the captcha runs: the person has it in front of them already.
gcall Dismiss "'$id'" >/dev/null

kill -9 "$first"
note "captcha $first killed with -9"
wait_until "its tmux session is gone" 5 not captcha_open
wait_until "the agent knows the captcha was closed" 5 grep -q "the challenge of $id was closed" "$SESSION/agent.log"
record_start "$SESSION/closed.wav"
sleep 1.5
record_stop
level=$(rms "$SESSION/closed.wav" 0.2 1)
note "RMS after the captcha closed: $level"
louder_than "$level" 0.01 || fail "no sound after the captcha closed (RMS $level)"
is_ringing "$id" || fail "the alarm stopped ringing when its captcha closed"

# A new Dismiss opens a new terminal, the only one since the first.
gcall Dismiss "'$id'" >/dev/null
wait_until "a new captcha shows its problem" 10 captcha_shows "= ?"
assert_eq "$(launches)" 2 "terminals launched (the Dismiss while the captcha ran must launch none)"
[ "$(captcha_pid)" != "$first" ] || fail "the captcha was not started again"

logged=$(wc -l <"$SESSION/agent.log")
answer_captcha
wait_until "the alarm is dismissed" 10 not is_ringing "$id"
# The solved captcha leaves the bus: the log says what is true (the alarm is silent), never "it rings on".
wait_until "the solved captcha has left" 10 not captcha_open
sleep 0.5
after=$(tail -n +"$((logged + 1))" "$SESSION/agent.log")
assert_not_contains "$after" "rings on" "the log once the solved captcha left the bus"
echo "a killed captcha is known, the alarm rings on, and Dismiss opens a new one"
