# Helpers for Reveille's end-to-end tests. Source it from a test script; BIN is the
# directory with the reveille and reveilled binaries.
# shellcheck shell=bash
set -euo pipefail

E2E_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$E2E_DIR/../.." && pwd)
: "${BIN:?set BIN to the directory holding reveille and reveilled}"
export REVEILLE_DATADIR=$REPO/data
# The build tree's catalogues (make locale, scripts/po/compile.sh), as /usr/share/locale is installed.
export REVEILLE_LOCALEDIR=$REPO/build/locale
export REVEILLE_CLI=$BIN/reveille
export TZ=UTC
# The captcha shows × and −: the terminal must speak UTF-8 whatever the caller's locale. And
# whatever the caller's language, every test reads the English it parses: a test of a language
# sets LC_ALL and LANGUAGE itself, for the command or the session it means.
export LANG=C.UTF-8 LC_ALL=C.UTF-8
unset LANGUAGE
REVEILLE=$BIN/reveille
SERVICE=io.github.Reveille1
OBJECT=/io/github/Reveille1
IFACE=io.github.Reveille1.Manager

fail() { echo "FAIL: $*" >&2; exit 1; }
note() { echo "  - $*"; }

# A fresh private session for this test, stopped when the test exits. A session that failed
# to start would leave the test on the caller's own bus and HOME, which on a developer's
# desktop holds the real alarms: refuse to run anywhere but inside SESSION.
start_session() {
    SESSION=$(mktemp -d "${TMPDIR:-/tmp}/reveille-e2e.XXXXXX")
    SESSION=$(cd "$SESSION" && pwd -P)
    mkdir "$SESSION/beside"
    trap 'stop_session' EXIT
    local environment
    environment=$("$E2E_DIR/session.sh" start "$SESSION") || fail "session.sh start $SESSION failed (see above)"
    eval "$environment"
    case ${DBUS_SESSION_BUS_ADDRESS:-} in
    *"=$SESSION/"*) ;;
    *) fail "the session bus '${DBUS_SESSION_BUS_ADDRESS:-}' is not inside $SESSION" ;;
    esac
    case ${HOME:-} in
    "$SESSION"/*) ;;
    *) fail "HOME '${HOME:-}' is not inside $SESSION" ;;
    esac
}

stop_session() {
    local pidfile
    for pidfile in "$SESSION"/beside/*.pid; do
        [ -f "$pidfile" ] || continue
        stop_beside "$(basename "$pidfile" .pid)"
    done
    if [ -f "$SESSION/agent.pid" ]; then
        kill -9 "$(agent_pid)" 2>/dev/null || true
        wait "$(agent_pid)" 2>/dev/null || true
    fi
    [ -z "${REVEILLE_TMUX:-}" ] || $REVEILLE_TMUX kill-server 2>/dev/null || true
    "$E2E_DIR/session.sh" stop "$SESSION" || true
    [ "${KEEP_SESSION:-}" ] || rm -rf "$SESSION"
}

# run_beside NAME COMMAND...: runs COMMAND in the background beside the session (a stand-in, a
# panel, a notification server), its output in $SESSION/NAME.log, until stop_beside NAME or the
# end of the session. A process started otherwise is stopped with the session once its pid is in
# $SESSION/beside/NAME.pid.
run_beside() {
    local name=$1
    shift
    "$@" </dev/null >>"$SESSION/$name.log" 2>&1 &
    echo $! >"$SESSION/beside/$name.pid"
}
stop_beside() {
    local pid
    pid=$(cat "$SESSION/beside/$1.pid" 2>/dev/null) || return 0
    rm -f "$SESSION/beside/$1.pid"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

# start_display WIDTHxHEIGHT: a virtual display (Xvfb), and xfconfd, the settings server of the
# Xfce programs a test shows on it. The test bus activates nothing (bus-config.sh), so xfconfd is
# started here. Exports DISPLAY; both stop with the session.
start_display() {
    # No accessibility bus on a test bus; the cache stays in the session too.
    export NO_AT_BRIDGE=1 XDG_CACHE_HOME=$SESSION/cache
    # -displayfd: Xvfb picks a free display, so that two tests side by side do not collide.
    Xvfb -displayfd 3 -screen 0 "${1}x24" -nolisten tcp 3>"$SESSION/display" 2>"$SESSION/xvfb.log" &
    echo $! >"$SESSION/beside/xvfb.pid"
    wait_until "Xvfb names its display" 10 test -s "$SESSION/display"
    export DISPLAY=:$(cat "$SESSION/display")
    run_beside xfconfd /usr/lib/*/xfce4/xfconf/xfconfd
    wait_until "xfconfd is on the bus" 10 has_owner org.xfce.Xfconf
}
# lit_pixels FILE [CONVERT-OPTIONS...]: how many pixels of the screenshot FILE (after the options,
# a -crop say) are not black, as an empty Xvfb screen is.
lit_pixels() {
    local file=$1
    shift
    convert "$file" "$@" -fill white +opaque black -format '%[fx:round(mean*w*h)]' info:
}

# Writes the agent's configuration file (before start_agent).
configure() {
    mkdir -p "$XDG_CONFIG_HOME/reveille"
    printf '%s\n' "$@" >"$XDG_CONFIG_HOME/reveille/reveille.conf"
}

# Starts the agent in the background and waits until it owns its name.
start_agent() {
    "$BIN/reveilled" >>"$SESSION/agent.log" 2>&1 &
    echo $! >"$SESSION/agent.pid"
    wait_until "agent owns $SERVICE" 10 has_owner "$SERVICE"
}

agent_pid() { cat "$SESSION/agent.pid"; }

# Stops the agent: with -9 as a crash would, else as systemd does (SIGTERM).
stop_agent() {
    local signal=${1:--TERM}
    kill "$signal" "$(agent_pid)" 2>/dev/null || true
    wait "$(agent_pid)" 2>/dev/null || true
    wait_until "the name $SERVICE is gone" 10 not has_owner "$SERVICE"
}

has_owner() {
    gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}
not() { ! "$@"; }

# wait_until DESCRIPTION SECONDS COMMAND...: retries the command every 0.1 s.
wait_until() {
    local what=$1 seconds=$2
    shift 2
    local tries=$((seconds * 10))
    until "$@"; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || fail "timed out after ${seconds}s waiting until $what"
        sleep 0.1
    done
}

# busctl call on the manager interface; prints the reply.
call() {
    local method=$1
    shift
    busctl --user call "$SERVICE" "$OBJECT" "$IFACE" "$method" "$@"
}

# gdbus call on the manager interface, arguments in GVariant text: gcall Snooze "'ID'".
gcall() {
    local method=$1
    shift
    gdbus call --session --dest "$SERVICE" --object-path "$OBJECT" --method "$IFACE.$method" "$@"
}

# expect_error ERROR-NAME COMMAND...: the command fails with that D-Bus error.
expect_error() {
    local name=$1 output
    shift
    if output=$("$@" 2>&1); then fail "expected $name from: $* (got: $output)"; fi
    case $output in
    *"$name"*) ;;
    *) fail "expected $name from: $*, got: $output" ;;
    esac
}

assert_eq() { [ "$1" = "$2" ] || fail "${3:-values differ}: expected '$2', got '$1'"; }
assert_contains() {
    case $1 in *"$2"*) ;; *) fail "${3:-missing text}: '$2' not in '$1'" ;; esac
}
assert_not_contains() {
    case $1 in *"$2"*) fail "${3:-unexpected text}: '$2' in '$1'" ;; *) ;; esac
}

# The id of a new alarm from `reveille add ARGS`.
add_alarm() { "$REVEILLE" add "$@"; }

# Whether the alarm is ringing, as the agent says.
is_ringing() { "$REVEILLE" show "$1" --json | /usr/bin/python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["ringing"] else 1)'; }

# The calls the mock notification server got, as JSON.
notify_calls() { /usr/bin/python3 "$REPO/Tests/fixtures/notify-calls.py" "$DBUS_SESSION_BUS_ADDRESS" "$1"; }

# The newest Notify call's field: summary, body, actions (their keys), buttons (their labels, one a
# line), timeout, urgency, count (of Notify calls), or a hint's value as JSON.
last_notify() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
calls = json.load(sys.stdin)
app, replaces, icon, summary, body, actions, hints, timeout = calls[-1]
field = sys.argv[1]
print({"summary": summary, "body": body, "actions": " ".join(actions[0::2]), "buttons": "\n".join(actions[1::2]),
       "timeout": timeout,
       "urgency": hints.get("urgency"), "count": len(calls)}.get(field, json.dumps(hints.get(field))))' "$1"
}

# The unique name owning the notification name: a restarted server has a new one.
server_owner() {
    gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.GetNameOwner org.freedesktop.Notifications
}

# The mock server's id of the newest notification (it numbers new ones 1, 2, …).
current_notification() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
calls = json.load(sys.stdin)
new = [c for c in calls if c[1] == 0]
print(calls[-1][1] or len(new))'
}

# Clicks an action of notification number N on the mock server.
click() {
    gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications ActionInvoked us \
        "[<uint32 $1>, <'$2'>]" >/dev/null
}

# Records the null sink's monitor in the background into FILE.
record_start() {
    parecord -d testsink.monitor --file-format=wav "$1" &
    RECORDER=$!
    sleep 0.3
}
record_stop() { kill "$RECORDER" 2>/dev/null || true; wait "$RECORDER" 2>/dev/null || true; }

# RMS amplitude of FILE (optionally from START for LENGTH seconds). A failed sox, an empty
# window or a NaN is an error, never a quiet 0: a silence check must not pass on no recording.
rms() {
    local file=$1 out level
    shift
    out=$(sox "$file" -n trim "${@:-0}" stat 2>&1) || fail "sox cannot measure $file ${*:-}: $out"
    level=$(echo "$out" | sed -n 's/^RMS *amplitude: *//p')
    [[ $level =~ ^[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$ ]] || fail "no RMS amplitude in $file ${*:-} (sox said: $out)"
    echo "$level"
}
# Seconds of audio in FILE; an unreadable file is an error.
duration() {
    local length
    length=$(soxi -D "$1" 2>&1) || fail "soxi cannot read $1: $length"
    echo "$length"
}
louder_than() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

# assert_stopped FILE LOUD_UNTIL WHAT: FILE was recorded across the moment the sound should
# stop (WHAT), which came after its first LOUD_UNTIL seconds (long enough to span a pause in
# the alarm sound). The same recording must be loud before it and silent over its last second,
# and long enough for both: a dead recorder or an empty file fails instead of passing as silence.
assert_stopped() {
    local file=$1 loud_until=$2 what=$3 length before after
    length=$(duration "$file")
    louder_than "$length" "$(awk -v l="$loud_until" 'BEGIN { print l + 1.2 }')" ||
        fail "the recording across $what is too short ($length s)"
    before=$(rms "$file" 0.1 "$(awk -v l="$loud_until" 'BEGIN { print l - 0.1 }')")
    after=$(rms "$file" "$(awk -v t="$length" 'BEGIN { print t - 1 }')" 1)
    note "RMS before $what $before, after $after, over $length s"
    louder_than "$before" 0.01 || fail "no sound before $what (RMS $before): the recording did not hear the alarm"
    louder_than 0.001 "$after" || fail "sound still playing after $what (RMS $after)"
}

# The captcha screen in tmux, and typing into it.
captcha_screen() { $REVEILLE_TMUX capture-pane -p -t captcha 2>/dev/null; }
captcha_open() { $REVEILLE_TMUX has-session -t captcha 2>/dev/null; }
captcha_type() { $REVEILLE_TMUX send-keys -t captcha -l -- "$1" && $REVEILLE_TMUX send-keys -t captcha Enter; }

# The answer to the prompt on screen or from GetChallenge: "a × b + c = ?" or "Type: w1 w2".
answer_of() {
    /usr/bin/python3 -c '
import re, sys
prompt = sys.argv[1]
m = re.search(r"Type: (.*)", prompt)
if m:
    print(m.group(1).strip()); sys.exit()
m = re.search(r"(\d+) ([+×−-]) (\d+)(?: ([+−-]) (\d+))? = \?", prompt)
a, op, b, op2, c = m.groups()
ops = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "−": lambda x, y: x - y, "×": lambda x, y: x * y}
v = ops[op](int(a), int(b))
if op2:
    v = ops[op2](v, int(c))
print(v)' "$1"
}

# The current prompt of a ringing alarm, from the agent.
challenge_field() {
    gdbus call --session --dest "$SERVICE" --object-path "$OBJECT" --method "$IFACE.GetChallenge" "$1" |
        /usr/bin/python3 -c '
import re, sys
text = sys.stdin.read()
m = re.search(r"\x27%s\x27: <([^>]*)>" % sys.argv[1], text)
v = m.group(1) if m else ""
v = re.sub(r"^(uint32|int64|@\w+) ", "", v).strip("\x27")
print(v)' "$2"
}

# ---- Ringing robustness helpers (test-no-way-around, test-kill-while-ringing,
# ---- test-ringing-signals, test-nudge).

# Another program holds the alarm database locked (BEGIN EXCLUSIVE, as a backup tool or an
# sqlite3 shell would) until $SESSION/hold is removed; HOLDER is its pid.
hold_database_lock() {
    touch "$SESSION/hold"
    /usr/bin/python3 -c '
import os, sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
open(sys.argv[2] + ".taken", "w").close()
while os.path.exists(sys.argv[2]):
    time.sleep(0.05)
db.execute("COMMIT")' "$XDG_DATA_HOME/reveille/alarms.db" "$SESSION/hold" &
    HOLDER=$!
    wait_until "the lock is taken" 10 test -e "$SESSION/hold.taken"
}

# The agent's RingingAlarms property, as busctl prints it: as 1 "ID".
ringing_alarms() { busctl --user get-property "$SERVICE" "$OBJECT" "$IFACE" RingingAlarms; }
# The agent's NextFire property: (sx) "ID" UNIX-SECONDS.
next_fire() { busctl --user get-property "$SERVICE" "$OBJECT" "$IFACE" NextFire; }
# How many calls of METHOD (Notify, CloseNotification) the mock notification server got.
notify_count() { notify_calls "$1" | /usr/bin/python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'; }
# The pid of the process running in the captcha's tmux pane.
captcha_pid() { $REVEILLE_TMUX list-panes -t captcha -F '#{pane_pid}' 2>/dev/null | head -1; }
# solve_by_calls ID WHAT: answers the alarm's current problem over D-Bus, as a client showing it
# would, up to three times (a problem may time out or change meanwhile), until the alarm is dismissed.
solve_by_calls() {
    local outcome= prompt
    for _ in 1 2 3; do
        prompt=$(challenge_field "$1" prompt)
        outcome=$(gcall SubmitAnswer "'$1'" "'$(answer_of "$prompt")'" | sed -n "s/^('\([a-z]*\)'.*/\1/p")
        [ "$outcome" = dismissed ] && break
    done
    assert_eq "$outcome" dismissed "$2"
}

# The terminal, counted: each launch adds a line to $SESSION/terminals.log, then tmux starts the
# captcha detached (as gnome-terminal does, the launcher returns at once). `launches` says how many.
count_terminal_launches() {
    cat >"$SESSION/terminal.sh" <<SCRIPT
#!/bin/sh
echo launched >>"$SESSION/terminals.log"
exec $REVEILLE_TMUX new-session -d -s captcha -x 80 -y 24 "\$@"
SCRIPT
    chmod +x "$SESSION/terminal.sh"
    export REVEILLE_TERMINAL=$SESSION/terminal.sh
}
launches() { cat "$SESSION/terminals.log" 2>/dev/null | wc -l; }

# Types the right answer to the problem the captcha's screen shows, and Enter.
answer_captcha() { captcha_type "$(answer_of "$(captcha_screen | grep -F "= ?" | head -1)")"; }
# Whether the captcha's screen shows TEXT.
captcha_shows() { captcha_screen | grep -qF -- "$1"; }
# output_is OP VALUE COMMAND...: COMMAND's output compares to VALUE by test's OP (-ge, =, …).
# For wait_until, which re-runs it: `wait_until "posted" 5 test "$(notify_count Notify)" -ge 1`
# would compare one value captured before the wait.
output_is() {
    local op=$1 value=$2
    shift 2
    [ "$("$@")" "$op" "$value" ]
}

# ---- A private system bus with python3-dbusmock's logind, upower and power-profiles-daemon
# ---- (test-resume, test-low-power). Call after start_session; stopped with it.

# Starts a dbus-daemon of type system on a socket in the session and exports DBUS_SYSTEM_BUS_ADDRESS.
start_system_bus() {
    local socket=$SESSION/system_bus_socket
    "$REPO/Tests/fixtures/bus-config.sh" system "$socket" >"$SESSION/system.conf"
    dbus-daemon --config-file="$SESSION/system.conf" --fork --nopidfile --print-pid=3 3>"$SESSION/system-bus.pid" </dev/null >/dev/null
    export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$socket
    trap 'stop_system_bus; stop_session' EXIT
}

stop_system_bus() {
    local pid
    for pid in $(cat "$SESSION"/system-mock-*.pid "$SESSION/system-bus.pid" 2>/dev/null); do
        kill "$pid" 2>/dev/null || true
    done
}

# start_system_mock TEMPLATE NAME [PARAMETERS]: runs dbusmock's TEMPLATE on the system bus until NAME is owned.
start_system_mock() {
    local template=$1 name=$2
    /usr/bin/python3 -m dbusmock --system --template "$template" ${3:+-p "$3"} \
        </dev/null >"$SESSION/system-mock-$template.log" 2>&1 &
    echo $! >"$SESSION/system-mock-$template.pid"
    wait_until "$name is on the system bus" 10 system_has_owner "$name"
}

system_has_owner() {
    gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}

# system_mock_call NAME PATH METHOD ARGS...: calls a method of a mock (EmitSignal, SetProperty …).
system_mock_call() {
    local name=$1 path=$2 method=$3
    shift 3
    gdbus call --system --dest "$name" --object-path "$path" --method "$method" "$@" >/dev/null
}

# Makes the logind mock announce a suspend (true) or a resume (false).
prepare_for_sleep() {
    system_mock_call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.DBus.Mock.EmitSignal \
        org.freedesktop.login1.Manager PrepareForSleep b "[<$1>]"
}

# ---- The agent's data directory on a file system of its own: a small tmpfs that a test can
# ---- fill up or remount read-only (test-database-full-at-start, test-database-read-only).
# ---- File modes stop nothing as root; a mount does. Unmounted when the test exits, even on failure.

# mount_data_directory SIZE: mounts a tmpfs of SIZE (as mount's size=) at the data directory.
mount_data_directory() {
    DATA_MOUNT=$XDG_DATA_HOME/reveille
    mkdir -p "$DATA_MOUNT"
    mount -t tmpfs -o "size=$1,mode=0700" reveille-e2e "$DATA_MOUNT" ||
        fail "cannot mount a tmpfs at $DATA_MOUNT: this test needs root and the right to mount"
    trap 'unmount_data_directory; stop_session' EXIT
}

unmount_data_directory() {
    # The agent holds files in it: a busy file system would not unmount.
    if [ -f "$SESSION/agent.pid" ]; then
        kill -9 "$(agent_pid)" 2>/dev/null || true
        wait "$(agent_pid)" 2>/dev/null || true
    fi
    if mountpoint -q "$DATA_MOUNT"; then umount "$DATA_MOUNT" 2>/dev/null || umount -l "$DATA_MOUNT"; fi
}

# Fills the data directory's file system to the last byte.
fill_data_directory() {
    dd if=/dev/zero of="$DATA_MOUNT/filler" bs=4k status=none 2>/dev/null || true
    [ "$(stat -f -c %a "$DATA_MOUNT")" = 0 ] || fail "the data directory's file system still has room"
}

# The summaries and bodies of the notices (notifications without actions) the agent posted.
notices() {
    notify_calls Notify | /usr/bin/python3 -c '
import json, sys
for app, replaces, icon, summary, body, actions, hints, timeout in json.load(sys.stdin):
    if not actions:
        print(summary + ": " + body)'
}
