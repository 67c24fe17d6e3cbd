#!/bin/bash
# The whole ringing flow, as a person meets it: due → notification with actions → sound on
# the sink → Snooze → silence and a later ring → at the limit no Snooze, Snooze refused, a
# stale Snooze click opens the captcha → wrong answer → new problem → lockout → right
# answers → silence, notification closed, Dismissed.
source "$(dirname "$0")/lib.sh"
start_session
# A lockout of 5 s rather than the default 30 s (whose length LockoutTests prove): the wiring
# is the same, and the script does not wait out the rest.
configure "[agent]" "fade_in = 1s" "lockout_cooldown = 5s"
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!

# Due in a few seconds, one snooze of one minute, a math and a typing challenge.
due=$(date -u -d '+4 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Wake up" --max-snoozes 1 --snooze-minutes 1 --challenge math:easy --challenge typing:2)
note "alarm $id due at $due"

record_start "$SESSION/ring1.wav"
wait_until "it rings" 15 is_ringing "$id"
wait_until "a notification is posted" 5 output_is -ge 1 notify_count Notify
assert_eq "$(last_notify summary)" "Wake up" "notification summary"
assert_eq "$(last_notify actions)" "snooze dismiss default" "actions under the limit"
assert_eq "$(last_notify urgency)" "2" "critical urgency"
assert_eq "$(last_notify resident)" "true" "resident hint"
assert_eq "$(last_notify suppress-sound)" "true" "suppress-sound hint"
assert_eq "$(last_notify desktop-entry)" '"io.github.Reveille1"' "desktop-entry hint"
assert_eq "$(last_notify timeout)" "0" "never expires"
sleep 3
record_stop
level=$(rms "$SESSION/ring1.wav")
length=$(duration "$SESSION/ring1.wav")
note "ringing RMS $level over $length s"
louder_than "$length" 1 || fail "the recording while ringing is too short ($length s)"
louder_than "$level" 0.01 || fail "no sound on the sink while ringing (RMS $level)"

# Snooze from the notification: silence, then it rings again a minute later.
record_start "$SESSION/snoozed.wav"
sleep 1.7
click "$(current_notification)" snooze
wait_until "it is snoozed" 5 not is_ringing "$id"
sleep 1.5
record_stop
assert_stopped "$SESSION/snoozed.wav" 1.9 "the snooze"
wait_until "Snoozed signal" 5 grep -q "Snoozed \"$id\" 1" "$SESSION/monitor.log"
"$REVEILLE" trigger "$id"   # rings within the same run, as the minute would
wait_until "it rings again" 5 is_ringing "$id"
assert_eq "$("$REVEILLE" show "$id" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["snooze_count"])')" "1" "snooze count kept"

# At the limit: no Snooze action, Snooze refused, a stale click opens the captcha.
wait_until "the notification is re-posted" 5 output_is -ge 2 notify_count Notify
assert_eq "$(last_notify actions)" "dismiss default" "no snooze at the limit"
expect_error io.github.Reveille1.Error.SnoozeLimitReached gcall Snooze "'$id'"
click "$(current_notification)" snooze
wait_until "the captcha opens" 10 captcha_open
wait_until "the captcha shows a problem" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t captcha | grep -q '= ?'"
note "captcha: $(captcha_screen | grep '= ?')"

# A wrong answer gives a new problem; three in a row lock answers out.
captcha_type "-1"
wait_until "one wrong answer counted" 5 output_is = 1 challenge_field "$id" attempts
captcha_type "-2"
wait_until "two wrong answers counted" 5 output_is = 2 challenge_field "$id" attempts
captcha_type "-3"
wait_until "locked out" 5 output_is != 0 challenge_field "$id" locked_until
expect_error io.github.Reveille1.Error.LockedOut gcall SubmitAnswer "'$id'" "'1'"
assert_contains "$(captcha_screen)" "Locked" "the captcha shows the lockout"
is_ringing "$id" || fail "the alarm stopped during the lockout"
until_unlocked=$(( $(challenge_field "$id" locked_until) - $(date +%s) + 1 ))
[ "$until_unlocked" -ge 3 ] && [ "$until_unlocked" -le 6 ] || fail "locked for $((until_unlocked - 1)) s more, not lockout_cooldown's 5 s"
note "waiting ${until_unlocked}s for the cooldown"
sleep "$until_unlocked"

# Right answers: the math, then the words.
prompt=$(captcha_screen | grep '= ?' | head -1)
captcha_type "$(answer_of "$prompt")"
wait_until "the typing challenge" 5 sh -c "$REVEILLE_TMUX capture-pane -p -t captcha | grep -q 'Type:'"
record_start "$SESSION/ring2.wav"
sleep 1.7
prompt=$(challenge_field "$id" prompt)
captcha_type "$(answer_of "$prompt")"
wait_until "the alarm stops" 5 not is_ringing "$id"
stopped_at=$(date +%s.%N)
sleep 1.5
record_stop
assert_stopped "$SESSION/ring2.wav" 1.9 "the dismissal"
wait_until "Dismissed signal" 5 grep -q "Dismissed \"$id\"" "$SESSION/monitor.log"
wait_until "the notification is closed" 5 output_is -ge 1 notify_count CloseNotification
assert_eq "$("$REVEILLE" show "$id" --json | /usr/bin/python3 -c 'import json,sys; a=json.load(sys.stdin); print(a["enabled"], a["snooze_count"])')" "False 0" "one-time alarm disabled, snooze count reset"
kill $MONITOR
echo "ringing flow works"
