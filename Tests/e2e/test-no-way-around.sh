#!/bin/bash
# Only a solved challenge stops a ringing alarm. At its snooze limit every other way out is
# tried — D-Bus calls, wrong/empty/huge/replayed answers, CLI edits, `reveille dismiss`
# without a tty, closing the terminal, SIGKILL and SIGTERM of the captcha — and after each
# the alarm still rings, its challenge is the same one, the notification stays open and the
# sound is still on the sink. Then Dismiss / `reveille captcha` resume that same challenge,
# and solving it is what brings silence.
source "$(dirname "$0")/lib.sh"
start_session
# A long math time limit and a high lockout threshold, so that the problem shown stays the
# same for the whole test unless something wrongly replaces it.
configure "[agent]" "fade_in = 1s" "math_time_limit = 10min" "lockout_failures = 20"
start_agent
agent=$(agent_pid)

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "No way out" --max-snoozes 1 --snooze-minutes 1 --challenge math:easy --challenge typing:2)
note "alarm $id due at $due"
wait_until "it rings" 15 is_ringing "$id"

# Use the one snooze, then ring again: from here on only the challenge can stop it.
gcall Snooze "'$id'" >/dev/null
wait_until "it is snoozed" 5 not is_ringing "$id"
gcall Trigger "'$id'" >/dev/null
wait_until "it rings again at the limit" 5 is_ringing "$id"
wait_until "the notification is re-posted" 5 output_is -ge 2 notify_count Notify
closes=$(notify_count CloseNotification)

# still_ringing WHAT: after WHAT the agent still lists the alarm as ringing.
still_ringing() {
    kill -0 "$agent" 2>/dev/null || fail "the agent died after: $1"
    assert_contains "$(ringing_alarms)" "\"$id\"" "RingingAlarms after $1"
    is_ringing "$id" || fail "the alarm stopped after: $1"
}
# same_challenge WHAT: the current problem is still PROMPT at INDEX with ATTEMPTS.
same_challenge() {
    still_ringing "$1"
    assert_eq "$(challenge_field "$id" index)" "$index" "challenge index after $1"
    assert_eq "$(challenge_field "$id" prompt)" "$prompt" "challenge prompt after $1"
    assert_eq "$(challenge_field "$id" attempts)" "$attempts" "attempts after $1"
}
# outcome ANSWER: SubmitAnswer's outcome for ANSWER, or the error it got.
outcome() {
    local reply
    reply=$(gcall SubmitAnswer "'$id'" "'$1'" 2>&1) || { echo "${reply:0:200}"; return; }
    echo "$reply" | sed -n "s/^('\([a-z]*\)'.*/\1/p"
}

# Answers that are not the answer: wrong, replayed, empty, blank, huge, not a number.
prompt=$(challenge_field "$id" prompt)
old_answer=$(answer_of "$prompt")
assert_eq "$(outcome "$((old_answer + 1))")" "wrong" "a wrong answer"
still_ringing "a wrong answer"
prompt=$(challenge_field "$id" prompt)
if [ "$(answer_of "$prompt")" != "$old_answer" ]; then
    assert_eq "$(outcome "$old_answer")" "wrong" "the previous problem's answer replayed"
    still_ringing "a replayed answer"
fi
for answer in "" "   " "$(head -c 100000 /dev/zero | tr '\0' 9)" "$(head -c 20000 /dev/zero | tr '\0' x)" "1; echo" $'\e[2J'; do
    result=$(outcome "$answer")
    case $result in
    wrong | *InvalidArgument*) ;;
    *) fail "answer of ${#answer} characters: expected wrong or InvalidArgument, got: ${result:0:200}" ;;
    esac
    still_ringing "an answer of ${#answer} characters ($result)"
done
note "wrong, replayed, empty, blank, huge and junk answers: still ringing"

# Dismiss opens the captcha; from now on the problem must not change.
gcall Dismiss "'$id'" >/dev/null
wait_until "the captcha opens" 10 captcha_open
index=$(challenge_field "$id" index)
prompt=$(challenge_field "$id" prompt)
attempts=$(challenge_field "$id" attempts)
assert_eq "$index" 0 "first challenge"
wait_until "the captcha shows the problem" 10 captcha_shows "$prompt"
note "challenge $index: '$prompt' after $attempts wrong answers"

# D-Bus calls.
gcall Dismiss "'$id'" >/dev/null
same_challenge "Dismiss again"
gcall Dismiss "'$id'" >/dev/null
same_challenge "Dismiss a third time"
gcall Trigger "'$id'" >/dev/null
same_challenge "Trigger"
expect_error io.github.Reveille1.Error.AlarmActive gcall SetEnabled "'$id'" false
same_challenge "SetEnabled false"
expect_error io.github.Reveille1.Error.AlarmActive gcall UpdateAlarm "'$id'" "{'enabled': <false>}"
expect_error io.github.Reveille1.Error.AlarmActive gcall UpdateAlarm "'$id'" "{'time': <'$(date -u -d '+2 hours' +%H:%M)'>}"
expect_error io.github.Reveille1.Error.AlarmActive gcall UpdateAlarm "'$id'" "{'challenges': <['math:easy']>}"
expect_error io.github.Reveille1.Error.AlarmActive gcall UpdateAlarm "'$id'" "{'max_snoozes': <-1>}"
same_challenge "UpdateAlarm"
expect_error io.github.Reveille1.Error.AlarmActive gcall RemoveAlarm "'$id'"
same_challenge "RemoveAlarm"
expect_error io.github.Reveille1.Error.SnoozeLimitReached gcall Snooze "'$id'"
same_challenge "Snooze at the limit"
if busctl --user set-property "$SERVICE" "$OBJECT" "$IFACE" RingingAlarms as 0 2>/dev/null; then
    fail "RingingAlarms could be set"
fi
same_challenge "setting RingingAlarms"
note "Dismiss, Trigger, SetEnabled, UpdateAlarm, RemoveAlarm, Snooze, Set RingingAlarms: still ringing, same problem"

# The notification: its actions, and closing it as a person would (reason 2: dismissed by the user).
notification=$(current_notification)
for action in dismiss default snooze; do
    click "$notification" "$action"
    sleep 0.5
    same_challenge "clicking '$action' on the notification"
done
gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
    --method org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications NotificationClosed uu \
    "[<uint32 $notification>, <uint32 2>]" >/dev/null
sleep 0.5
same_challenge "closing the notification"
note "the notification's actions and closing it: still ringing, same problem"

# The CLI: each refusal exits 1.
# cli_fails ARGS...: `reveille ARGS` exits with status 1.
cli_fails() {
    local status=0
    "$REVEILLE" "$@" </dev/null >"$SESSION/cli.out" 2>&1 || status=$?
    assert_eq "$status" 1 "exit status of reveille $* ($(cat "$SESSION/cli.out"))"
    same_challenge "reveille $*"
}
cli_fails disable "$id"
cli_fails remove "$id"
cli_fails edit "$id" --time "$(date -u -d '+2 hours' +%H:%M)"
cli_fails edit "$id" --challenge math:easy
cli_fails snooze "$id"
note "reveille disable/remove/edit/snooze: exit 1, still ringing"

# Closing the terminal.
$REVEILLE_TMUX kill-session -t captcha
wait_until "the terminal is gone" 5 not captcha_open
sleep 0.5
same_challenge "closing the terminal"

# `reveille dismiss` without a tty opens the captcha in a new terminal and leaves it ringing.
"$REVEILLE" dismiss "$id" </dev/null >"$SESSION/dismiss.out" 2>&1 || fail "reveille dismiss without a tty failed: $(cat "$SESSION/dismiss.out")"
wait_until "reveille dismiss opens the captcha" 10 captcha_open
wait_until "it shows the same problem" 10 captcha_shows "$prompt"
same_challenge "reveille dismiss without a tty"

# SIGKILL of the captcha.
pid=$(captcha_pid)
[ -n "$pid" ] || fail "no captcha process in the terminal"
kill -9 "$pid"
wait_until "the captcha is gone" 5 not captcha_open
sleep 0.5
same_challenge "kill -9 of the captcha"

# `reveille captcha ID` again, as the agent would run it, then SIGTERM.
$REVEILLE_TMUX new-session -d -s captcha -x 80 -y 24 "$REVEILLE" captcha "$id"
wait_until "reveille captcha shows the same problem" 10 captcha_shows "$prompt"
assert_contains "$(captcha_screen)" "1 of 2" "the captcha shows the same challenge of the stack"
pid=$(captcha_pid)
[ -n "$pid" ] || fail "no captcha process in the reopened terminal"
kill -TERM "$pid"
wait_until "the captcha ends on SIGTERM" 5 not captcha_open
sleep 0.5
same_challenge "SIGTERM to the captcha"
note "closing the terminal, kill -9 and SIGTERM of the captcha: still ringing, same problem"

# After all that: the sound still plays and the agent never closed the notification.
record_start "$SESSION/after-attempts.wav"
sleep 2
record_stop
level=$(rms "$SESSION/after-attempts.wav" 0.3 1.5)
note "RMS after every attempt: $level"
louder_than "$level" 0.01 || fail "no sound on the sink after the attempts (RMS $level)"
assert_eq "$(notify_count CloseNotification)" "$closes" "CloseNotification calls while ringing"
same_challenge "recording"

# Dismiss resumes the same challenge; solving it (and the next) is what stops the alarm.
gcall Dismiss "'$id'" >/dev/null
wait_until "the captcha reopens" 10 captcha_open
wait_until "it resumes the same problem" 10 captcha_shows "$prompt"
same_challenge "Dismiss after everything"
captcha_type "$(answer_of "$prompt")"
wait_until "the typing challenge" 5 output_is = 1 challenge_field "$id" index
still_ringing "solving only the first challenge"
record_start "$SESSION/solved.wav"
sleep 1.7
captcha_type "$(answer_of "$(challenge_field "$id" prompt)")"
wait_until "the alarm stops" 5 not is_ringing "$id"
sleep 1.5
record_stop
assert_stopped "$SESSION/solved.wav" 1.9 "solving the challenge"
assert_eq "$(ringing_alarms)" "as 0" "RingingAlarms after solving"
# (That solving closes the notification is test-ringing-flow's; here the user closed it already.)
echo "no way around the challenge"
