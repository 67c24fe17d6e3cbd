#!/bin/bash
# The agent asks the wake helper (issue 20, sections 2, 3 and 5): the agent runs as an
# unprivileged user without CAP_WAKE_ALARM on a private session bus of that user; the helper
# runs as reveille-wake with CAP_WAKE_ALARM only, on a private system bus whose policy includes
# the repo's io.github.Reveille1.Wake.conf, beside python3-dbusmock's polkitd and logind. The
# helper's alarm timer is read from its fdinfo (clockid 8, it_value the time left).
source "$(dirname "$0")/lib.sh"
source "$E2E_DIR/wake_lib.sh"

wake_setup wake-agent
SLEEPER=reveille-sleeper
start_wake_system_bus
start_helper
start_agent_session "$SLEEPER"
AGENT=${AGENT_PID[$SLEEPER]}
rv() { reveille_as "$SLEEPER" "$@"; }
scall() { as_agent_user "$SLEEPER" gdbus call --session --dest "$SERVICE" --object-path "$OBJECT" --method "$IFACE.$1" "${@:2}"; }
wake_state() { wake_state_of "$SLEEPER"; }

note "the agent has no CAP_WAKE_ALARM, so the helper holds its wake: due - wake_lead"
caps=$(sed -n 's/^CapEff:\s*//p' "/proc/$AGENT/status")
assert_eq "$caps" 0000000000000000 "the agent's effective capabilities"
id=$(rv add "$(date -u -d '+3 hours' +%H:%M)" --label Wake)
due=$(fire_of "$SLEEPER" "$id")
wait_until "the helper's timer is armed at due - wake_lead" 5 armed_about $((due - LEAD))
assert_eq "$(wake_state)" "(sx) \"helper\" $((due - LEAD))" "WakeState"
doctor=$(rv doctor 2>&1 || true)
assert_contains "$doctor" "reveille-waked wakes this machine" "doctor on the helper"
if ! ls /sys/class/rtc/rtc*/wakealarm >/dev/null 2>&1; then
    assert_contains "$doctor" "no real-time clock that can wake it" "doctor without a wake-capable RTC"
fi

note "moving the alarm moves the wake"
rv edit "$id" --time "$(date -u -d '+5 hours' +%H:%M)" >/dev/null 2>&1
due=$(fire_of "$SLEEPER" "$id")
wait_until "the timer follows the alarm" 5 armed_about $((due - LEAD))

note "kill -9 of the helper: the agent sends its wake again within 2 s of the name coming back"
kill -9 "$HELPER"
wait "$HELPER" 2>/dev/null || true
wait_until "the name has no owner" 5 not system_has_owner "$HELPER_NAME"
start_helper
wait_until "the new helper holds the wake" 2 armed_about $((due - LEAD))

note "a second agent of the same user on another session bus neither replaces nor cancels the first one's wake"
other=$(as_agent_user "$SLEEPER" env DBUS_SESSION_BUS_ADDRESS= /usr/bin/python3 -c '
import dbus, os
bus = dbus.bus.BusConnection(os.environ["DBUS_SYSTEM_BUS_ADDRESS"])
helper = dbus.Interface(bus.get_object("io.github.Reveille1.Wake", "/io/github/Reveille1/Wake", introspect=False), "io.github.Reveille1.Wake")
helper.CancelWake()
print(int(helper.GetWake()))')
assert_eq "$other" 0 "another connection's GetWake"
armed_about $((due - LEAD)) || fail "another connection's CancelWake dropped the agent's wake"

note "removing the alarm cancels the wake"
rv remove "$id" >/dev/null
wait_until "the helper's timer is disarmed" 5 not armed_at $((due - LEAD))
wait_until "WakeState says none" 5 output_is = '(sx) "none" 0' wake_state

inhibitors() {
    gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 \
        --method org.freedesktop.login1.Manager.ListInhibitors | /usr/bin/python3 -c '
import re, sys
for what, who, why, mode in re.findall(r"\(\x27([^\x27]*)\x27, \x27([^\x27]*)\x27, \x27([^\x27]*)\x27, \x27([^\x27]*)\x27", sys.stdin.read()):
    print(what, who, mode)'
}
held() { inhibitors | grep -x "$1 Reveille\[$AGENT\] $2" >/dev/null; }
any_held() { inhibitors | grep -q "Reveille\[$AGENT\]"; }

note "a snooze re-arms the wake at its end less wake_lead; while ringing the lid block and sleep delay are held"
id=$(rv add "$(date -u -d '+2 hours' +%H:%M)" --label Ring --max-snoozes 3 --snooze-minutes 10)
rv trigger "$id" >/dev/null
wait_until "the lid switch is blocked" 5 held handle-lid-switch block
wait_until "sleep is delayed" 5 held sleep delay
wait_until "the ring's wake is at most a minute ahead" 5 output_is -le 60 timer_left
until=$(scall Snooze "'$id'" | sed -n 's/.*int64 \([0-9]*\).*/\1/p')
wait_until "the snooze's wake" 5 armed_about $((until - LEAD))
held handle-lid-switch block || fail "the lid block was let go while snoozed"
scall BeginChallenge "'$id'" >/dev/null

note "PrepareForSleep(true) while ringing: the helper's timer moves to about 30 s ahead, then the delay goes"
system_mock_call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.DBus.Mock.EmitSignal \
    org.freedesktop.login1.Manager PrepareForSleep b "[<true>]"
wait_until "the wake 30 s ahead" 3 armed_about $(($(date +%s) + 30))
wait_until "the sleep delay is let go" 3 not held sleep delay
held handle-lid-switch block || fail "the lid block went with the sleep delay"
system_mock_call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.DBus.Mock.EmitSignal \
    org.freedesktop.login1.Manager PrepareForSleep b "[<false>]"
wait_until "the sleep delay is taken again after the resume" 5 held sleep delay

note "after a solved challenge no inhibitor of this agent is held"
solve() {
    local prompt answer
    for _ in 1 2 3 4 5 6; do
        prompt=$(scall GetChallenge "'$id'" 2>/dev/null | sed -n "s/.*'prompt': <'\([^']*\)'>.*/\1/p") || return 0
        [ -n "$prompt" ] || return 0
        answer=$(answer_of "$prompt")
        scall SubmitAnswer "'$id'" "'$answer'" | grep -q dismissed && return 0
    done
}
solve
ringing() { ringing_of "$SLEEPER"; }
wait_until "the alarm is no longer ringing" 5 output_is = "as 0" ringing
wait_until "no inhibitor of this agent" 5 not any_held

note "polkit refusing: doctor names the cause, and the alarm still rings on time with the machine awake"
polkit_allows ""
soon=$(date -u -d '+15 seconds' +%H:%M:%S)
id=$(rv add "$soon" --label Refused)
due=$(fire_of "$SLEEPER" "$id")
wait_until "WakeState says unavailable" 10 output_is = '(sx) "unavailable" 0' wake_state
doctor=$(rv doctor 2>&1 || true)
assert_contains "$doctor" "wake-from-suspend-unavailable" "doctor with polkit refusing"
assert_contains "$doctor" "polkit refused" "doctor's cause"
wait_until "the alarm rings at its due second" $((due - $(date +%s) + 3)) output_is != "as 0" ringing
late=$(($(date +%s) - due))
[ "$late" -le 2 ] || fail "the alarm rang $late s late"
echo "test-wake-agent: passed"
