#!/bin/bash
# kill -9 of the agent loses nothing of a ring in progress. Killed while snoozed, the alarm
# stays snoozed and rings at its snooze end. Killed while ringing, halfway through its
# challenge stack (first challenge solved, one wrong answer on the second), it rings again at
# once after the restart — RingingAlarms, sound on the sink, the notification posted again,
# the Ringing signal — and the challenge resumes where it was: same index, prompt and attempts.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s" "math_time_limit = 10min"
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!

# Contract checks whose failure should not hide the rest: reported together at the end.
problems=()
check() {
    local what=$1
    shift
    "$@" || problems+=("$what")
}
# signal_count PATTERN: how many lines of the monitor's log match PATTERN.
signal_count() { grep -c -- "$1" "$SESSION/monitor.log" || true; }
field() { "$REVEILLE" show "$1" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$2"; }

# --- Killed while snoozed.
due=$(date -u -d '+3 seconds' +%H:%M:%S)
snoozed=$(add_alarm "$due" --label "Snoozed one" --max-snoozes 3 --snooze-minutes 1 --challenge math:easy)
note "alarm $snoozed due at $due"
wait_until "it rings" 15 is_ringing "$snoozed"
until=$(call Snooze s "$snoozed" | awk '{ print $2 }')
note "snoozed until $(date -u -d "@$until" +%T)"
wait_until "it is snoozed" 5 not is_ringing "$snoozed"
stop_agent -9
start_agent
note "agent killed with -9 while snoozed, and restarted"
assert_eq "$(next_fire)" "(sx) \"$snoozed\" $until" "NextFire after the restart"
assert_eq "$(ringing_alarms)" "as 0" "RingingAlarms after the restart"
assert_eq "$(field "$snoozed" snooze_count)" 1 "snooze count after the restart"
expect_error io.github.Reveille1.Error.AlarmActive gcall RemoveAlarm "'$snoozed'"
expect_error io.github.Reveille1.Error.NotRinging gcall GetChallenge "'$snoozed'"

# --- Killed while ringing, mid-challenge.
due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Get up" --max-snoozes 0 --challenge math:easy --challenge typing:3)
note "alarm $id due at $due"
wait_until "it rings" 15 is_ringing "$id"
wait_until "its notification is posted" 5 output_is -ge 2 notify_count Notify
posted=$(notify_count Notify)
closes=$(notify_count CloseNotification)
outcome=$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')
assert_eq "$outcome" '"correct"' "answer to the first challenge"
outcome=$(call SubmitAnswer ss "$id" "not the words" | awk '{ print $2 }')
assert_eq "$outcome" '"wrong"' "wrong answer to the second challenge"
index=$(challenge_field "$id" index)
prompt=$(challenge_field "$id" prompt)
attempts=$(challenge_field "$id" attempts)
assert_eq "$index" 1 "index before the kill"
assert_eq "$attempts" 1 "attempts before the kill"
note "challenge $index: '$prompt', $attempts wrong"
rang=$(signal_count "Ringing \"$id\"")
ringing_changes=$(signal_count "{\"RingingAlarms\":\[\"$id\"\]}")

stop_agent -9
record_start "$SESSION/killed.wav"
start_agent
note "agent killed with -9 while ringing, and restarted"
wait_until "it rings right after the restart" 3 sh -c "busctl --user get-property $SERVICE $OBJECT $IFACE RingingAlarms | grep -q '\"$id\"'"
wait_until "the notification is posted again" 5 output_is -gt "$posted" notify_count Notify
assert_eq "$(last_notify summary)" "Get up" "the re-posted notification"
assert_eq "$(last_notify actions)" "dismiss default" "actions of the re-posted notification (no snoozes left)"
sleep 2
record_stop
level=$(rms "$SESSION/killed.wav" 1 1.5)
note "RMS after the restart: $level"
louder_than "$level" 0.01 || fail "no sound on the sink after the restart (RMS $level)"
assert_eq "$(challenge_field "$id" index)" "$index" "challenge index after the restart"
assert_eq "$(challenge_field "$id" prompt)" "$prompt" "challenge prompt after the restart"
assert_eq "$(challenge_field "$id" attempts)" "$attempts" "attempts after the restart"
assert_eq "$(challenge_field "$id" total)" 2 "stack size after the restart"
check "the Ringing signal after the restart (Ringing \"$id\" \"Get up\" 0 seen $(signal_count "Ringing \"$id\"") times, want $((rang + 1)))" \
    test "$(signal_count "Ringing \"$id\" \"Get up\" 0")" -eq $((rang + 1))
check "PropertiesChanged of RingingAlarms after the restart" \
    test "$(signal_count "{\"RingingAlarms\":\[\"$id\"\]}")" -gt "$ringing_changes"
check "the snoozed alarm is still snoozed after the second restart (NextFire: $(next_fire))" \
    test "$(next_fire)" = "(sx) \"$snoozed\" $until"

# Solving the resumed challenge stops everything.
record_start "$SESSION/solved.wav"
sleep 1.7
outcome=$(call SubmitAnswer ss "$id" "$(answer_of "$prompt")" | awk '{ print $2 }')
assert_eq "$outcome" '"dismissed"' "answer to the resumed challenge"
sleep 1.5
record_stop
assert_stopped "$SESSION/solved.wav" 1.9 "solving the challenge"
assert_eq "$(ringing_alarms)" "as 0" "RingingAlarms after solving"
wait_until "the notification is closed" 5 output_is -gt "$closes" notify_count CloseNotification
wait_until "Dismissed signal" 5 grep -q "Dismissed \"$id\"" "$SESSION/monitor.log"

# The alarm snoozed before the first kill rings at its snooze end, its snooze count kept.
assert_eq "$(next_fire)" "(sx) \"$snoozed\" $until" "NextFire after solving the other alarm"
# Rather than wait out the rest of its minute (the snooze's length is the core's, proven on a
# manual clock), one more kill -9, and the snooze end stored in its run moved to 4 s from now:
# the restarted agent plans it from what it reads back and rings it then.
stop_agent -9
until=$(($(date +%s) + 4))
/usr/bin/python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
moved = db.execute("UPDATE run SET snoozed_until = ? WHERE alarm_id = ? AND outcome = ?", (int(sys.argv[2]), sys.argv[3], "inProgress")).rowcount
db.commit()
sys.exit(0 if moved == 1 else 1)' "$XDG_DATA_HOME/reveille/alarms.db" "$until" "$snoozed" || fail "no open run of the snoozed alarm in the database"
start_agent
assert_eq "$(next_fire)" "(sx) \"$snoozed\" $until" "NextFire after the third restart"
assert_eq "$(ringing_alarms)" "as 0" "RingingAlarms before the snooze end"
wait_until "the snoozed alarm rings at its snooze end" 9 is_ringing "$snoozed"
wait_until "Ringing signal after the snooze" 5 grep -q "Ringing \"$snoozed\" \"Snoozed one\" 1" "$SESSION/monitor.log"
rang_at=$(grep "Ringing \"$snoozed\" \"Snoozed one\" 1" "$SESSION/monitor.log" | head -1 | cut -d' ' -f1)
rang_at=$(date -u -d "$rang_at" +%s)
[ "$rang_at" -ge "$until" ] && [ "$rang_at" -le $((until + 2)) ] || fail "rang at $rang_at, snoozed until $until"
kill "$MONITOR"

if [ ${#problems[@]} -gt 0 ]; then
    printf 'FAIL: %s\n' "${problems[@]}" >&2
    exit 1
fi
echo "a kill -9 while ringing or snoozed loses nothing"
