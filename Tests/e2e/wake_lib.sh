# The wake tests' world (issue 20): users, a private system bus with the repo's policy and
# python3-dbusmock's polkitd and logind, the helper as reveille-wake with CAP_WAKE_ALARM only,
# agents of unprivileged users on session buses of their own, and the helper's alarm timer read
# from /proc. Source it after lib.sh, as root; wake_setup first.
#
# Nothing here needs the repo to be readable by other users (a clone under /root is not): the
# binaries, data files and scripts other users run are copied into the test's directory. Users
# are created once (they stay, so a second run reuses them), one test at a time.
# shellcheck shell=bash

HELPER_NAME=io.github.Reveille1.Wake
HELPER_PATH=/io/github/Reveille1/Wake
LEAD=120  # wake_lead's default, in seconds

# wake_setup NAME: the test's directory ($DIR, readable by all), with the copies in $WAKE_BIN
# and $WAKE_DATA; everything started through these helpers is stopped when the test exits.
wake_setup() {
    [ "$(id -u)" = 0 ] || fail "needs root: it creates users and hands out CAP_WAKE_ALARM"
    DIR=$(mktemp -d "${TMPDIR:-/tmp}/reveille-$1.XXXXXX")
    chmod 0755 "$DIR"
    WAKE_BIN=$DIR/bin
    WAKE_DATA=$DIR/share
    mkdir -p "$WAKE_BIN"
    cp "$BIN/reveilled" "$BIN/reveille" "$BIN/reveille-waked" "$E2E_DIR/wake_client.py" "$E2E_DIR/wake_squatter.py" "$WAKE_BIN/"
    cp -r "$REPO/data" "$WAKE_DATA"
    chmod -R a+rX "$WAKE_BIN" "$WAKE_DATA"
    WAKE_PIDS=()
    trap wake_cleanup EXIT
    ensure_user reveille-wake
}

wake_cleanup() {
    local pid
    for pid in ${WAKE_PIDS[@]+"${WAKE_PIDS[@]}"}; do kill "$pid" 2>/dev/null || true; done
    [ "${KEEP_SESSION:-}" ] || rm -rf "$DIR"
    true
}

# ensure_user NAME: system user NAME exists; reveille-wake comes from the repo's sysusers.d entry,
# as the package creates it. Serialized: two tests adding users at once would fail on the lock
# of /etc/passwd. A group of that name left behind by an earlier run is taken as the user's group.
ensure_user() {
    local name=$1
    (
        flock -w 60 9 || exit 1
        getent passwd "$name" >/dev/null && exit 0
        if [ "$name" = reveille-wake ]; then
            systemd-sysusers "$REPO/data/reveille-waked.sysusers" >/dev/null 2>&1
        elif getent group "$name" >/dev/null; then
            useradd --system --no-create-home --shell /usr/sbin/nologin --gid "$name" "$name"
        else
            useradd --system --no-create-home --shell /usr/sbin/nologin --user-group "$name"
        fi
        getent passwd "$name" >/dev/null
    ) 9>/run/lock/reveille-e2e-users.lock || fail "cannot create the user $name"
}

# as_prefix USER: sets AS to the command that runs what follows it as USER, with no capability
# and no supplementary group. Started in the background as "${AS[@]}" COMMAND &, $! is COMMAND's
# own pid (setpriv and env exec it), so that killing it stops it: a function started with &
# would leave $! a subshell's.
as_prefix() {
    AS=(setpriv --reuid="$1" --regid="$(id -g "$1")" --clear-groups --inh-caps=-all --bounding-set=-all --)
}
# as USER COMMAND...: runs COMMAND as USER, as as_prefix says.
as() {
    local AS
    as_prefix "$1"
    "${AS[@]}" "${@:2}"
}

# start_wake_system_bus [POLICY-XML]: a system bus that denies by default, as the real one does,
# with the repo's policy for the helper's name and POLICY-XML besides; polkit's and logind's mocks
# run as root on it, and polkit allows the helper's action.
start_wake_system_bus() {
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
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.PolicyKit1"/>
    <allow send_destination="org.freedesktop.login1"/>
  </policy>
  <policy user="root">
    <allow own="org.freedesktop.PolicyKit1"/>
    <allow own="org.freedesktop.login1"/>
  </policy>
  ${1:-}
  <include>$WAKE_DATA/io.github.Reveille1.Wake.conf</include>
</busconfig>
CONF
    dbus-daemon --config-file="$DIR/system.conf" --fork --nopidfile --print-pid=3 3>"$DIR/bus.pid" </dev/null >/dev/null
    SYSTEM_BUS_PID=$(cat "$DIR/bus.pid")
    WAKE_PIDS+=("$SYSTEM_BUS_PID")
    export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$DIR/system_bus_socket
    chmod 666 "$DIR/system_bus_socket"
    local template
    for template in polkitd logind; do
        /usr/bin/python3 -m dbusmock --system --template "$template" </dev/null >"$DIR/$template.log" 2>&1 &
        WAKE_PIDS+=($!)
    done
    wait_until "polkit's mock is on the bus" 10 system_has_owner org.freedesktop.PolicyKit1
    wait_until "logind's mock is on the bus" 10 system_has_owner org.freedesktop.login1
    polkit_allows "'io.github.reveille1.set-wake'"
}

# polkit_allows ACTIONS: the actions polkit's mock allows, as GVariant strings ("" for none).
polkit_allows() {
    gdbus call --system --dest org.freedesktop.PolicyKit1 --object-path /org/freedesktop/PolicyKit1/Authority \
        --method org.freedesktop.DBus.Mock.SetAllowed "[$1]" >/dev/null
}

# start_helper: the helper as reveille-wake with CAP_WAKE_ALARM and nothing else; its pid in HELPER.
start_helper() {
    setpriv --reuid=reveille-wake --regid=reveille-wake --clear-groups --no-new-privs \
        --inh-caps=-all,+wake_alarm --ambient-caps=-all,+wake_alarm --bounding-set=-all,+wake_alarm \
        -- "$WAKE_BIN/reveille-waked" </dev/null >>"$DIR/helper.log" 2>&1 &
    HELPER=$!
    WAKE_PIDS+=("$HELPER")
    wait_until "the helper owns $HELPER_NAME" 10 system_has_owner "$HELPER_NAME"
}

# timer_left: the seconds left of the helper's CLOCK_REALTIME_ALARM timer (clockid 8), from its fdinfo.
timer_left() {
    local file
    for file in /proc/"$HELPER"/fdinfo/*; do
        grep -q '^clockid: 8$' "$file" 2>/dev/null || continue
        sed -n 's/^it_value: (\([0-9]*\), [0-9]*)$/\1/p' "$file"
        return
    done
}
# armed_at T: an alarm timer is armed at Unix second T (/proc/timer_list lists armed ones only;
# on this kernel a disarmed timerfd keeps showing its old expiry in fdinfo).
armed_at() { grep -A1 "alarmtimer_fired" /proc/timer_list | grep -q "expires at $1000000000-"; }
# armed_about T: the helper's timer has T - now seconds left, give or take the reading, and is armed.
armed_about() {
    local left expected=$(($1 - $(date +%s)))
    left=$(timer_left)
    [ -n "$left" ] && [ "$left" -ge $((expected - 2)) ] && [ "$left" -le $((expected + 1)) ] && armed_at "$1"
}

# ---- Agents of unprivileged users, each with its files, session bus and notification server
# ---- in $DIR/NAME. NAME is the user's name.

# agent_user_prefix NAME: sets AS to the command that runs what follows it as NAME, in NAME's session.
agent_user_prefix() {
    local name=$1
    as_prefix "$name"
    AS+=(env HOME="$DIR/$name/home" XDG_DATA_HOME="$DIR/$name/data" XDG_CONFIG_HOME="$DIR/$name/config"
        DBUS_SESSION_BUS_ADDRESS="unix:path=$DIR/$name/s/session_bus_socket" DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS"
        REVEILLE_DATADIR="$WAKE_DATA" REVEILLE_CLI="$WAKE_BIN/reveille" TZ=UTC LANG=C.UTF-8 REVEILLE_TERMINAL=true)
}
# as_agent_user NAME COMMAND...: COMMAND as NAME, in NAME's session.
as_agent_user() {
    local AS
    agent_user_prefix "$1"
    "${AS[@]}" "${@:2}"
}

# start_agent_session NAME: creates user NAME if needed, starts its session bus and notification
# server, then its agent (keep_awake off: nothing here may hold the machine up by other means).
start_agent_session() {
    local name=$1
    ensure_user "$name"
    mkdir -p "$DIR/$name/home" "$DIR/$name/data" "$DIR/$name/config/reveille" "$DIR/$name/s"
    printf '[agent]\nkeep_awake = 0\n' >"$DIR/$name/config/reveille/reveille.conf"
    chown -R "$name" "$DIR/$name"
    "$REPO/Tests/fixtures/bus-config.sh" session "$DIR/$name/s/session_bus_socket" >"$DIR/$name/session.conf"
    as_agent_user "$name" dbus-daemon --config-file="$DIR/$name/session.conf" --fork --nopidfile --print-pid=3 \
        3>"$DIR/$name/session.pid" </dev/null >/dev/null
    WAKE_PIDS+=("$(cat "$DIR/$name/session.pid")")
    local AS
    agent_user_prefix "$name"
    "${AS[@]}" /usr/bin/python3 -m dbusmock --template notification_daemon \
        -p '{"capabilities": "body actions persistence"}' </dev/null >"$DIR/$name/notify.log" 2>&1 &
    WAKE_PIDS+=($!)
    wait_until "$name's notification server" 10 session_has_owner "$name" org.freedesktop.Notifications
    start_user_agent "$name"
}

# start_user_agent NAME: NAME's agent; its own pid (not the shell's) in AGENT_PID[NAME].
declare -A AGENT_PID=()
start_user_agent() {
    local name=$1 AS
    agent_user_prefix "$name"
    "${AS[@]}" "$WAKE_BIN/reveilled" </dev/null >>"$DIR/$name/agent.log" 2>&1 &
    WAKE_PIDS+=($!)
    wait_until "$name's agent owns $SERVICE" 10 session_has_owner "$name" "$SERVICE"
    AGENT_PID[$name]=$(as_agent_user "$name" busctl --user call org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus GetConnectionUnixProcessID s "$SERVICE" | sed 's/^u //')
    WAKE_PIDS+=("${AGENT_PID[$name]}")
}

# session_has_owner NAME BUS-NAME: BUS-NAME has an owner on NAME's session bus.
session_has_owner() {
    as_agent_user "$1" gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner "$2" 2>/dev/null | grep -q true
}

# reveille_as NAME ARGS...: the CLI in NAME's session.
reveille_as() { as_agent_user "$1" "$WAKE_BIN/reveille" "${@:2}"; }
# wake_state_of NAME: NAME's agent's WakeState, as busctl prints it: (sx) "helper" 1800000000.
wake_state_of() { as_agent_user "$1" busctl --user get-property "$SERVICE" "$OBJECT" "$IFACE" WakeState; }
# ringing_of NAME: NAME's agent's RingingAlarms, as busctl prints it.
ringing_of() { as_agent_user "$1" busctl --user get-property "$SERVICE" "$OBJECT" "$IFACE" RingingAlarms; }
# fire_of NAME ID: the alarm's next fire, in Unix seconds.
fire_of() {
    reveille_as "$1" show "$2" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["next_fire"])'
}
