#!/bin/bash
# The wake-up check (issue 11 §6): a minute after a dismissal "Still up?" is posted with an
# "I'm up" action. Alarm A, solved in the captcha, gets no answer and rings again a minute
# later, in the same run; alarm B, solved over D-Bus, is answered with `reveille awake` and
# stays silent. Run side by side, so the two minutes are waited once.
source "$(dirname "$0")/lib.sh"
start_session
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!

# How many Notify calls asked "Still up?".
still_up_count() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
print(sum(1 for call in json.load(sys.stdin) if call[3] == "Still up?"))'
}
# The actions of the newest "Still up?", as key=label pairs.
still_up_actions() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
call = [c for c in json.load(sys.stdin) if c[3] == "Still up?"][-1]
print(" ".join(k + "=" + v for k, v in zip(call[5][0::2], call[5][1::2])))'
}
wake_check_of() { "$REVEILLE" show "$1" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["wake_check"])'; }

# Out of range is refused, on the command line and on the bus, and changes nothing.
if "$REVEILLE" add 07:00 --wake-check 61 2>"$SESSION/err"; then fail "--wake-check 61 was accepted"; fi
assert_contains "$(cat "$SESSION/err")" "between 0 and 60" "--wake-check 61 names the range"
expect_error io.github.Reveille1.Error.InvalidArgument gcall AddAlarm "{'time': <'07:00'>, 'wake_check': <uint32 61>}"
assert_eq "$("$REVEILLE" list --json)" "[]" "nothing was added"

due=$(date -u -d '+4 seconds' +%H:%M:%S)
a=$(add_alarm "$due" --label "Check A" --wake-check 1 --challenge math:easy)
b=$(add_alarm "$due" --label "Check B" --wake-check 1 --challenge math:easy)
assert_eq "$(wake_check_of "$a")" "1" "wake_check reads back"
note "alarms $a and $b due at $due"
wait_until "A rings" 15 is_ringing "$a"
wait_until "B rings" 5 is_ringing "$b"
expect_error io.github.Reveille1.Error.NotRinging gcall ConfirmAwake "'$a'"

# A through the captcha in a terminal, as a person would.
gcall Dismiss "'$a'" >/dev/null
wait_until "the captcha shows a problem" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t captcha | grep -q '= ?'"
captcha_type "$(answer_of "$(captcha_screen | grep '= ?' | head -1)")"
wait_until "A stops" 5 not is_ringing "$a"
# B over the bus.
gcall BeginChallenge "'$b'" >/dev/null
gcall SubmitAnswer "'$b'" "'$(answer_of "$(challenge_field "$b" prompt)")'" >/dev/null
wait_until "B stops" 5 not is_ringing "$b"
b_dismissed=$(date +%s)
wait_until "Dismissed signals" 5 sh -c "grep -q 'Dismissed \"$a\"' '$SESSION/monitor.log' && grep -q 'Dismissed \"$b\"' '$SESSION/monitor.log'"
rings_before=$(grep -c "Ringing \"$a\"" "$SESSION/monitor.log")
assert_eq "$(still_up_count)" "0" "no question before the minute is up"

wait_until "both are asked \"Still up?\"" 75 output_is -ge 2 still_up_count
assert_eq "$(still_up_actions)" "dismiss=I'm up default=I'm up" "the question's action"
not is_ringing "$a" || fail "A rang while being asked"
"$REVEILLE" awake "$b" || fail "reveille awake failed"
if "$REVEILLE" awake "$b" 2>"$SESSION/err"; then fail "a second 'awake' was accepted"; fi
assert_contains "$(cat "$SESSION/err")" "is not ringing" "awake without a pending check"

# Nobody clicked for A: it rings again, within the same run (a ring, not a new occurrence).
wait_until "A rings again" 75 is_ringing "$a"
wait_until "a second Ringing signal for A" 5 output_is -gt "$rings_before" grep -c "Ringing \"$a\"" "$SESSION/monitor.log"
assert_eq "$(challenge_field "$a" index)" "0" "the whole stack again"
# Past the minute in which an unanswered B would have rung again.
left=$((b_dismissed + 60 + 60 + 3 - $(date +%s)))
[ "$left" -le 0 ] || sleep "$left"
not is_ringing "$b" || fail "B rang again although its check was answered"
assert_eq "$(grep -c "Ringing \"$b\"" "$SESSION/monitor.log")" "1" "B rang once"
kill $MONITOR
echo "wake-up check works"
