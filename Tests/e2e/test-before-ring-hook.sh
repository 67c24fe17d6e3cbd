#!/bin/bash
# on_before_ring (issue 23 §3): before_ring ahead of an occurrence, the hook runs once with
# REVEILLE_EVENT=before_ring and the occurrence's REVEILLE_DUE, before the alarm rings; an alarm
# added already inside the window runs it at once, still before its ring; a triggered ring runs
# none. The real agent, its wake timer and its hook runner; a few seconds of waiting in all.
source "$(dirname "$0")/lib.sh"
start_session

# Appends the event, the alarm, the due time and the second it ran: one line a run.
cat >"$SESSION/record" <<'SCRIPT'
#!/bin/sh
printf '%s %s %s %s\n' "$REVEILLE_EVENT" "$REVEILLE_ALARM_ID" "$REVEILLE_DUE" "$(date +%s)" >>"$1"
SCRIPT
chmod +x "$SESSION/record"
runs="$SESSION/runs"
hook="\"$SESSION/record\" \"$runs\""
configure "[agent]" "fade_in = 1s" "[hooks]" "on_before_ring = $hook" "before_ring = 5s" "on_ring = $hook"
start_agent

# runs_of EVENT ID: the lines of that event for that alarm.
runs_of() { grep "^$1 $2 " "$runs" 2>/dev/null; }
has_run() { runs_of "$1" "$2" >/dev/null; }
due_text() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%S+00:00; }

# Planned ahead: the hook runs at due − 5 s, on the wake timer, and before the ring.
due=$(($(date +%s) + 9))
id=$(add_alarm "$(date -u -d "@$due" +%H:%M:%S)" --label "Sunrise" --challenge math:easy)
wait_until "on_before_ring runs" 15 has_run before_ring "$id"
is_ringing "$id" && fail "the alarm rang before its before-ring hook"
read -r event alarm due_seen ran <<<"$(runs_of before_ring "$id")"
assert_eq "$due_seen" "$(due_text "$due")" "REVEILLE_DUE of on_before_ring"
[ "$ran" -ge $((due - 5)) ] || fail "on_before_ring ran at $ran, before its moment $((due - 5))"
[ "$ran" -lt "$due" ] || fail "on_before_ring ran at $ran, not before the ring at $due"
wait_until "it rings" 15 is_ringing "$id"
wait_until "on_ring runs" 5 has_run ring "$id"
assert_eq "$(runs_of before_ring "$id" | wc -l)" 1 "on_before_ring runs of one occurrence"
solve_by_calls "$id" "solving the first alarm"
echo "on_before_ring runs before_ring ahead of the ring, once, with the occurrence's due time"

# Added inside the window: at once, before the ring.
due=$(($(date +%s) + 3))
soon=$(add_alarm "$(date -u -d "@$due" +%H:%M:%S)" --label "Soon" --challenge math:easy)
wait_until "on_before_ring runs at once" 5 has_run before_ring "$soon"
read -r event alarm due_seen ran <<<"$(runs_of before_ring "$soon")"
assert_eq "$due_seen" "$(due_text "$due")" "REVEILLE_DUE of an alarm added inside the window"
[ "$ran" -lt "$due" ] || fail "on_before_ring of an alarm added inside the window ran at $ran, not before $due"
wait_until "the second alarm rings" 10 is_ringing "$soon"
solve_by_calls "$soon" "solving the second alarm"
echo "an alarm added inside the window runs it at once"

# Triggered: a ring, and no before-ring hook for it.
later=$(add_alarm "$(date -u -d "@$(($(date +%s) + 7200))" +%H:%M)" --label "Later" --challenge math:easy)
"$REVEILLE" trigger "$later"
wait_until "on_ring of the triggered alarm runs" 5 has_run ring "$later"
solve_by_calls "$later" "solving the triggered alarm"
has_run before_ring "$later" && fail "a triggered ring ran on_before_ring"
echo "a triggered ring runs no before-ring hook"
