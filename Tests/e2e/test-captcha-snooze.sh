#!/bin/bash
# A snooze while the captcha is open leaves no stale screen behind. The captcha says the alarm is
# snoozed and until when, and closes; it never shows "Time is up" for a problem nobody can answer.
# When the alarm rings again, Dismiss opens a new captcha with a new problem. The answer typed on
# a screen from before the snooze, sent once the alarm rings again, is not checked: the history
# counts no wrong answer, and the alarm is dismissed with the right one.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
count_terminal_launches
start_agent

id=$(add_alarm 11:11 --label "Snoozed screen" --challenge math:easy --snooze-minutes 1 --max-snoozes 3)
"$REVEILLE" trigger "$id"
wait_until "it rings" 5 is_ringing "$id"
gcall Dismiss "'$id'" >/dev/null
wait_until "the captcha shows its problem" 10 captcha_shows "= ?"
old_prompt=$(captcha_screen | grep -F "= ?" | head -1)

note "snooze while the captcha is open"
"$REVEILLE" snooze "$id" >/dev/null
wait_until "the captcha says the alarm is snoozed" 5 captcha_shows "Snoozed until"
captcha_shows "Time is up" && fail "the captcha shows 'Time is up' for a snoozed alarm"
wait_until "the snoozed captcha closes" 10 not captcha_open

note "the alarm rings again: Dismiss opens a new captcha"
"$REVEILLE" trigger "$id"
wait_until "it rings again" 5 is_ringing "$id"
# The answer to the problem from before the snooze, as a screen left open would send it.
stale=$(gcall SubmitAnswer "'$id'" "'$(answer_of "$old_prompt")'")
assert_contains "$stale" "'stale'" "SubmitAnswer with the answer to the problem from before the snooze"
gcall Dismiss "'$id'" >/dev/null
wait_until "a new captcha shows a problem" 10 captcha_shows "= ?"
assert_eq "$(launches)" 2 "terminals launched (one per ring)"
answer_captcha
wait_until "the alarm is dismissed" 10 not is_ringing "$id"

history=$("$REVEILLE" history --json)
counted=$(/usr/bin/python3 -c 'import json, sys
entries = [e for e in json.load(sys.stdin) if e["alarm_id"] == sys.argv[1]]
print(len(entries), sum(e["wrong_answers"] for e in entries))' "$id" <<<"$history")
assert_eq "$counted" "1 0" "the alarm's runs in the history, and their wrong answers (none was typed wrong)"
echo "a snooze closes the captcha with its time, and an answer from before it counts for nothing"
