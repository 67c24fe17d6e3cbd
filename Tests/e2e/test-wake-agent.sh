#!/bin/bash
# The agent asks the wake helper (issue 20, sections 2, 3 and 5): the agent runs as an
# unprivileged user without CAP_WAKE_ALARM on a private session bus of that user; the helper
# runs as reveille-wake with CAP_WAKE_ALARM only, on a private system bus whose policy includes
# the repo's io.github.Reveille1.Wake.conf, beside python3-dbusmock's polkitd and logind. The
# helper's alarm timer is read from its fdinfo (clockid 8, it_value the time left).
source "$(dirname "$0")/lib.sh"

HELPER_NAME=io.github.Reveille1.Wake
LEAD=120
[ "$(id -u)" = 0 ] || fail "needs root: it creates users and hands out CAP_WAKE_ALARM"
DIR=$(mktemp -d "${TMPDIR:-/tmp}/reveille-wake-agent.XXXXXX")
chmod 0755 "$DIR"
PIDS=()
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ "${KEEP_SESSION:-}" ] || rm -rf "$DIR"; true
}
trap cleanup EXIT

getent passwd reveille-wake >/dev/null || systemd-sysusers "$REPO/data/reveille-waked.sysusers" >/dev/null 2>&1 ||
    fail "cannot create the reveille-wake user"
SLEEPER=reveille-sleeper
getent passwd "$SLEEPER" >/dev/null || useradd --system --no-create-home --shell /usr/sbin/nologin "$SLEEPER"
SLEEPER_UID=$(id -u "$SLEEPER")

# The system bus: deny by default, as the real one; polkit's and logind's mocks run as root.
cat >"$DIR/system.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$DIR/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.PolicyKit1"/>
    <allow send_destination="org.freedesktop.login1"/>
  </policy>
  <policy user="root">
    <allow own="org.freedesktop.PolicyKit1"/>
    <allow own="org.freedesktop.login1"/>
  </policy>
  <include>$REPO/data/io.github.Reveille1.Wake.conf</include>
</busconfig>
CONF
dbus-daemon --config-file="$DIR/system.conf" --fork --nopidfile --print-pid=3 3>"$DIR/bus.pid" </dev/null >/dev/null
PIDS+=("$(cat "$DIR/bus.pid")")
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$DIR/system_bus_socket
chmod 666 "$DIR/system_bus_socket"
for template in polkitd logind; do
    /usr/bin/python3 -m dbusmock --system --template "$template" </dev/null >"$DIR/$template.log" 2>&1 &
    PIDS+=($!)
done
wait_until "polkit's mock is on the bus" 10 system_has_owner org.freedesktop.PolicyKit1
wait_until "logind's mock is on the bus" 10 system_has_owner org.freedesktop.login1
polkit_allows() {
    gdbus call --system --dest org.freedesktop.PolicyKit1 --object-path /org/freedesktop/PolicyKit1/Authority \
        --method org.freedesktop.DBus.Mock.SetAllowed "[$1]" >/dev/null
}
polkit_allows "'io.github.reveille1.set-wake'"

start_helper() {
    setpriv --reuid=reveille-wake --regid=reveille-wake --clear-groups --no-new-privs \
        --inh-caps=-all,+wake_alarm --ambient-caps=-all,+wake_alarm --bounding-set=-all,+wake_alarm \
        -- "$BIN/reveille-waked" </dev/null >>"$DIR/helper.log" 2>&1 &
    HELPER=$!
    PIDS+=("$HELPER")
    wait_until "the helper owns $HELPER_NAME" 10 system_has_owner "$HELPER_NAME"
}
start_helper

# The sleeper's own session: its files, its session bus, its notification server.
mkdir -p "$DIR/home" "$DIR/data" "$DIR/config/reveille" "$DIR/s"
printf '[agent]\nkeep_awake = 0\n' >"$DIR/config/reveille/reveille.conf"
chown -R "$SLEEPER" "$DIR/home" "$DIR/data" "$DIR/config" "$DIR/s"
"$REPO/Tests/fixtures/bus-config.sh" session "$DIR/s/session_bus_socket" >"$DIR/session.conf"
as_sleeper() {
    setpriv --reuid="$SLEEPER" --regid="$(id -g "$SLEEPER")" --clear-groups --inh-caps=-all --bounding-set=-all -- \
        env HOME="$DIR/home" XDG_DATA_HOME="$DIR/data" XDG_CONFIG_HOME="$DIR/config" \
        DBUS_SESSION_BUS_ADDRESS="unix:path=$DIR/s/session_bus_socket" DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" \
        REVEILLE_DATADIR="$REVEILLE_DATADIR" TZ=UTC LANG=C.UTF-8 REVEILLE_TERMINAL=true "$@"
}
as_sleeper dbus-daemon --config-file="$DIR/session.conf" --fork --nopidfile --print-pid=3 3>"$DIR/session.pid" </dev/null >/dev/null
PIDS+=("$(cat "$DIR/session.pid")")
as_sleeper /usr/bin/python3 -m dbusmock --template notification_daemon -p '{"capabilities": "body actions persistence"}' \
    </dev/null >"$DIR/notify.log" 2>&1 &
PIDS+=($!)
sleeper_has_owner() {
    as_sleeper gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}
wait_until "the sleeper's notification server" 10 sleeper_has_owner org.freedesktop.Notifications
rv() { as_sleeper "$BIN/reveille" "$@"; }
scall() { as_sleeper gdbus call --session --dest "$SERVICE" --object-path "$OBJECT" --method "$IFACE.$1" "${@:2}"; }
start_sleeper_agent() {
    as_sleeper "$BIN/reveilled" </dev/null >>"$DIR/agent.log" 2>&1 &
    PIDS+=($!)
    wait_until "the sleeper's agent owns $SERVICE" 10 sleeper_has_owner "$SERVICE"
    # The agent itself, not the shell that started it: its pid is in its inhibitors' who.
    AGENT=$(as_sleeper busctl --user call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus \
        GetConnectionUnixProcessID s "$SERVICE" | sed 's/^u //')
    PIDS+=("$AGENT")
}
start_sleeper_agent
wake_state() { as_sleeper busctl --user get-property "$SERVICE" "$OBJECT" "$IFACE" WakeState; }

# timer_left: seconds left of the helper's CLOCK_REALTIME_ALARM timer; armed_at T: it is armed for T.
timer_left() {
    local file
    for file in /proc/"$HELPER"/fdinfo/*; do
        grep -q '^clockid: 8$' "$file" 2>/dev/null || continue
        sed -n 's/^it_value: (\([0-9]*\), [0-9]*)$/\1/p' "$file"
        return
    done
}
armed_at() { grep -A1 "alarmtimer_fired" /proc/timer_list | grep -q "expires at $1000000000-"; }
armed_about() {  # armed_about T: the helper's timer has T - now seconds left, give or take 2
    local left expected=$(($1 - $(date +%s)))
    left=$(timer_left)
    [ -n "$left" ] && [ "$left" -ge $((expected - 2)) ] && [ "$left" -le $((expected + 1)) ] && armed_at "$1"
}
fire_of() { rv show "$1" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["next_fire"])'; }

note "the agent has no CAP_WAKE_ALARM, so the helper holds its wake: due - wake_lead"
caps=$(sed -n 's/^CapEff:\s*//p' "/proc/$AGENT/status")
assert_eq "$caps" 0000000000000000 "the agent's effective capabilities"
id=$(rv add "$(date -u -d '+3 hours' +%H:%M)" --label Wake)
due=$(fire_of "$id")
wait_until "the helper's timer is armed at due - wake_lead" 5 armed_about $((due - LEAD))
assert_eq "$(wake_state)" "(sx) \"helper\" $((due - LEAD))" "WakeState"
doctor=$(rv doctor 2>&1 || true)
assert_contains "$doctor" "reveille-waked wakes this machine" "doctor on the helper"
if ! ls /sys/class/rtc/rtc*/wakealarm >/dev/null 2>&1; then
    assert_contains "$doctor" "no real-time clock that can wake it" "doctor without a wake-capable RTC"
fi

note "moving the alarm moves the wake"
rv edit "$id" --time "$(date -u -d '+5 hours' +%H:%M)" >/dev/null 2>&1
due=$(fire_of "$id")
wait_until "the timer follows the alarm" 5 armed_about $((due - LEAD))

note "kill -9 of the helper: the agent sends its wake again within 2 s of the name coming back"
kill -9 "$HELPER"
wait "$HELPER" 2>/dev/null || true
wait_until "the name has no owner" 5 not system_has_owner "$HELPER_NAME"
start_helper
wait_until "the new helper holds the wake" 2 armed_about $((due - LEAD))

note "a second agent of the same user on another session bus neither replaces nor cancels the first one's wake"
other=$(as_sleeper env DBUS_SESSION_BUS_ADDRESS= /usr/bin/python3 -c '
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
ringing() { as_sleeper busctl --user get-property "$SERVICE" "$OBJECT" "$IFACE" RingingAlarms; }
wait_until "the alarm is no longer ringing" 5 output_is = "as 0" ringing
wait_until "no inhibitor of this agent" 5 not grep -q "Reveille\[$AGENT\]" <(inhibitors)

note "polkit refusing: doctor names the cause, and the alarm still rings on time with the machine awake"
polkit_allows ""
soon=$(date -u -d '+70 seconds' +%H:%M:%S)
id=$(rv add "$soon" --label Refused)
due=$(fire_of "$id")
wait_until "WakeState says unavailable" 10 output_is = '(sx) "unavailable" 0' wake_state
doctor=$(rv doctor 2>&1 || true)
assert_contains "$doctor" "wake-from-suspend-unavailable" "doctor with polkit refusing"
assert_contains "$doctor" "polkit refused" "doctor's cause"
wait_until "the alarm rings at its due second" $((due - $(date +%s) + 3)) output_is != "as 0" ringing
late=$(($(date +%s) - due))
[ "$late" -le 2 ] || fail "the alarm rang $late s late"
echo "test-wake-agent: passed"
