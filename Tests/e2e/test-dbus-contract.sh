#!/bin/bash
# The D-Bus contract (issue 3), driven as a script author would with busctl --user and gdbus:
# the live interface is exactly data/io.github.Reveille1.xml; every method, property and
# signal; every error name; qr codes never read back; Preflight's reasons agree with ok.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s" "lockout_cooldown = 2s"
start_agent
gdbus monitor --session --dest "$SERVICE" >"$SESSION/signals.log" 2>&1 &
MONITOR=$!
trap 'kill $MONITOR 2>/dev/null || true; stop_session' EXIT
wait_until "gdbus monitor watches the agent" 5 grep -q "is owned by" "$SESSION/signals.log"

py() { /usr/bin/python3 "$E2E_DIR/$1" "${@:2}"; }
json() { busctl --user --json=short call "$SERVICE" "$OBJECT" "$IFACE" "$@"; }
field() { json GetAlarm s "$1" | py busjson.py "$2"; }
prop() { busctl --user get-property "$SERVICE" "$OBJECT" "$IFACE" "$1"; }
# Preflight as "ok=B consistent=B reasons=…", without the notes that depend on the machine.
preflight() { json Preflight | py busjson.py preflight | sed -E 's/(low-power-mode|wake-from-suspend-unavailable),?//g; s/,$//'; }
count() { grep -cF -- "$1" "$SESSION/signals.log" || true; }
seen() { grep -qF -- "$1" "$SESSION/signals.log"; }
more_than() { [ "$(count "$2")" -gt "$1" ]; } # more_than N SIGNAL-TEXT, for wait_until
unlocked() { [ "$(challenge_field "$1" locked_until)" = 0 ]; }
id_of() { sed -E 's/^s "(.*)"$/\1/; s/^\(.(.*).,\)$/\1/'; } # from busctl 's "ID"' or gdbus "('ID',)"
at() { date -u -d "$1" +%H:%M:%S; }
is_uuid() { [[ $1 =~ ^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$ ]]; }
MANAGER="/io/github/Reveille1: io.github.Reveille1.Manager"
CHANGED="/io/github/Reveille1: org.freedesktop.DBus.Properties.PropertiesChanged ('$IFACE'"

note "introspection is the contract"
busctl --user introspect --xml-interface "$SERVICE" "$OBJECT" | py introspect_compare.py "$REPO/data/io.github.Reveille1.xml" xml ||
    fail "busctl's introspection XML differs from data/io.github.Reveille1.xml"
busctl --user introspect "$SERVICE" "$OBJECT" | py introspect_compare.py "$REPO/data/io.github.Reveille1.xml" table ||
    fail "busctl introspect's member table differs from data/io.github.Reveille1.xml"
gdbus introspect --session --dest "$SERVICE" --object-path "$OBJECT" --xml |
    py introspect_compare.py "$REPO/data/io.github.Reveille1.xml" xml || fail "gdbus introspection differs from the contract"

note "properties of an empty agent"
assert_eq "$(prop Version)" "s \"$("$REVEILLE" --version)\"" "Version"
assert_eq "$(prop RingingAlarms)" "as 0" "RingingAlarms"
assert_eq "$(prop NextFire)" '(sx) "" 0' "NextFire with no alarm"
assert_eq "$(prop WakeState)" '(sx) "none" 0' "WakeState with no alarm (the agent, as root, wakes the machine itself)"
all=$(busctl --user --json=short call "$SERVICE" "$OBJECT" org.freedesktop.DBus.Properties GetAll s "$IFACE")
assert_eq "$(py busjson.py keys <<<"$all")" "NextFire RingingAlarms Version WakeState" "GetAll's keys"
assert_eq "$(py busjson.py NextFire <<<"$all")" '(sx) ["", 0]' "GetAll's NextFire"
assert_eq "$(py busjson.py RingingAlarms <<<"$all")" 'as []' "GetAll's RingingAlarms"

note "AddAlarm with every key (busctl)"
changes=$(count "$MANAGER.AlarmsChanged ()")
work_time=$(at '-30 min')
work=$(call AddAlarm 'a{sv}' 10 label s Work time s "$work_time" repeat as 2 mon fri enabled b true \
    sound s /usr/share/sounds/freedesktop/stereo/bell.oga volume d 0.25 snooze_minutes u 9 max_snoozes i 2 \
    challenges as 3 math:hard qr:Secret-Code_42 typing:5 wake_check u 15 | id_of)
is_uuid "$work" || fail "AddAlarm returned '$work', not a lowercase UUID"
wait_until "AlarmsChanged after AddAlarm" 5 more_than "$changes" "$MANAGER.AlarmsChanged ()"
assert_eq "$(json GetAlarm s "$work" | py busjson.py keys)" \
    "challenges enabled id label max_snoozes next_fire paused_until repeat ringing skipped_occurrence snooze_count snooze_minutes snoozed sound time volume wake_check" "a repeating alarm's keys"
assert_eq "$(field "$work" id)" "s \"$work\"" "id"
assert_eq "$(field "$work" label)" 's "Work"' "label"
assert_eq "$(field "$work" time)" "s \"$work_time\"" "time"
assert_eq "$(field "$work" repeat)" 'as ["mon", "fri"]' "repeat"
assert_eq "$(field "$work" enabled)" 'b true' "enabled"
assert_eq "$(field "$work" sound)" 's "/usr/share/sounds/freedesktop/stereo/bell.oga"' "sound"
assert_eq "$(field "$work" volume)" 'd 0.25' "volume"
assert_eq "$(field "$work" snooze_minutes)" 'u 9' "snooze_minutes"
assert_eq "$(field "$work" max_snoozes)" 'i 2' "max_snoozes"
assert_eq "$(field "$work" wake_check)" 'u 15' "wake_check"
assert_eq "$(field "$work" challenges)" 'as ["math:hard", "qr:*", "typing:5"]' "challenges hide the qr code"
assert_eq "$(field "$work" snooze_count)" 'u 0' "snooze_count"
assert_eq "$(field "$work" ringing)" 'b false' "ringing"
fire=$(field "$work" next_fire | sed 's/^x //')
[ "$fire" -gt "$(date +%s)" ] && [ "$fire" -le $(($(date +%s) + 8 * 86400)) ] || fail "next_fire $fire is not within a week"
case $(date -u -d "@$fire" +%a) in Mon | Fri) ;; *) fail "next_fire $fire is not a Monday or Friday" ;; esac
assert_eq "$(date -u -d "@$fire" +%H:%M:%S)" "$work_time" "next_fire's time of day"
assert_eq "$(field "$work" skipped_occurrence)" 'x 0' "no skip"
assert_eq "$(field "$work" paused_until)" 's ""' "no pause"

note "SkipNext, UnskipNext, PauseUntil"
changes=$(count "$MANAGER.AlarmsChanged ()")
call SkipNext s "$work" >/dev/null
wait_until "AlarmsChanged after SkipNext" 5 more_than "$changes" "$MANAGER.AlarmsChanged ()"
assert_eq "$(field "$work" skipped_occurrence)" "x $fire" "the skipped occurrence is the next one"
skipped_next=$(field "$work" next_fire | sed 's/^x //')
[ "$skipped_next" -gt "$fire" ] || fail "next_fire $skipped_next after a skip is not after the skipped $fire"
call SkipNext s "$work" >/dev/null
assert_eq "$(field "$work" next_fire)" "x $skipped_next" "a second SkipNext skips nothing more"
call UnskipNext s "$work" >/dev/null
assert_eq "$(field "$work" skipped_occurrence) $(field "$work" next_fire)" "x 0 x $fire" "UnskipNext"
pause=$(date -u -d '+20 days' +%F)
call PauseUntil ss "$work" "$pause" >/dev/null
assert_eq "$(field "$work" paused_until)" "s \"$pause\"" "paused_until"
paused_next=$(field "$work" next_fire | sed 's/^x //')
[ "$(date -u -d "@$paused_next" +%F)" \> "$(date -u -d "$pause -1 day" +%F)" ] ||
    fail "next_fire $paused_next of an alarm paused until $pause is before that date"
expect_error "io.github.Reveille1.Error.InvalidArgument: date '2027-02-30' is not a valid YYYY-MM-DD date" \
    gcall PauseUntil "'$work'" "'2027-02-30'"
expect_error io.github.Reveille1.Error.InvalidArgument gcall PauseUntil "'$work'" "'$(date -u +%F)'"
expect_error "io.github.Reveille1.Error.InvalidArgument: key 'paused_until' is read-only" \
    gcall UpdateAlarm "'$work'" "{'paused_until': <''>}"
expect_error "io.github.Reveille1.Error.InvalidArgument: key 'skipped_occurrence' is read-only" \
    gcall UpdateAlarm "'$work'" "{'skipped_occurrence': <int64 0>}"
assert_eq "$(field "$work" paused_until)" "s \"$pause\"" "paused_until after refused calls"
call PauseUntil ss "$work" "" >/dev/null
assert_eq "$(field "$work" paused_until) $(field "$work" next_fire)" "s \"\" x $fire" "PauseUntil with an empty date resumes"

note "AddAlarm of a dated one-time alarm, and defaults"
trip=$(call AddAlarm 'a{sv}' 3 time s 05:00 date s 2030-06-15 label s Trip | id_of)
assert_eq "$(field "$trip" date)" 's "2030-06-15"' "date"
assert_eq "$(field "$trip" repeat)" 'as []' "one-time repeat"
assert_eq "$(field "$trip" next_fire)" "x $(date -u -d '2030-06-15 05:00' +%s)" "next_fire of a dated alarm"
later=$(date -u -d '+4 hours' +%H:%M)
plain=$(gcall AddAlarm "{'time': <'$later'>}" | id_of)
is_uuid "$plain" || fail "gdbus AddAlarm returned '$plain'"
assert_eq "$(field "$plain" date)" "s \"$(date -u -d '+4 hours' +%F)\"" "a one-time alarm without date gets its next occurrence's"
assert_eq "$(field "$plain" next_fire)" "x $(date -u -d "$(date -u -d '+4 hours' +%F) $later" +%s)" "its next_fire"
assert_eq "$(field "$plain" label)" 's ""' "default label"
assert_eq "$(field "$plain" sound)" 's "alarm-clock-elapsed"' "default sound"
assert_eq "$(field "$plain" volume)" 'd 1.0' "default volume"
assert_eq "$(field "$plain" snooze_minutes)" 'u 5' "default snooze_minutes"
assert_eq "$(field "$plain" max_snoozes)" 'i 3' "default max_snoozes"
assert_eq "$(field "$plain" wake_check)" 'u 0' "no wake-up check by default"
assert_eq "$(field "$plain" challenges)" 'as ["math:medium"]' "default challenges"
assert_eq "$(field "$plain" enabled)" 'b true' "enabled by default"

note "gdbus's int32 numbers are accepted"
weekend=$(gcall AddAlarm "{'time': <'$(at '-30 min')'>, 'snooze_minutes': <12>, 'max_snoozes': <-1>, 'volume': <0.5>, 'repeat': <['weekends']>}" | id_of)
is_uuid "$weekend" || fail "AddAlarm with int32 numbers: '$weekend'"
assert_eq "$(field "$weekend" snooze_minutes)" 'u 12' "int32 snooze_minutes"
assert_eq "$(field "$weekend" max_snoozes)" 'i -1' "int32 max_snoozes"
assert_eq "$(field "$weekend" repeat)" 'as ["sat", "sun"]' "weekends"

note "every D-Bus integer type is accepted in range"
for type in byte int16 uint16 int32 uint32 int64 uint64; do
    typed=$(gcall AddAlarm "{'time': <'07:00'>, 'enabled': <false>, 'snooze_minutes': <$type 4>, 'max_snoozes': <$type 4>}" | id_of)
    is_uuid "$typed" || fail "AddAlarm with $type numbers: '$typed'"
    assert_eq "$(field "$typed" snooze_minutes) $(field "$typed" max_snoozes)" "u 4 i 4" "$type numbers read back"
    call RemoveAlarm s "$typed" >/dev/null
done

note "ListAlarms: by next fire, disabled last"
soon=$(call AddAlarm 'a{sv}' 1 time s "$(at '+1 hour')" | id_of)
wait_until "NextFire follows the earliest alarm" 5 seen "$CHANGED, {'NextFire': <('$soon', int64 $(field "$soon" next_fire | sed 's/^x //'))>}"
off=$(call AddAlarm 'a{sv}' 2 time s "$(at '+30 min')" enabled b false | id_of)
late=$(call AddAlarm 'a{sv}' 1 time s "$(at '+3 hours')" | id_of)
mid=$(call AddAlarm 'a{sv}' 2 time s "$(at '+2 hours')" repeat as 1 daily | id_of)
assert_eq "$(field "$off" next_fire)" 'x 0' "a disabled alarm's next_fire"
assert_eq "$(json ListAlarms | py busjson.py ids | grep -E "^($soon|$off|$late|$mid)$" | tr '\n' ' ')" "$soon $mid $late $off " "ListAlarms order"
assert_eq "$(json ListAlarms | py busjson.py ordered)" "ordered" "ListAlarms order"
assert_eq "$(json ListAlarms | py busjson.py ids | wc -l)" 8 "ListAlarms count"
assert_eq "$(prop NextFire)" "(sx) \"$soon\" $(field "$soon" next_fire | sed 's/^x //')" "NextFire"

note "UpdateAlarm, SetEnabled, RemoveAlarm, GetAlarm"
changes=$(count "$MANAGER.AlarmsChanged ()")
late_time=$(at '+20 min')
# With its date: a one-time alarm keeps the date it got when added, and "+3 hours" may have
# been tomorrow's (after 21:00 UTC), while "+20 min" is still today's.
late_date=$(date -u -d '+20 min' +%F)
gcall UpdateAlarm "'$late'" "{'time': <'$late_time'>, 'date': <'$late_date'>, 'label': <'Later'>}" >/dev/null
assert_eq "$(field "$late" label)" 's "Later"' "updated label"
assert_eq "$(field "$late" time)" "s \"$late_time\"" "updated time"
assert_eq "$(prop NextFire)" "(sx) \"$late\" $(field "$late" next_fire | sed 's/^x //')" "NextFire after an update"
wait_until "NextFire PropertiesChanged after an update" 5 seen "$CHANGED, {'NextFire': <('$late',"
call SetEnabled sb "$late" false >/dev/null
assert_eq "$(field "$late" enabled)" 'b false' "disabled"
assert_eq "$(field "$late" next_fire)" 'x 0' "disabled: no next_fire"
assert_eq "$(prop NextFire)" "(sx) \"$soon\" $(field "$soon" next_fire | sed 's/^x //')" "NextFire after disabling the earliest"
call SetEnabled sb "$late" true >/dev/null
assert_eq "$(field "$late" enabled)" 'b true' "enabled again"
call RemoveAlarm s "$late" >/dev/null
expect_error io.github.Reveille1.Error.NotFound gcall GetAlarm "'$late'"
assert_eq "$(prop NextFire)" "(sx) \"$soon\" $(field "$soon" next_fire | sed 's/^x //')" "NextFire after removing the earliest"
wait_until "AlarmsChanged for update, disable, enable, remove" 5 more_than $((changes + 3)) "$MANAGER.AlarmsChanged ()"

note "code cards: AddCard returns the code once, ListCards the labels, RemoveCard frees an unused card"
card_code=$(call AddCard s Kitchen | sed -n 's/^s "\(.*\)"$/\1/p')
[[ $card_code =~ ^[ACEFGHKMNPRTWXY34679]{10}$ ]] || fail "AddCard returned '$card_code'"
assert_eq "$(call ListCards)" 'as 1 "Kitchen"' "ListCards"
user=$(call AddAlarm 'a{sv}' 2 time s 07:00 challenges as 1 card:Kitchen | id_of)
assert_eq "$(field "$user" challenges)" 'as ["card:Kitchen"]' "a card challenge reads back as card:LABEL"
expect_error io.github.Reveille1.Error.InvalidArgument gcall RemoveCard "'Kitchen'"
call RemoveAlarm s "$user" >/dev/null
call RemoveCard s Kitchen >/dev/null
assert_eq "$(call ListCards)" 'as 0' "ListCards after RemoveCard"

note "errors that need no ringing alarm"
nobody=00000000-0000-4000-8000-000000000000
for method in GetAlarm RemoveAlarm Trigger Snooze Dismiss GetChallenge ConfirmAwake SkipNext UnskipNext; do
    expect_error io.github.Reveille1.Error.NotFound gcall "$method" "'$nobody'"
done
expect_error io.github.Reveille1.Error.NotFound gcall UpdateAlarm "'$nobody'" "{'label': <'x'>}"
expect_error io.github.Reveille1.Error.NotFound gcall SetEnabled "'$nobody'" true
expect_error io.github.Reveille1.Error.NotFound gcall SubmitAnswer "'$nobody'" "'1'"
expect_error "io.github.Reveille1.Error.InvalidArgument: time '25:61' is not a valid HH:MM time" gcall AddAlarm "{'time': <'25:61'>}"
for method in Snooze Dismiss GetChallenge ConfirmAwake; do
    expect_error io.github.Reveille1.Error.NotRinging gcall "$method" "'$soon'"
done
expect_error io.github.Reveille1.Error.NotRinging gcall SubmitAnswer "'$soon'" "'1'"

note "a ringing run: Trigger, Snooze, the limit, AlarmActive, a wrong answer, lockout, solving"
run=$(call AddAlarm 'a{sv}' 5 time s "$(at '+5 hours')" label s Run snooze_minutes u 1 max_snoozes i 1 challenges as 1 math:easy | id_of)
call Trigger s "$run" >/dev/null
wait_until "Ringing signal" 5 seen "$MANAGER.Ringing ('$run', 'Run', uint32 0)"
wait_until "RingingAlarms changed" 5 seen "$CHANGED, {'RingingAlarms': <['$run']>}"
assert_eq "$(prop RingingAlarms)" "as 1 \"$run\"" "RingingAlarms while ringing"
assert_eq "$(field "$run" ringing)" 'b true' "ringing key"
call Trigger s "$run" >/dev/null # a ringing alarm is left alone
sleep 0.5
assert_eq "$(count "$MANAGER.Ringing ('$run'")" 1 "Trigger on a ringing alarm rings it again"
expect_error io.github.Reveille1.Error.AlarmActive gcall RemoveAlarm "'$run'"
expect_error io.github.Reveille1.Error.AlarmActive gcall SetEnabled "'$run'" false
expect_error io.github.Reveille1.Error.AlarmActive gcall UpdateAlarm "'$run'" "{'label': <'Sneaky'>}"
expect_error io.github.Reveille1.Error.AlarmActive gcall SkipNext "'$run'"
expect_error io.github.Reveille1.Error.AlarmActive gcall PauseUntil "'$run'" "'$(date -u -d '+3 days' +%F)'"
until=$(call Snooze s "$run" | sed 's/^x //')
[ $((until - $(date +%s))) -ge 55 ] && [ $((until - $(date +%s))) -le 61 ] || fail "Snooze of 1 min returned $until at $(date +%s)"
wait_until "Snoozed signal" 5 seen "$MANAGER.Snoozed ('$run', uint32 1, int64 $until)"
wait_until "RingingAlarms emptied" 5 seen "$CHANGED, {'RingingAlarms': <@as []>}"
wait_until "NextFire is the snooze's end" 5 seen "$CHANGED, {'NextFire': <('$run', int64 $until)>}"
assert_eq "$(prop NextFire)" "(sx) \"$run\" $until" "NextFire while snoozed"
assert_eq "$(prop RingingAlarms)" "as 0" "RingingAlarms while snoozed"
assert_eq "$(field "$run" snooze_count)" 'u 1' "snooze_count"
expect_error io.github.Reveille1.Error.AlarmActive gcall RemoveAlarm "'$run'"
expect_error io.github.Reveille1.Error.AlarmActive gcall SetEnabled "'$run'" false
expect_error io.github.Reveille1.Error.AlarmActive gcall UpdateAlarm "'$run'" "{'time': <'12:00'>}"
assert_eq "$(field "$run" label)" 's "Run"' "label after refused updates"
call Trigger s "$run" >/dev/null
wait_until "Ringing again in the same run" 5 seen "$MANAGER.Ringing ('$run', 'Run', uint32 1)"
expect_error io.github.Reveille1.Error.SnoozeLimitReached gcall Snooze "'$run'"
challenge=$(json GetChallenge s "$run")
assert_eq "$(py busjson.py keys <<<"$challenge")" "attempts deadline index kind locked_until prompt total" "GetChallenge keys"
assert_eq "$(py busjson.py index <<<"$challenge") $(py busjson.py total <<<"$challenge")" "u 0 u 1" "index and total"
assert_eq "$(py busjson.py kind <<<"$challenge")" 's "math"' "kind"
assert_eq "$(py busjson.py attempts <<<"$challenge") $(py busjson.py locked_until <<<"$challenge")" "u 0 x 0" "no attempts, not locked"
deadline=$(py busjson.py deadline <<<"$challenge" | sed 's/^x //')
[ "$deadline" -gt "$(date +%s)" ] || fail "math deadline $deadline is not in the future"
changed=$(count "$MANAGER.ChallengeChanged ('$run',)")
wrong=$(($(answer_of "$(challenge_field "$run" prompt)") + 1))
reply=$(gcall SubmitAnswer "'$run'" "'$wrong'")
assert_contains "$reply" "('wrong', {" "a wrong answer"
assert_contains "$reply" "'attempts': <uint32 1>" "one attempt counted"
wait_until "ChallengeChanged for the new problem" 5 more_than "$changed" "$MANAGER.ChallengeChanged ('$run',)"
gcall SubmitAnswer "'$run'" "'$(($(answer_of "$(challenge_field "$run" prompt)") + 1))'" >/dev/null
reply=$(gcall SubmitAnswer "'$run'" "'$(($(answer_of "$(challenge_field "$run" prompt)") + 1))'")
assert_contains "$reply" "('locked', {" "the third wrong answer locks"
assert_not_contains "$reply" "'locked_until': <int64 0>" "locked_until set"
expect_error io.github.Reveille1.Error.LockedOut gcall SubmitAnswer "'$run'" "'$(answer_of "$(challenge_field "$run" prompt)")'"
changed=$(count "$MANAGER.ChallengeChanged ('$run',)")
wait_until "the cooldown ends" 10 unlocked "$run"
wait_until "ChallengeChanged at the lockout's end" 5 more_than "$changed" "$MANAGER.ChallengeChanged ('$run',)"
assert_eq "$(gcall SubmitAnswer "'$run'" "'$(answer_of "$(challenge_field "$run" prompt)")'")" "('dismissed', @a{sv} {})" "solving"
wait_until "Dismissed signal" 5 seen "$MANAGER.Dismissed ('$run',)"
assert_eq "$(prop RingingAlarms)" "as 0" "RingingAlarms after dismissal"
assert_eq "$(field "$run" enabled) $(field "$run" ringing) $(field "$run" snooze_count)" "b false b false u 0" "a dismissed one-time alarm is disabled"

note "qr codes: read back as qr:*, kept by qr:* in an update; Dismiss opens the captcha"
quiz=$(call AddAlarm 'a{sv}' 3 time s "$(at '+6 hours')" label s Quiz challenges as 2 qr:Secret-Code_42 math:easy | id_of)
assert_eq "$(field "$quiz" challenges)" 'as ["qr:*", "math:easy"]' "qr read back"
assert_not_contains "$(call ListAlarms) $(gcall ListAlarms) $(call GetAlarm s "$quiz")" "Secret-Code_42" "the qr code leaks"
gcall UpdateAlarm "'$quiz'" "{'challenges': <['qr:*']>, 'label': <'Quiz 2'>}" >/dev/null
assert_eq "$(field "$quiz" challenges)" 'as ["qr:*"]' "qr:* kept"
call Trigger s "$quiz" >/dev/null
wait_until "Ringing signal" 5 seen "$MANAGER.Ringing ('$quiz', 'Quiz 2', uint32 0)"
gcall Dismiss "'$quiz'" >/dev/null
wait_until "Dismiss opens the captcha in tmux" 10 captcha_open
$REVEILLE_TMUX kill-session -t captcha
gcall Dismiss "'$quiz'" >/dev/null
wait_until "Dismiss opens a closed captcha again" 10 captcha_open
assert_eq "$(challenge_field "$quiz" kind)" "qr" "the qr challenge"
reply=$(gcall SubmitAnswer "'$quiz'" "'*'")
assert_contains "$reply" "('wrong', {" "'*' is not the code"
assert_contains "$reply" "'attempts': <uint32 1>" "one attempt counted"
assert_eq "$(gcall SubmitAnswer "'$quiz'" "'Secret-Code_42'")" "('dismissed', @a{sv} {})" "the original code solves it"
wait_until "Dismissed signal" 5 seen "$MANAGER.Dismissed ('$quiz',)"

note "Preflight: ok agrees with the blocking reasons"
assert_eq "$(preflight)" "ok=true consistent=true reasons=" "healthy session"
pactl set-sink-mute testsink 1
assert_eq "$(preflight)" "ok=true consistent=true reasons=sound-muted" "muted sink is a note"
pactl set-sink-mute testsink 0
"$REPO/Tests/fixtures/notify-session.sh" stop-server "$SESSION/notify"
assert_eq "$(preflight)" "ok=false consistent=true reasons=notifications-disabled" "no notification server"
"$REPO/Tests/fixtures/pulse-session.sh" stop "$SESSION/pulse" >/dev/null 2>&1
assert_eq "$(preflight)" "ok=false consistent=true reasons=notifications-disabled,sound-unavailable" "no sound server either"
stop_agent
REVEILLE_TERMINAL=/nonexistent/terminal start_agent
assert_eq "$(preflight)" "ok=false consistent=true reasons=notifications-disabled,sound-unavailable,terminal-missing" "no terminal either"
note "an update moving a one-time alarm's time before now still leaves it a next fire (or is refused)"
today=$(call AddAlarm 'a{sv}' 2 time s "$(at '+2 min')" label s Today | id_of)
early=$(at '-1 min')
if gcall UpdateAlarm "'$today'" "{'time': <'$early'>}" >/dev/null 2>"$SESSION/err"; then
    fire=$(field "$today" next_fire | sed 's/^x //')
    [ "$(field "$today" enabled)" = "b false" ] || [ "$fire" -gt "$(date +%s)" ] ||
        fail "UpdateAlarm(time '$early') left one-time alarm $today enabled with next_fire $fire and $(field "$today" date): it can never ring"
else
    assert_contains "$(cat "$SESSION/err")" io.github.Reveille1.Error.InvalidArgument "refusing a time already past"
fi
echo "the D-Bus contract holds"
