#!/bin/bash
# The ringing-only part of the D-Bus contract, as `reveille monitor` sees it: Ringing (with the
# label, "Alarm" for an empty one, the label as edited up to the due second, and the snooze
# count), Snoozed (until = Snooze's reply),
# ChallengeChanged on a new problem, on a timeout and at the start and end of a lockout (the
# last two with nobody calling), Dismissed, PropertiesChanged of RingingAlarms; and the errors
# NotRinging, SnoozeLimitReached, LockedOut and AlarmActive.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s" "math_time_limit = 6s" "lockout_failures = 2" "lockout_cooldown = 2s"
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!
sleep 0.5

# signal_count PATTERN: how many lines of the monitor's log hold PATTERN.
signal_count() { grep -cF -- "$1" "$SESSION/monitor.log" || true; }
# wait_signal WHAT PATTERN BEFORE [SECONDS]: waits until more than BEFORE lines hold PATTERN.
more_than() { [ "$(signal_count "$1")" -gt "$2" ]; }
wait_signal() { wait_until "$1" "${4:-5}" more_than "$2" "$3"; }
# settled: waits until every signal sent so far is in the log. Signals from one sender arrive in
# order, so once the AlarmsChanged of a harmless edit is in, all earlier ones are too.
edits=0
settled() {
    local before
    before=$(signal_count AlarmsChanged)
    edits=$((edits + 1))
    gcall UpdateAlarm "'$quiet'" "{'label': <'Quiet $edits'>}" >/dev/null
    wait_signal "the monitor catches up" AlarmsChanged "$before"
}
submit() { gcall SubmitAnswer "'$1'" "'$2'" | sed -n "s/^('\([a-z]*\)'.*/\1/p"; }
E=io.github.Reveille1.Error

# NotFound and NotRinging on an alarm that is not ringing.
quiet=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Quiet")
expect_error $E.NotFound gcall Snooze "'00000000-0000-4000-8000-000000000000'"
expect_error $E.NotRinging gcall Snooze "'$quiet'"
expect_error $E.NotRinging gcall Dismiss "'$quiet'"
expect_error $E.NotRinging gcall GetChallenge "'$quiet'"
expect_error $E.NotRinging gcall SubmitAnswer "'$quiet'" "'1'"
note "NotRinging from Snooze, Dismiss, GetChallenge and SubmitAnswer on a quiet alarm"

# max_snoozes 0: Ringing with its label, SnoozeLimitReached, solved → Dismissed.
tea=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Tea time" --max-snoozes 0 --challenge math:easy)
gcall Trigger "'$tea'" >/dev/null
wait_signal "Ringing with the label" "Ringing \"$tea\" \"Tea time\" 0" 0
wait_signal "RingingAlarms changed to [tea]" "{\"RingingAlarms\":[\"$tea\"]}" 0
expect_error $E.SnoozeLimitReached gcall Snooze "'$tea'"
assert_eq "$(signal_count "Snoozed \"$tea\"")" 0 "Snoozed signals of a refused snooze"
assert_eq "$(submit "$tea" "$(answer_of "$(challenge_field "$tea" prompt)")")" dismissed "solving the only challenge"
wait_signal "Dismissed" "Dismissed \"$tea\"" 0
wait_signal "RingingAlarms changed to []" '{"RingingAlarms":[]}' 0
note "Ringing \"Tea time\" 0, SnoozeLimitReached at max_snoozes 0, Dismissed, RingingAlarms [tea] then []"

# The Ringing signal is encoded when the ring is prepared, 2 s ahead; a label edited after that
# rings with the new label, never the one prepared.
due_epoch=$(($(date +%s) + 4))
late=$(add_alarm "$(date -u -d "@$due_epoch" +%H:%M:%S)" --label "Before" --challenge math:easy)
sleep "$(awk -v due="$due_epoch" -v now="$(date +%s.%N)" 'BEGIN { d = due - 1.4 - now; print (d > 0 ? d : 0) }')"
gcall UpdateAlarm "'$late'" "{'label': <'After'>}" >/dev/null
wait_signal "Ringing with the label edited within the last 2 s" "Ringing \"$late\" \"After\" 0" 0 10
assert_eq "$(signal_count "Ringing \"$late\" \"Before\"")" 0 "Ringing signals with the label before the edit"
assert_eq "$(submit "$late" "$(answer_of "$(challenge_field "$late" prompt)")")" dismissed "solving the edited alarm's challenge"
wait_signal "Dismissed" "Dismissed \"$late\"" 0
note "a label edited after the ring was prepared: Ringing \"After\", none with \"Before\""

# An empty label rings as "Alarm"; a snooze until the time Snooze returns.
due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "" --max-snoozes 1 --snooze-minutes 1 --challenge math:easy)
note "alarm $id due at $due"
wait_signal "Ringing with the default label" "Ringing \"$id\" \"Alarm\" 0" 0 15
wait_signal "RingingAlarms changed to [id]" "{\"RingingAlarms\":[\"$id\"]}" 0
emptied=$(signal_count '{"RingingAlarms":[]}')
until=$(call Snooze s "$id" | awk '{ print $2 }')
wait_signal "Snoozed with Snooze's until" "Snoozed \"$id\" 1 $until" 0
wait_signal "RingingAlarms emptied by the snooze" '{"RingingAlarms":[]}' "$emptied"
note "Ringing \"Alarm\" 0, Snoozed \"…\" 1 $until, RingingAlarms [id] then []"

# While snoozed: NotRinging for the ringing-only calls, AlarmActive for edits.
expect_error $E.NotRinging gcall Snooze "'$id'"
expect_error $E.NotRinging gcall GetChallenge "'$id'"
expect_error $E.NotRinging gcall SubmitAnswer "'$id'" "'1'"
expect_error $E.AlarmActive gcall RemoveAlarm "'$id'"
expect_error $E.AlarmActive gcall SetEnabled "'$id'" false
expect_error $E.AlarmActive gcall UpdateAlarm "'$id'" "{'label': <'renamed'>}"
note "snoozed: NotRinging from Snooze/GetChallenge/SubmitAnswer, AlarmActive from RemoveAlarm/SetEnabled/UpdateAlarm"

# Trigger rings it within the same run; at the limit Snooze is refused.
gcall Trigger "'$id'" >/dev/null
wait_signal "Ringing after the snooze, count kept" "Ringing \"$id\" \"Alarm\" 1" 0
expect_error $E.SnoozeLimitReached gcall Snooze "'$id'"

# ChallengeChanged: a new problem after a wrong answer.
changes() { settled && signal_count "ChallengeChanged \"$id\""; }
prompt=$(challenge_field "$id" prompt)
before=$(changes)
assert_eq "$(submit "$id" "$(($(answer_of "$prompt") + 1))")" wrong "a wrong answer"
wait_signal "ChallengeChanged after a wrong answer" "ChallengeChanged \"$id\"" "$before"
assert_eq "$(challenge_field "$id" attempts)" 1 "attempts after a wrong answer"

# A timeout: ChallengeChanged comes by itself at the deadline, with a new problem. An unanswered
# timeout is not a wrong answer: attempts stay, and it does not count towards the lockout.
deadline=$(challenge_field "$id" deadline)
prompt=$(challenge_field "$id" prompt)
before=$(changes)
wait_seconds=$((deadline - $(date +%s) + 3))
wait_signal "ChallengeChanged at the deadline (nobody calling)" "ChallengeChanged \"$id\"" "$before" "$wait_seconds"
assert_eq "$(challenge_field "$id" attempts)" 1 "attempts after an unanswered timeout"
new_deadline=$(challenge_field "$id" deadline)
[ "$new_deadline" -gt "$deadline" ] || fail "the deadline did not move after the timeout ($deadline → $new_deadline)"
note "ChallengeChanged on a wrong answer and on a timeout (deadline $deadline → $new_deadline)"

# The second wrong answer starts the lockout (ChallengeChanged); answers are refused; its end
# comes with ChallengeChanged by itself.
before=$(changes)
assert_eq "$(submit "$id" "-1")" locked "the failure that starts the lockout"
wait_signal "ChallengeChanged at the lockout's start" "ChallengeChanged \"$id\"" "$before"
locked_until=$(challenge_field "$id" locked_until)
[ "$locked_until" -gt "$(date +%s)" ] || fail "locked_until $locked_until is not in the future"
expect_error $E.LockedOut gcall SubmitAnswer "'$id'" "'$(answer_of "$(challenge_field "$id" prompt)")'"
deadline=$(challenge_field "$id" deadline)
before=$(changes)
wait_seconds=$((locked_until - $(date +%s) + 3))
wait_signal "ChallengeChanged at the lockout's end (nobody calling)" "ChallengeChanged \"$id\"" "$before" "$wait_seconds"
assert_eq "$(challenge_field "$id" locked_until)" 0 "locked_until after the cooldown"
# The cooldown is shorter than the problem's time: this ChallengeChanged was the lockout's end.
[ "$(date +%s)" -le "$deadline" ] || fail "no ChallengeChanged between the lockout's end ($locked_until) and the deadline ($deadline)"
note "LockedOut during the cooldown; ChallengeChanged at the lockout's start and end"
assert_eq "$(signal_count "Dismissed \"$id\"")" 0 "Dismissed signals before the stack is solved"

# Solving: Dismissed and RingingAlarms emptied. (Answer a problem with time left.)
fresh() { [ $(($(challenge_field "$id" deadline) - $(date +%s))) -ge 2 ]; }
wait_until "a problem with time left" 8 fresh
emptied=$(signal_count '{"RingingAlarms":[]}')
assert_eq "$(submit "$id" "$(answer_of "$(challenge_field "$id" prompt)")")" dismissed "solving the challenge"
wait_signal "Dismissed" "Dismissed \"$id\"" 0
wait_signal "RingingAlarms emptied by the dismissal" '{"RingingAlarms":[]}' "$emptied"
expect_error $E.NotRinging gcall GetChallenge "'$id'"
kill "$MONITOR"
echo "the ringing signals and errors keep the contract"
