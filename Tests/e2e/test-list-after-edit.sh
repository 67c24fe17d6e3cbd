#!/bin/bash
# Every view of an alarm shows it as it is now. After an UpdateAlarm (here through busctl, as a
# script would), `reveille show`, `reveille list`, `list --json` and ListAlarms all show the new
# label and snooze length; after `reveille disable` they all say it is off, and after `enable`
# on again. A list read before each change must not be what the next list answers.
source "$(dirname "$0")/lib.sh"
start_session
start_agent

py() { /usr/bin/python3 -c "$@"; }
# One field of the alarm in `reveille list --json`.
listed_field() {
    "$REVEILLE" list --json | py 'import json, sys
alarm = [a for a in json.load(sys.stdin) if a["id"] == sys.argv[1]]
print(json.dumps(alarm[0][sys.argv[2]]) if alarm else "missing")' "$1" "$2"
}
# One field of the alarm in ListAlarms' reply, read by busctl as JSON.
bus_listed_field() {
    busctl --user --json=short call "$SERVICE" "$OBJECT" "$IFACE" ListAlarms | py 'import json, sys
alarms = json.load(sys.stdin)["data"][0]
alarm = [a for a in alarms if a["id"]["data"] == sys.argv[1]]
print(json.dumps(alarm[0][sys.argv[2]]["data"]) if alarm else "missing")' "$1" "$2"
}
shown_field() { "$REVEILLE" show "$1" --json | py 'import json, sys; print(json.dumps(json.load(sys.stdin)[sys.argv[1]]))' "$2"; }

id=$(add_alarm 05:00 --label Morning --date 2099-01-01)
other=$(add_alarm 06:00 --label Other --date 2099-01-02)
# Read every view once, so that anything they keep from this read would show after the change.
for _ in 1 2; do "$REVEILLE" list >/dev/null; "$REVEILLE" list --json >/dev/null; call ListAlarms >/dev/null; done

note "UpdateAlarm through busctl, then every view"
busctl --user call "$SERVICE" "$OBJECT" "$IFACE" UpdateAlarm 'sa{sv}' "$id" 2 label s Renamed snooze_minutes u 7
assert_eq "$(shown_field "$id" label)" '"Renamed"' "show after UpdateAlarm"
assert_contains "$("$REVEILLE" list)" "Renamed" "list after UpdateAlarm"
assert_not_contains "$("$REVEILLE" list)" "Morning" "list after UpdateAlarm"
assert_eq "$(listed_field "$id" label)" '"Renamed"' "list --json label after UpdateAlarm"
assert_eq "$(listed_field "$id" snooze_minutes)" '7' "list --json snooze_minutes after UpdateAlarm"
assert_eq "$(bus_listed_field "$id" label)" '"Renamed"' "ListAlarms label after UpdateAlarm"
assert_eq "$(bus_listed_field "$id" snooze_minutes)" '7' "ListAlarms snooze_minutes after UpdateAlarm"
assert_eq "$(listed_field "$other" label)" '"Other"' "the other alarm after UpdateAlarm"

note "disable, then every view"
"$REVEILLE" disable "$id"
"$REVEILLE" show "$id" >/dev/null
assert_eq "$(shown_field "$id" enabled)" 'false' "show after disable"
assert_eq "$(listed_field "$id" enabled)" 'false' "list --json after disable"
assert_eq "$(bus_listed_field "$id" enabled)" 'false' "ListAlarms after disable"
assert_eq "$(listed_field "$id" next_fire)" '0' "list --json next_fire after disable (0: none)"

note "enable, then every view"
"$REVEILLE" list --json >/dev/null
"$REVEILLE" enable "$id" 2>/dev/null
assert_eq "$(listed_field "$id" enabled)" 'true' "list --json after enable"
assert_eq "$(bus_listed_field "$id" enabled)" 'true' "ListAlarms after enable"

note "edit, then every view"
"$REVEILLE" edit "$id" --time 05:30 2>/dev/null
assert_eq "$(listed_field "$id" time)" '"05:30"' "list --json after edit"
assert_eq "$(bus_listed_field "$id" time)" '"05:30"' "ListAlarms after edit"

note "remove, then every view"
"$REVEILLE" remove "$id"
assert_eq "$(listed_field "$id" label)" 'missing' "list --json after remove"
assert_eq "$(bus_listed_field "$id" label)" 'missing' "ListAlarms after remove"
echo "every view shows each alarm as it is after each change"
