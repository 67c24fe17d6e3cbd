#!/bin/bash
# Times as people write them (issue 11 §1, §2): every time form gives the right next fire,
# DST days among them (preview --from with TZ, never the machine's clock); add +90s is due
# exactly 90 s after the agent's now and stored at that instant's wall time in the agent's zone
# (REVEILLE_LOCALTIME, Kolkata); add prints the id alone on stdout and "rings in" on stderr;
# list shows "in …" for the next 24 h; next prints the next alarm and exits 1 with none;
# next --follow prints a new line when an alarm is added.
source "$(dirname "$0")/lib.sh"
start_session

py() { /usr/bin/python3 -c "$@"; }
status_of() { local s=0; "$@" >"$SESSION/out" 2>"$SESSION/err" || s=$?; echo "$s"; }
# preview_first ZONE FROM WORDS...: the first fire of that time form in that zone after FROM.
preview_first() {
    local zone=$1 from=$2
    shift 2
    TZ=$zone "$REVEILLE" preview "$@" --from "$from" --count 1
}
expect_fire() {
    local expected=$1
    shift
    assert_eq "$(preview_first "$@")" "$expected" "preview $*"
}

note "time forms: New York, the Saturday before spring forward (Sun 2027-03-14 02:00 → 03:00)"
NY=America/New_York
SAT=2027-03-13T12:00:00Z # 07:00 EST
expect_fire 2027-03-14T07:00:00-04:00 $NY $SAT 7
expect_fire 2027-03-13T07:30:00-05:00 $NY $SAT 7:30
expect_fire 2027-03-13T07:30:00-05:00 $NY $SAT 07:30
expect_fire 2027-03-13T07:30:15-05:00 $NY $SAT 07:30:15
expect_fire 2027-03-14T07:00:00-04:00 $NY $SAT 7am
expect_fire 2027-03-14T07:00:00-04:00 $NY $SAT 7 am
expect_fire 2027-03-13T19:30:00-05:00 $NY $SAT 7:30pm
expect_fire 2027-03-14T00:00:00-05:00 $NY $SAT 12am
expect_fire 2027-03-13T12:00:00-05:00 $NY $SAT 12pm
expect_fire 2027-03-13T12:00:00-05:00 $NY $SAT noon
expect_fire 2027-03-14T00:00:00-05:00 $NY $SAT midnight
expect_fire 2027-03-14T03:30:00-04:00 $NY $SAT 2:30am # in the gap: as far past it
expect_fire 2027-03-14T07:00:00-04:00 $NY $SAT tomorrow 7:00
expect_fire 2027-03-14T07:00:00-04:00 $NY $SAT "tomorrow 7:00"
expect_fire 2027-03-14T07:00:00-04:00 $NY $SAT sun 7:00
expect_fire 2027-03-15T07:00:00-04:00 $NY $SAT mon 7:00
expect_fire 2027-03-20T07:00:00-04:00 $NY $SAT sat 7:00 # today's 07:00 has just passed: next week
expect_fire 2027-03-13T08:00:00-05:00 $NY $SAT sat 8:00
expect_fire 2027-03-14T07:00:00-04:00 $NY $SAT 7:00 --date tomorrow
expect_fire 2027-03-15T07:00:00-04:00 $NY $SAT 7:00 --date mon
expect_fire 2027-03-13T21:00:00-05:00 $NY $SAT 9pm --date today
expect_fire 2027-03-16T06:45:00-04:00 $NY $SAT 6:45 --date 2027-03-16

note "relative forms are exact seconds, across the change"
expect_fire 2027-03-13T07:25:00-05:00 $NY $SAT +25m
expect_fire 2027-03-13T08:30:00-05:00 $NY $SAT +1h30m
expect_fire 2027-03-13T07:01:30-05:00 $NY $SAT +90s
expect_fire 2027-03-13T07:25:00-05:00 $NY $SAT in 25 min
expect_fire 2027-03-13T08:00:00-05:00 $NY $SAT "in 1 hour"
expect_fire 2027-03-14T08:00:00-04:00 $NY $SAT +1d # 24 h later: 08:00 on the wall, the day is 23 h long
expect_fire 2027-03-14T03:00:00-04:00 $NY 2027-03-14T06:30:00Z +30m # 01:30 EST + 30 min

note "fall back (New York, Sun 2027-11-07) and Berlin's spring forward (Sun 2027-03-28)"
expect_fire 2027-11-07T01:30:00-04:00 $NY 2027-11-06T12:00:00Z tomorrow 1:30am # shown twice: the first
expect_fire 2027-11-07T01:30:00-05:00 $NY 2027-11-07T05:00:00Z +90m # 01:00 EDT + 90 min: the second 01:30
expect_fire 2027-11-07T07:00:00-05:00 $NY 2027-11-06T12:00:00Z sun 7am
expect_fire 2027-03-28T03:30:00+02:00 Europe/Berlin 2027-03-27T12:00:00Z sun 2:30
expect_fire 2027-03-28T01:59:59+01:00 Europe/Berlin 2027-03-27T12:00:00Z tomorrow 01:59:59
expect_fire 2027-03-28T14:00:00+02:00 Europe/Berlin 2027-03-27T12:00:00Z in 1 day

note "anything else exits 2 and lists the accepted forms"
for bad in 13pm 0am 24 7:3 7:60 25:00 "7:30:60" 12:00pm13 foo +0s +5x in "in 5 parsecs" "tomorrow" "mon tue 7:00" "7:00 --" +; do
    assert_eq "$(status_of "$REVEILLE" preview "$bad" --from $SAT)" 2 "preview '$bad'"
    assert_contains "$(cat "$SESSION/err")" "7am, 7:30pm" "the accepted forms for '$bad'"
done
assert_eq "$(status_of "$REVEILLE" preview 7:00 --date someday --from $SAT)" 2 "--date someday"
assert_contains "$(cat "$SESSION/err")" "today, tomorrow, mon..sun or YYYY-MM-DD" "the accepted days"
assert_eq "$(status_of "$REVEILLE" preview +25m --date tomorrow --from $SAT)" 2 "a relative time with --date"

unset TZ
export REVEILLE_LOCALTIME=/usr/share/zoneinfo/Asia/Kolkata # +05:30: wall times differ from UTC's
start_agent
json_field() { "$REVEILLE" show "$1" --json | py 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$2"; }

note "next with nothing scheduled exits 1"
"$REVEILLE" add 06:00 --disabled --label Off >/dev/null 2>&1
assert_eq "$(status_of "$REVEILLE" next)" 1 "next with only a disabled alarm"
assert_eq "$(cat "$SESSION/out")" "" "next's stdout with none"
assert_contains "$(cat "$SESSION/err")" "no alarm is scheduled" "next's message"

note "next --follow, in the background"
timeout 60 "$REVEILLE" next --follow --format '{label} {in}' >"$SESSION/follow.log" 2>&1 &
FOLLOW=$!
trap 'kill $FOLLOW 2>/dev/null || true; stop_session' EXIT
wait_until "follow prints its first line" 10 test -s "$SESSION/follow.log"
assert_eq "$(cat "$SESSION/follow.log")" "" "follow's line with nothing scheduled is empty"

note "add +90s is due 90 s after the agent's now, to the second"
before=$(date +%s)
id=$("$REVEILLE" add +90s --label Tea 2>"$SESSION/add.err")
after=$(date +%s)
[[ $id =~ ^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$ ]] || fail "add's stdout is '$id', not the id alone"
fire=$(json_field "$id" next_fire)
[ "$fire" -ge $((before + 90)) ] && [ "$fire" -le $((after + 90)) ] ||
    fail "next_fire $fire is not 90 s after the add ($before..$after)"
wall=$(TZ=Asia/Kolkata date -d "@$fire" +%Y-%m-%d\ %H:%M:%S)
stored="$(json_field "$id" date) $(json_field "$id" time)"
[ "${stored}" = "$wall" ] || [ "${stored}:00" = "$wall" ] || fail "stored '$stored', not Kolkata's wall time '$wall'"
note "add said: $(cat "$SESSION/add.err")"
assert_contains "$(cat "$SESSION/add.err")" "rings in " "add's stderr"
[[ $(cat "$SESSION/add.err") =~ ^rings\ in\ [12]\ min\ \([A-Z][a-z]{2}\ [0-9:]{5,8}\)$ ]] ||
    fail "add's stderr is '$(cat "$SESSION/add.err")'"

note "follow prints a new line for the added alarm"
wait_until "follow shows Tea" 10 grep -q "^Tea in [12] min$" "$SESSION/follow.log"

note "next prints the next alarm"
assert_eq "$("$REVEILLE" next --format '{id}|{label}')" "$id|Tea" "next --format"
assert_contains "$("$REVEILLE" next)" "Tea (in " "next's default line"
assert_eq "$("$REVEILLE" next --json | py 'import json,sys; a=json.load(sys.stdin); print(a["id"], a["next_fire"], a["label"])')" \
    "$id $fire Tea" "next --json"

note "a later alarm does not change next; a sooner one does"
"$REVEILLE" add tomorrow 7am --label Later 2>"$SESSION/later.err" >/dev/null
assert_contains "$(cat "$SESSION/later.err")" "rings in " "add's stderr for a day word"
assert_eq "$("$REVEILLE" next --format '{label}')" "Tea" "next after adding a later alarm"
"$REVEILLE" add in 45 sec --label Soon >/dev/null 2>&1
assert_eq "$("$REVEILLE" next --format '{label}')" "Soon" "next after adding a sooner alarm"
wait_until "follow shows Soon" 10 grep -Eq "^Soon in [0-9]+ s$" "$SESSION/follow.log"

note "list shows 'in …' for the next 24 h only"
far=$("$REVEILLE" add 7:00 --date 2030-06-15 --label Far 2>/dev/null)
listing=$("$REVEILLE" list)
assert_contains "$(grep "^${id:0:8} " <<<"$listing")" "(in " "list's line for an alarm in 90 s"
case $(grep "^${far:0:8} " <<<"$listing") in *"(in "*) fail "list shows 'in' for an alarm years away" ;; esac
assert_contains "$(grep "^${far:0:8} " <<<"$listing")" "next " "list still shows the date"

note "edit and enable say when it rings; disabled says so"
assert_eq "$(status_of "$REVEILLE" add 6:00pm --disabled)" 0 "add --disabled"
assert_eq "$(cat "$SESSION/err")" "disabled" "add --disabled's stderr"
off=$(cat "$SESSION/out")
assert_eq "$(status_of "$REVEILLE" enable "$off")" 0 "enable"
assert_contains "$(cat "$SESSION/err")" "rings in " "enable's stderr"
assert_eq "$(status_of "$REVEILLE" edit "$off" --time noon)" 0 "edit --time noon"
assert_eq "$(json_field "$off" time)" "12:00" "noon is stored as 12:00"
assert_contains "$(cat "$SESSION/err")" "rings in " "edit's stderr"
assert_eq "$(cat "$SESSION/out")" "" "edit's stdout"
assert_eq "$(status_of "$REVEILLE" edit "$off" --time +5m)" 2 "edit with a relative time"

note "in_seconds on the bus: exclusive with time and date"
expect_error InvalidArgument gcall AddAlarm "{'in_seconds': <uint32 60>, 'time': <'07:00'>}"
expect_error InvalidArgument gcall AddAlarm "{'in_seconds': <uint32 60>, 'date': <'2030-01-01'>}"
expect_error InvalidArgument gcall AddAlarm "{'in_seconds': <uint32 0>}"
expect_error InvalidArgument gcall AddAlarm "{'in_seconds': <uint32 60>, 'repeat': <['mon']>}"
expect_error InvalidArgument gcall UpdateAlarm "'$id'" "{'in_seconds': <uint32 60>}"
kill "$FOLLOW" 2>/dev/null || true
echo "times as people write them work"
