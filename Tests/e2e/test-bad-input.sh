#!/bin/bash
# Bad input changes nothing: wrong signatures, wrong types inside a{sv}, unknown and read-only
# keys, empty and 1 MB strings, invalid times/dates/days/challenges/numbers, digits that are not ASCII
# (other scripts, combining marks, keycaps), noncharacters and unknown ids each
# get a D-Bus error with a short message (bad_input.py), ListAlarms stays byte for byte the
# same and no AlarmsChanged is sent. The CLI: bad usage exits 2 with one line on stderr, an
# unknown id 1, and no agent (none running, none activatable) 3.
source "$(dirname "$0")/lib.sh"
start_session
start_agent
gdbus monitor --session --dest "$SERVICE" >"$SESSION/signals.log" 2>&1 &
MONITOR=$!
trap 'kill $MONITOR 2>/dev/null || true; stop_session' EXIT
wait_until "gdbus monitor watches the agent" 5 grep -q "is owned by" "$SESSION/signals.log"

id_of() { sed -E 's/^s "(.*)"$/\1/'; }
repeating=$(call AddAlarm 'a{sv}' 4 time s 06:30 repeat as 1 weekdays label s Work challenges as 2 qr:KEEP-ME math:easy | id_of)
one_time=$(call AddAlarm 'a{sv}' 3 time s 07:00 date s 2030-01-02 volume d 0.5 | id_of)
"$REVEILLE" add 08:00 --disabled --label Spare >/dev/null
ringing=$(call AddAlarm 'a{sv}' 2 time s 09:00 label s Ringing | id_of)
call Trigger s "$ringing" >/dev/null
wait_until "it rings" 5 is_ringing "$ringing"
before=$(call ListAlarms)
changes=$(grep -c AlarmsChanged "$SESSION/signals.log" || true)

note "malformed D-Bus calls"
refused_cleanly=yes # checked at the end, so that the CLI's checks run anyway
/usr/bin/python3 "$E2E_DIR/bad_input.py" "$repeating" "$one_time" "$ringing" || refused_cleanly=no
assert_eq "$(call ListAlarms)" "$before" "ListAlarms after the bad calls"
sleep 0.3 # let any late signal arrive
assert_eq "$(grep -c AlarmsChanged "$SESSION/signals.log" || true)" "$changes" "AlarmsChanged signals sent for refused calls"
kill -0 "$(agent_pid)" || fail "the agent died"

note "the CLI: bad usage exits 2 with one line on stderr"
# expect_exit STATUS COMMAND...: exits with STATUS, prints nothing on stdout and one line on stderr.
expect_exit() {
    local status=$1 got=0
    shift
    "$@" >"$SESSION/out" 2>"$SESSION/err" || got=$?
    [ "$got" = "$status" ] || fail "exit $got, not $status, from: $* ($(cat "$SESSION/err"))"
    [ ! -s "$SESSION/out" ] || fail "stdout from: $*: $(cat "$SESSION/out")"
    [ "$(wc -l <"$SESSION/err")" = 1 ] || fail "not one line on stderr from: $*: $(cat "$SESSION/err")"
    assert_contains "$(cat "$SESSION/err")" "reveille: " "error line of: $*"
}
expect_exit 2 "$REVEILLE" add 25:61
expect_exit 2 "$REVEILLE" add
expect_exit 2 "$REVEILLE" add 07:00 --bogus
expect_exit 2 "$REVEILLE" add 07:00 --volume loud
expect_exit 2 "$REVEILLE" add 07:00 --volume 1.5
expect_exit 2 "$REVEILLE" add 07:00 --repeat funday
expect_exit 2 "$REVEILLE" add 07:00 --date 2027-02-30
expect_exit 2 "$REVEILLE" add 07:00 --date 2030-01-01 --repeat mon
expect_exit 2 "$REVEILLE" add 07:00 --challenge math:extreme
expect_exit 2 "$REVEILLE" add 07:00 --challenge typing:21
expect_exit 2 "$REVEILLE" add 07:00 --snooze-minutes 61
expect_exit 2 "$REVEILLE" add 07:00 --max-snoozes -2
expect_exit 2 "$REVEILLE" add 07:00 --label "$(printf 'y%.0s' {1..257})"
expect_exit 2 "$REVEILLE" edit "$one_time" --time 13pm
expect_exit 2 "$REVEILLE" edit "$one_time"
expect_exit 2 "$REVEILLE" show ""
expect_exit 2 "$REVEILLE" list --bogus
expect_exit 2 "$REVEILLE" frobnicate
expect_exit 2 "$REVEILLE" preview 25:00
expect_exit 2 "$REVEILLE" preview 07:00 --count 0
expect_exit 2 "$REVEILLE" preview 07:00 --from yesterday
# Digits that are not ASCII: a combining acute after a digit, Arabic-Indic, fullwidth, a keycap.
expect_exit 2 "$REVEILLE" add 07:00 --date $'1\u0301111-01-01'
expect_exit 2 "$REVEILLE" add $'07:0\u0301'
expect_exit 2 "$REVEILLE" add $'\u0660\u0667:\u0660\u0660'
expect_exit 2 "$REVEILLE" add 07:00 --challenge $'typing:6\u0301'
expect_exit 2 "$REVEILLE" edit "$one_time" --time $'\uff10\uff17:00'
expect_exit 2 "$REVEILLE" preview $'1\ufe0f\u20e3:00'
expect_exit 2 "$REVEILLE" preview 07:00 --date $'2031-0\u0301-01'

note "the CLI: an unknown id exits 1"
for command in show remove enable disable trigger snooze dismiss; do
    expect_exit 1 "$REVEILLE" "$command" 0badc0de-0000-4000-8000-000000000000
done
expect_exit 1 "$REVEILLE" edit 0badc0de --label x
expect_exit 1 "$REVEILLE" snooze "$one_time" # not ringing
assert_eq "$(call ListAlarms)" "$before" "ListAlarms after the bad CLI calls"

note "the CLI: no agent exits 3"
stop_agent
for dir in /usr/share/dbus-1/services /usr/local/share/dbus-1/services "$HOME/.local/share/dbus-1/services" "$XDG_DATA_HOME/dbus-1/services"; do
    [ ! -e "$dir/$SERVICE.service" ] || fail "$dir/$SERVICE.service would activate an agent"
done
expect_error org.freedesktop.DBus.Error.ServiceUnknown gcall ListAlarms
expect_exit 3 "$REVEILLE" list
expect_exit 3 "$REVEILLE" add 07:00
expect_exit 3 "$REVEILLE" show "$one_time"
expect_exit 3 "$REVEILLE" doctor
[ $refused_cleanly = yes ] || fail "bad D-Bus input was not refused cleanly (bad_input.py's FAIL lines above)"
echo "bad input is refused and changes nothing"
