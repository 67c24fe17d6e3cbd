#!/bin/bash
# Agents of two users and the one wake helper (issue 20, section 5): each agent runs as its own
# unprivileged user on its own session bus, both ask the helper on the private system bus, and
# the helper's alarm timer is armed at the earlier of their wakes. Then a process of another user
# takes the helper's name, as this bus's policy lets it, and swallows SetWake: the agent does not
# trust it (WakeState unavailable, doctor says why), and its alarm still rings on time.
source "$(dirname "$0")/lib.sh"
source "$E2E_DIR/wake_lib.sh"

wake_setup wake-users
EARLY=reveille-early
LATE=reveille-late
SQUATTER=reveille-squatter
ensure_user "$SQUATTER"
start_wake_system_bus "<policy user=\"$SQUATTER\"><allow own=\"$HELPER_NAME\"/></policy>"
start_helper
start_agent_session "$LATE"
start_agent_session "$EARLY"

note "two users' agents: the helper's timer is armed at the earlier of their wakes"
late_id=$(reveille_as "$LATE" add "$(date -u -d '+5 hours' +%H:%M)" --label Late)
late_wake=$(($(fire_of "$LATE" "$late_id") - LEAD))
wait_until "the later user's wake is armed" 5 armed_about "$late_wake"
early_id=$(reveille_as "$EARLY" add "$(date -u -d '+3 hours' +%H:%M)" --label Early)
early_wake=$(($(fire_of "$EARLY" "$early_id") - LEAD))
wait_until "the earlier user's wake is armed" 5 armed_about "$early_wake"
not armed_at "$late_wake" || fail "the later wake is still armed beside the earlier one"
assert_eq "$(wake_state_of "$EARLY")" "(sx) \"helper\" $early_wake" "the earlier user's WakeState"
assert_eq "$(wake_state_of "$LATE")" "(sx) \"helper\" $late_wake" "the later user's WakeState: its own wake, held"

note "the earlier alarm removed, the later user's wake is armed again"
reveille_as "$EARLY" remove "$early_id" >/dev/null
wait_until "the timer is back at the later wake" 5 armed_about "$late_wake"
wait_until "the earlier user's WakeState says none" 5 output_is = '(sx) "none" 0' wake_state_of "$EARLY"

note "another user owns $HELPER_NAME, which this bus's policy allows: its replies are not trusted"
kill -9 "$HELPER"
wait "$HELPER" 2>/dev/null || true
wait_until "the helper's name has no owner" 5 not system_has_owner "$HELPER_NAME"
install -o "$SQUATTER" -m 0644 /dev/null "$DIR/squatter.calls"
as_prefix "$SQUATTER"
"${AS[@]}" "$WAKE_BIN/wake_squatter.py" "$DIR/squatter.calls" </dev/null >"$DIR/squatter.log" 2>&1 &
WAKE_PIDS+=($!)
wait_until "the squatter owns $HELPER_NAME" 10 system_has_owner "$HELPER_NAME"
# The agent sends its wake again to the name's new owner, and finds out who that is.
wait_until "the squatter swallowed the later user's SetWake" 5 grep -q "^SetWake $late_wake$" "$DIR/squatter.calls"
wait_until "WakeState says unavailable" 5 output_is = '(sx) "unavailable" 0' wake_state_of "$LATE"
doctor=$(reveille_as "$LATE" doctor 2>&1 || true)
assert_contains "$doctor" "wake-from-suspend-unavailable" "doctor with a squatter on the helper's name"
assert_contains "$doctor" "owned by uid $(id -u "$SQUATTER"), not by the helper's user reveille-wake" "doctor's cause"
not armed_at "$late_wake" || fail "an alarm timer is armed at the wake only the squatter was told of"

note "the alarm still rings on time with the machine awake"
swallowed=$(grep -c '^SetWake' "$DIR/squatter.calls")
id=$(reveille_as "$LATE" add "$(date -u -d '+12 seconds' +%H:%M:%S)" --label Squatted)
due=$(fire_of "$LATE" "$id")
wait_until "the squatter got the new wake too" 5 output_is -gt "$swallowed" grep -c '^SetWake' "$DIR/squatter.calls"
assert_eq "$(wake_state_of "$LATE")" '(sx) "unavailable" 0' "WakeState with the new alarm"
wait_until "the alarm rings at its due second" $((due - $(date +%s) + 3)) output_is != "as 0" ringing_of "$LATE"
late=$(($(date +%s) - due))
[ "$late" -le 2 ] || fail "the alarm rang $late s late"
echo "test-wake-users: passed"
