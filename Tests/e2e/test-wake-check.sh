#!/bin/bash
# The wake-up check (issue 11 §6) in the real agent: a dismissal of an alarm with --wake-check
# keeps its run open with the check stored a minute later; "Still up?" is posted with an
# "I'm up" action when the check is due; alarm A, solved in the captcha and not answered,
# rings again in the same run with its whole stack; alarm B, solved over D-Bus and answered
# with `reveille awake`, is closed and stays silent.
#
# The minutes themselves are the core's, proven on a manual clock (ReveilleCoreTests'
# WakeCheckTests: the question at the given minutes, the ring again 60 s after it, a pending
# check that survives a restart). Rather than wait them out, this script checks the stored
# minute against the wall clock, stops the agent and moves the stored checks so that A's is
# asked at once and unanswered 8 s later, and B's is asked 6 s after the restart: the question
# and the second ring come from the live wake timer, as after a night.
source "$(dirname "$0")/lib.sh"
start_session
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!
DB=$XDG_DATA_HOME/reveille/alarms.db

# How many Notify calls asked "Still up?" about LABEL (any alarm without one).
still_up_count() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
print(sum(1 for call in json.load(sys.stdin) if call[3] == "Still up?" and sys.argv[1] in call[4]))' "${1:-}"
}
# The actions of the newest "Still up?", as key=label pairs.
still_up_actions() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
call = [c for c in json.load(sys.stdin) if c[3] == "Still up?"][-1]
print(" ".join(k + "=" + v for k, v in zip(call[5][0::2], call[5][1::2])))'
}
wake_check_of() { "$REVEILLE" show "$1" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["wake_check"])'; }
# sql QUERY [ARGS...]: runs QUERY on the agent's database (writes only while the agent is stopped).
sql() {
    /usr/bin/python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for row in db.execute(sys.argv[2], sys.argv[3:]):
    print(*row)
db.commit()' "$DB" "$@"
}
# The stored wake-up check of ID's open run, in Unix seconds.
stored_check() { sql "SELECT wake_check_due FROM run WHERE alarm_id = ? AND outcome = 'inProgress'" "$1"; }

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
a_from=$(date +%s)
captcha_type "$(answer_of "$(captcha_screen | grep '= ?' | head -1)")"
wait_until "A stops" 5 not is_ringing "$a"
a_until=$(date +%s)
# B over the bus.
b_from=$(date +%s)
gcall BeginChallenge "'$b'" >/dev/null
gcall SubmitAnswer "'$b'" "'$(answer_of "$(challenge_field "$b" prompt)")'" >/dev/null
wait_until "B stops" 5 not is_ringing "$b"
b_until=$(date +%s)
wait_until "Dismissed signals" 5 sh -c "grep -q 'Dismissed \"$a\"' '$SESSION/monitor.log' && grep -q 'Dismissed \"$b\"' '$SESSION/monitor.log'"
rings_before=$(grep -c "Ringing \"$a\"" "$SESSION/monitor.log")
assert_eq "$(still_up_count)" "0" "no question right after the dismissals"

# Stopped (SIGTERM: every write done), the agent has stored each check one minute after its
# dismissal by its own clock (a second either way for the rounding of the stored seconds).
stop_agent
for run in "A $a $a_from $a_until" "B $b $b_from $b_until"; do
    read -r name id from until <<<"$run"
    check=$(stored_check "$id")
    [ -n "$check" ] || fail "no wake-up check stored for $name's open run"
    [ "$check" -ge $((from + 59)) ] && [ "$check" -le $((until + 61)) ] ||
        fail "$name's check is stored for $check, not a minute after its dismissal ($from-$until)"
done

# As after a night: A's minute and 52 s of its question have passed, B's minute is 6 s away.
restart=$(date +%s)
sql "UPDATE run SET wake_check_due = ? WHERE alarm_id = ? AND outcome = 'inProgress'" $((restart - 52)) "$a"
sql "UPDATE run SET wake_check_due = ? WHERE alarm_id = ? AND outcome = 'inProgress'" $((restart + 6)) "$b"
start_agent
wait_until "A is asked \"Still up?\" at the start" 5 output_is = 1 still_up_count "Check A"
assert_eq "$(still_up_actions)" "dismiss=I'm up default=I'm up" "the question's action"
assert_eq "$(still_up_count "Check B")" "0" "B is not asked before its check is due"
not is_ringing "$a" || fail "A rang while being asked"

wait_until "B is asked \"Still up?\" when its check comes due" 10 output_is = 1 still_up_count "Check B"
"$REVEILLE" awake "$b" || fail "reveille awake failed"
if "$REVEILLE" awake "$b" 2>"$SESSION/err"; then fail "a second 'awake' was accepted"; fi
assert_contains "$(cat "$SESSION/err")" "is not ringing" "awake without a pending check"
wait_until "B's run is closed once answered: nothing is left to ring it" 5 output_is = "" stored_check "$b"

# Nobody clicked for A: it rings again, within the same run (a ring, not a new occurrence).
wait_until "A rings again" 10 is_ringing "$a"
wait_until "a second Ringing signal for A" 5 output_is -gt "$rings_before" grep -c "Ringing \"$a\"" "$SESSION/monitor.log"
assert_eq "$(challenge_field "$a" index)" "0" "the whole stack again"
assert_eq "$(sql "SELECT count(*) FROM run WHERE alarm_id = ?" "$a")" "1" "A's runs: the second ring is the same run"
not is_ringing "$b" || fail "B rang again although its check was answered"
assert_eq "$(grep -c "Ringing \"$b\"" "$SESSION/monitor.log")" "1" "B rang once"
kill $MONITOR
echo "wake-up check works"
