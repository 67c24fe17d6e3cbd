#!/bin/bash
# Losing the session bus ends the agent (issue 9 §4). An agent whose bus is killed while an
# alarm rings exits with status 1 within a few seconds, saying why, and releases its lock: a new
# agent on a new bus starts on the same data, and the alarm, still open in the database, rings
# there. The case seen in the field comes last: an agent started inside dbus-run-session and left
# behind when the session ends (its own session, as activation or systemd would leave it) exits.
source "$(dirname "$0")/lib.sh"
start_session
NOTIFY=$REPO/Tests/fixtures/notify-session.sh
cleanup() {
    [ -s "$SESSION/left.pid" ] && kill -9 "$(cat "$SESSION/left.pid")" 2>/dev/null
    "$NOTIFY" stop "$SESSION/notify2" 2>/dev/null
    stop_session
}
trap cleanup EXIT
configure "[agent]" "fade_in = 1s"

# Whether process $1 has ended: gone, or a zombie nobody reaped yet.
ended() { [ ! -e "/proc/$1" ] || [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" = Z ]; }

start_agent
first=$(agent_pid)
due=$(date -u -d '+2 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Bus lost" --challenge math:easy)
wait_until "it rings" 10 is_ringing "$id"

kill "$(cat "$SESSION/notify/bus.pid")"
wait_until "the agent exits once its bus has gone" 10 ended "$first"
status=0
wait "$first" || status=$?
assert_eq "$status" 1 "exit status after losing the bus"
grep -qF "the session bus went away; stopping" "$SESSION/agent.log" || fail "the log does not say why the agent stopped"
note "the agent exited with status 1 after its bus was killed"

# A new bus, the same data directory: the lock is free and the ring goes on.
DBUS_SESSION_BUS_ADDRESS=$("$NOTIFY" bus "$SESSION/notify2")
export DBUS_SESSION_BUS_ADDRESS
"$NOTIFY" server "$SESSION/notify2"
start_agent
wait_until "the open alarm rings on the new bus" 10 is_ringing "$id"
second=$(agent_pid)
kill -TERM "$second"
status=0
wait "$second" || status=$?
assert_eq "$status" 0 "exit status of a stop on request"
note "a new agent on a new bus took over the same data"

# Started inside dbus-run-session in a session of its own, and left behind when it ends. The bus
# gets a configuration of its own, so it cannot start a notification daemon the machine has.
cat >"$SESSION/left-bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$SESSION/left-bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
: >"$SESSION/left.pid"
setsid dbus-run-session --config-file="$SESSION/left-bus.conf" -- bash -c '
    "$1" >>"$2" 2>&1 </dev/null &
    echo $! >"$3"
    for _ in $(seq 100); do
        gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner io.github.Reveille1 2>/dev/null | grep -q true && exit 0
        sleep 0.1
    done
    exit 1' _ "$BIN/reveilled" "$SESSION/left.log" "$SESSION/left.pid" </dev/null >/dev/null 2>&1 ||
    fail "the agent did not start inside dbus-run-session (see $SESSION/left.log)"
left=$(cat "$SESSION/left.pid")
wait_until "the agent left behind by dbus-run-session exits" 10 ended "$left"
grep -qF "the session bus went away; stopping" "$SESSION/left.log" || fail "the left-behind agent does not say why it stopped"
echo "an agent whose session bus has gone exits with status 1 and frees its lock"
