#!/bin/bash
# The CLI as a person uses it: add with every option, list (text and --json with the D-Bus
# keys), show by unique id prefix (an ambiguous one exits 2), edit, enable/disable, remove,
# trigger/snooze/dismiss, doctor, preview's DST examples, exit statuses 0/1/2/3, and monitor's
# lines (RFC 3339 time, signal name, arguments).
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &
MONITOR=$!
trap 'kill $MONITOR 2>/dev/null || true; stop_session' EXIT
sleep 0.5 # let monitor subscribe

py() { /usr/bin/python3 -c "$@"; }
json_field() { "$REVEILLE" show "$1" --json | py 'import json, sys; print(json.dumps(json.load(sys.stdin)[sys.argv[1]]))' "$2"; }
status_of() { local s=0; "$@" >"$SESSION/out" 2>"$SESSION/err" || s=$?; echo "$s"; }
KEYS='["challenges", "enabled", "id", "label", "max_snoozes", "next_fire", "paused_until", "repeat", "ringing", "skipped_occurrence", "snooze_count", "snooze_minutes", "snoozed", "sound", "time", "volume", "wake_check"]'

note "add with every option prints the id"
id=$("$REVEILLE" add 06:45 --label "Work day" --repeat mon,wed,fri --sound /usr/share/sounds/freedesktop/stereo/bell.oga \
    --volume 0.4 --snooze-minutes 7 --max-snoozes unlimited --challenge math:hard --challenge qr:Bathroom-42 \
    --challenge typing:4 --wake-check 20 --disabled)
[[ $id =~ ^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$ ]] || fail "add printed '$id', not an id"
short=${id:0:8}
assert_eq "$(json_field "$short" label)" '"Work day"' "label"
assert_eq "$(json_field "$short" time)" '"06:45"' "time"
assert_eq "$(json_field "$short" repeat)" '["mon", "wed", "fri"]' "repeat"
assert_eq "$(json_field "$short" sound)" '"/usr/share/sounds/freedesktop/stereo/bell.oga"' "sound"
assert_eq "$(json_field "$short" volume)" '0.4' "volume"
assert_eq "$(json_field "$short" snooze_minutes)" '7' "snooze minutes"
assert_eq "$(json_field "$short" max_snoozes)" '-1' "unlimited snoozes"
assert_eq "$(json_field "$short" wake_check)" '20' "wake-up check minutes"
assert_eq "$(json_field "$short" challenges)" '["math:hard", "qr:*", "typing:4"]' "challenges, the qr code hidden"
assert_eq "$(json_field "$short" enabled)" 'false' "--disabled"
dated=$("$REVEILLE" add 05:30 --date 2030-06-15 --label Trip)
assert_eq "$(json_field "$dated" date)" '"2030-06-15"' "--date"
added=$("$REVEILLE" add 23:59 --json)
assert_eq "$(py 'import json, sys; print(list(json.load(sys.stdin)))' <<<"$added")" "['id']" "add --json"

note "list: text and JSON"
listing=$("$REVEILLE" list)
assert_eq "$(wc -l <<<"$listing")" 3 "lines of list"
line=$(grep "^$short " <<<"$listing") || fail "list has no line for $short: $listing"
assert_contains "$line" "06:45" "list shows the time"
assert_contains "$line" "mon,wed,fri" "list shows the days"
assert_contains "$line" "disabled" "list shows it is off"
assert_contains "$line" "Work day" "list shows the label"
assert_eq "$(tail -1 <<<"$listing" | cut -c1-8)" "$short" "the disabled alarm comes last"
"$REVEILLE" list --json | py '
import json, sys
alarms = json.load(sys.stdin)
keys = json.loads(sys.argv[1])
assert len(alarms) == 3, alarms
for a in alarms:
    assert sorted(set(a) - {"date"}) == keys, sorted(a)
    assert isinstance(a["next_fire"], int) and isinstance(a["enabled"], bool) and isinstance(a["repeat"], list)
assert "Bathroom-42" not in json.dumps(alarms)
' "$KEYS" || fail "list --json is not the alarms with the D-Bus keys"
assert_eq "$("$REVEILLE" show "$short" --json | py 'import json,sys; a=json.load(sys.stdin); print(a["id"])')" "$id" "show --json by prefix"
shown=$("$REVEILLE" show "$short")
assert_contains "$shown" "label:" "show's text"
assert_contains "$shown" "Work day" "show's text"

note "show: an ambiguous prefix exits 2"
for _ in $(seq 16); do "$REVEILLE" add 12:00 --disabled >/dev/null; done # 19 ids: two share a first digit
prefix=$("$REVEILLE" list --json | py 'import json,sys,collections; c=collections.Counter(a["id"][0] for a in json.load(sys.stdin)); print(c.most_common(1)[0][0])')
assert_eq "$(status_of "$REVEILLE" show "$prefix")" 2 "exit status of show with an ambiguous prefix"
assert_eq "$(wc -l <"$SESSION/err")" 1 "lines on stderr"
note "ambiguous: $(cat "$SESSION/err")"

note "edit, enable, disable, remove"
assert_eq "$(status_of "$REVEILLE" edit "$short" --time 06:50:30 --label Changed --repeat weekends --volume 0.3 \
    --snooze-minutes 2 --max-snoozes 0 --challenge typing:3 --challenge qr:Kitchen --wake-check 0)" 0 "edit's exit status"
assert_eq "$(json_field "$short" time) $(json_field "$short" label) $(json_field "$short" repeat)" \
    '"06:50:30" "Changed" ["sat", "sun"]' "edited time, label, repeat"
assert_eq "$(json_field "$short" volume) $(json_field "$short" snooze_minutes) $(json_field "$short" max_snoozes)" "0.3 2 0" "edited numbers"
assert_eq "$(json_field "$short" challenges)" '["typing:3", "qr:*"]' "edited challenges"
assert_eq "$(json_field "$short" wake_check)" '0' "wake-up check turned off"
"$REVEILLE" enable "$short"
assert_eq "$(json_field "$short" enabled)" true "enable"
[ "$(json_field "$short" next_fire)" -gt "$(date +%s)" ] || fail "an enabled alarm has no next_fire"
"$REVEILLE" disable "$short"
assert_eq "$(json_field "$short" enabled) $(json_field "$short" next_fire)" "false 0" "disable"
"$REVEILLE" remove "$dated"
assert_eq "$(status_of "$REVEILLE" show "$dated")" 1 "show of a removed alarm"

note "trigger, snooze, dismiss"
wake=$("$REVEILLE" add 11:11 --label Wake --challenge math:easy --max-snoozes 1 --snooze-minutes 3)
assert_eq "$("$REVEILLE" trigger "${wake:0:8}")" "" "trigger's output"
wait_until "it rings" 5 is_ringing "$wake"
snoozed=$("$REVEILLE" snooze "$wake")
# Times print as HH:MM:SS, or HH:MM when the seconds are zero (as the alarms' own times do).
[[ $snoozed =~ ^Snoozed\ until\ [A-Z][a-z]{2}\ ([0-9-]{10}\ [0-9]{2}:[0-9]{2}(:[0-9]{2})?)$ ]] ||
    fail "snooze printed '$snoozed'"
left=$(( $(date -d "${BASH_REMATCH[1]}" +%s) - $(date +%s) ))
[ "$left" -ge 170 ] && [ "$left" -le 180 ] || fail "snoozed for ${left}s, not 3 minutes: $snoozed"
listed=$("$REVEILLE" list | grep "^${wake:0:8}")
assert_contains "$listed" "snoozed until ${snoozed#Snoozed until } (in " "list marks the snoozed alarm"
assert_eq "$(json_field "$wake" snoozed)" true "the snoozed key"
assert_eq "$(status_of "$REVEILLE" remove "$wake")" 1 "remove of a snoozed alarm"
assert_contains "$(cat "$SESSION/err")" "solve its challenge first" "remove of a snoozed alarm"
"$REVEILLE" trigger "$wake"
wait_until "it rings again" 5 is_ringing "$wake"
assert_eq "$(status_of "$REVEILLE" snooze "$wake")" 1 "snooze at the limit"
assert_contains "$(cat "$SESSION/err")" "no snoozes left" "snooze at the limit"
"$REVEILLE" dismiss "$wake" </dev/null # not in a terminal: opens one
wait_until "the captcha shows a problem" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t captcha 2>/dev/null | grep -q '= ?'"
captcha_type "$(answer_of "$(captcha_screen | grep '= ?' | head -1)")"
wait_until "the alarm stops" 10 not is_ringing "$wake"

note "monitor: one line per signal"
wait_until "Dismissed in monitor" 5 grep -q "Dismissed \"$wake\"" "$SESSION/monitor.log"
py '
import re, sys, datetime
lines = open(sys.argv[1]).read().splitlines()
wake = sys.argv[2]
pattern = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)) (\w+)(?: (.*))?$")
seen = []
for line in lines:
    m = pattern.match(line)
    assert m, f"not an RFC 3339 time, a signal name and arguments: {line!r}"
    when = datetime.datetime.fromisoformat(m.group(1).replace("Z", "+00:00"))
    age = abs((datetime.datetime.now(datetime.timezone.utc) - when).total_seconds())
    assert age < 120, f"time {m.group(1)} is {age:.0f} s off: {line!r}"
    seen.append((m.group(2), m.group(3) or ""))
def has(name, args):
    assert any(n == name and re.fullmatch(args, a) for n, a in seen), f"no {name} {args} in {seen}"
has("AlarmsChanged", "")
has("Ringing", f"\"{wake}\" \"Wake\" 0")
has("Snoozed", f"\"{wake}\" 1 \\d+")
has("Ringing", f"\"{wake}\" \"Wake\" 1")
has("ChallengeChanged", f"\"{wake}\"")
has("Dismissed", f"\"{wake}\"")
' "$SESSION/monitor.log" "$wake" || fail "monitor's lines: $(cat "$SESSION/monitor.log")"

note "doctor"
status=$(status_of "$REVEILLE" doctor)
assert_eq "$status" 0 "doctor's exit status in a healthy session"
assert_contains "$(cat "$SESSION/out")" "Everything alarms need is here" "doctor's verdict"
assert_eq "$("$REVEILLE" doctor --json | py 'import json,sys; ok, reasons = json.load(sys.stdin); print(ok)')" True "doctor --json"
"$REPO/Tests/fixtures/notify-session.sh" stop-server "$SESSION/notify"
assert_eq "$(status_of "$REVEILLE" doctor)" 1 "doctor's exit status without notifications"
assert_contains "$(cat "$SESSION/out")" "notifications-disabled" "doctor names the reason"
assert_contains "$(cat "$SESSION/out")" "notification" "doctor explains"

note "preview"
assert_eq "$(TZ=Europe/Berlin "$REVEILLE" preview 02:30 --repeat daily --from 2027-03-27T12:00:00Z --count 3)" \
    "2027-03-28T03:30:00+02:00
2027-03-29T02:30:00+02:00
2027-03-30T02:30:00+02:00" "a time in the spring gap rings after it"
assert_eq "$(TZ=America/New_York "$REVEILLE" preview 01:30 --repeat daily --from 2027-11-06T12:00:00Z --count 2)" \
    "2027-11-07T01:30:00-04:00
2027-11-08T01:30:00-05:00" "a repeated autumn hour rings once, at its first occurrence"
assert_eq "$("$REVEILLE" preview 07:00 --date 2020-01-01)" "" "a one-time alarm in the past"
assert_eq "$(status_of "$REVEILLE" preview 07:00 --date 2030-01-01 --repeat daily)" 2 "--date with --repeat"

note "exit statuses"
assert_eq "$(status_of "$REVEILLE" list)" 0 "success"
assert_eq "$(status_of "$REVEILLE" enable 0badc0de-0000-4000-8000-000000000000)" 1 "failure"
assert_eq "$(status_of "$REVEILLE" add 24:00)" 2 "bad input"
stop_agent
assert_eq "$(status_of "$REVEILLE" list)" 3 "no agent"
assert_contains "$(cat "$SESSION/err")" "reveille: " "no agent's message"
note "no agent: $(cat "$SESSION/err")"
echo "the CLI works as documented"
