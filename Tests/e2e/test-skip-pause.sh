#!/bin/bash
# Skip and pause through the CLI against the real agent (issue 23, section 2): skip, and list,
# next and show say "skips Thu 09:15"; unskip; pause --until, and list says "paused, rings again
# from Sat 28 Nov"; a one-time alarm cannot be skipped or paused past its day (exit status 2,
# nothing changed); pause --all leaves a ringing alarm alone and names it; a ringing alarm
# cannot be skipped (AlarmActive, exit status 1); a restart keeps the skip and the pause;
# resume --all ends every pause.
source "$(dirname "$0")/lib.sh"
start_session
start_agent

py() { /usr/bin/python3 -c "$@"; }
field() { "$REVEILLE" show "$1" --json | py 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$2"; }
status_of() { local s=0; "$@" >"$SESSION/out" 2>"$SESSION/err" || s=$?; echo "$s"; }
line_of() { "$REVEILLE" list | grep "^${1:0:8} " || fail "list has no line for $1"; }
# "Thu 09:15" and "Sat 28 Nov", as the CLI prints them (TZ=UTC, LANG=C.UTF-8 from lib.sh).
clock_of() { date -u -d "@$1" '+%a %H:%M'; }
day_of() { date -u -d "$1" '+%a %-d %b'; }

# Two hours ahead: no occurrence passes while the test runs, so no skip is used up under it.
at=$(date -u -d '+2 hours' +%H:%M)

note "skip: list, next and show say which occurrence will not ring"
work=$("$REVEILLE" add "$at" --repeat daily --label Work 2>/dev/null)
first=$(field "$work" next_fire)
assert_eq "$(status_of "$REVEILLE" skip "${work:0:8}")" 0 "skip's exit status"
says="skips $(clock_of "$first")"
assert_contains "$(cat "$SESSION/err")" "$says; rings in " "skip's report on stderr"
assert_eq "$(field "$work" skipped_occurrence)" "$first" "skipped_occurrence is the occurrence that was next"
assert_eq "$(field "$work" next_fire)" "$((first + 86400))" "the next fire is the day after"
assert_contains "$(line_of "$work")" "next $(date -u -d "@$((first + 86400))" '+%a %F %H:%M'), $says" "list"
assert_eq "$("$REVEILLE" next)" "$(clock_of "$((first + 86400))") Work (in 1 d 2 h), $says" "next"
assert_contains "$("$REVEILLE" show "$work")" "skipped_occurrence: $says" "show"
"$REVEILLE" list --json | py '
import json, sys
(alarm,) = json.load(sys.stdin)
assert alarm["skipped_occurrence"] == int(sys.argv[1]) and alarm["paused_until"] == "", alarm
' "$first" || fail "list --json lacks skipped_occurrence and paused_until as the a{sv} has them"

note "unskip"
"$REVEILLE" unskip "$work" 2>/dev/null
assert_eq "$(field "$work" skipped_occurrence) $(field "$work" next_fire)" "0 $first" "unskip restores the next occurrence"
assert_not_contains "$(line_of "$work")" "skips" "list after unskip"

note "pause --until: list says when it rings again"
until=$(date -u -d '+3 days' +%F)
assert_eq "$(status_of "$REVEILLE" pause "$work" --until "$until")" 0 "pause's exit status"
assert_eq "$(field "$work" paused_until)" "$until" "paused_until"
assert_eq "$(field "$work" next_fire)" "$(date -u -d "$until $at" +%s)" "the next fire is on the pause's day"
paused="paused, rings again from $(day_of "$until")"
assert_contains "$(cat "$SESSION/err")" "$paused" "pause's report on stderr"
assert_contains "$(line_of "$work")" "$paused" "list"
assert_contains "$("$REVEILLE" next)" "$paused" "next"
assert_contains "$("$REVEILLE" show "$work")" "paused_until:   $until ($paused)" "show"

note "a one-time alarm: no pause past its day, no skip; nothing changes"
once=$("$REVEILLE" add "$at" --date "$(date -u -d '+1 day' +%F)" --label Once 2>/dev/null)
once_fire=$(field "$once" next_fire)
assert_eq "$(status_of "$REVEILLE" pause "$once" --until "$until")" 2 "pausing a one-time alarm past its day"
assert_eq "$(wc -l <"$SESSION/err")" 1 "lines on stderr"
assert_contains "$(cat "$SESSION/err")" "disable it instead" "the refusal says what to do"
assert_eq "$(status_of "$REVEILLE" skip "$once")" 2 "skipping a one-time alarm"
assert_eq "$(field "$once" paused_until)|$(field "$once" skipped_occurrence)|$(field "$once" next_fire)" "|0|$once_fire" \
    "the refused one-time alarm is unchanged"
assert_eq "$(status_of "$REVEILLE" pause "$work" --until 2020-01-01)" 2 "a day in the past"
assert_eq "$(field "$work" paused_until)" "$until" "a refused pause changes nothing"

note "pause --all leaves a ringing alarm alone and names it; a ringing alarm cannot be skipped"
tea=$("$REVEILLE" add "$at" --repeat daily --label Tea 2>/dev/null)
"$REVEILLE" trigger "$tea"
wait_until "Tea rings" 5 is_ringing "$tea"
later=$(date -u -d '+4 days' +%F)
assert_eq "$(status_of "$REVEILLE" pause --all --until "$later")" 0 "pause --all's exit status"
assert_contains "$(cat "$SESSION/err")" "paused 1 alarm" "pause --all counts what it paused"
assert_contains "$(cat "$SESSION/err")" "left alone: ${tea:0:8} Tea (ringing)" "pause --all names the ringing alarm"
assert_contains "$(cat "$SESSION/err")" "left alone: ${once:0:8} Once: " "pause --all names the one-time alarm it cannot pause"
assert_eq "$(field "$work" paused_until) $(field "$tea" paused_until)" "$later " "Work paused, Tea not"
assert_eq "$(field "$once" paused_until)" "" "Once not paused"
assert_eq "$(status_of "$REVEILLE" skip "$tea")" 1 "skipping a ringing alarm"
assert_contains "$(cat "$SESSION/err")" "is ringing or snoozed" "skipping a ringing alarm: AlarmActive"
assert_eq "$(field "$tea" skipped_occurrence)" 0 "a refused skip changes nothing"

note "a restart keeps the skip and the pause"
gym=$("$REVEILLE" add "$at" --repeat daily --label Gym 2>/dev/null)
"$REVEILLE" skip "$gym" 2>/dev/null
gym_skip=$(field "$gym" skipped_occurrence)
stop_agent
start_agent
assert_eq "$(field "$gym" skipped_occurrence)" "$gym_skip" "the skip after a restart"
assert_eq "$(field "$work" paused_until)" "$later" "the pause after a restart"
assert_contains "$(line_of "$gym")" "skips $(clock_of "$gym_skip")" "list after a restart"
assert_contains "$(line_of "$work")" "paused, rings again from $(day_of "$later")" "list after a restart"

note "resume --all"
assert_eq "$(status_of "$REVEILLE" resume --all)" 0 "resume --all's exit status"
assert_contains "$(cat "$SESSION/err")" "resumed 1 alarm" "resume --all counts what it resumed"
assert_eq "$(field "$work" paused_until) $(field "$work" next_fire)" " $first" "Work rings at its next occurrence again"
echo "skips and pauses work through the CLI and survive a restart"
