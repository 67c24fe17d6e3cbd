#!/bin/sh
# A private desktop session for end-to-end tests and the demo: a session bus with
# python3-dbusmock's notification server, PulseAudio with a null sink, temporary XDG
# directories, and tmux as the "terminal" the agent opens challenges in.
#
#   eval "$(Tests/e2e/session.sh start DIR)"   # prints the environment to use
#   Tests/e2e/session.sh stop DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
fixtures=$here/../fixtures

command=${1:-}
dir=${2:-}
[ -n "$command" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 64; }

case $command in
start)
    mkdir -p "$dir/home" "$dir/data" "$dir/config"
    dir=$(cd "$dir" && pwd)
    address=$("$fixtures/notify-session.sh" bus "$dir/notify")
    "$fixtures/notify-session.sh" server "$dir/notify" >&2
    "$fixtures/pulse-session.sh" start "$dir/pulse" >"$dir/pulse.env"
    cat "$dir/pulse.env"
    echo "export DBUS_SESSION_BUS_ADDRESS='$address'"
    echo "export HOME='$dir/home' XDG_DATA_HOME='$dir/data' XDG_CONFIG_HOME='$dir/config'"
    echo "export REVEILLE_SESSION_DIR='$dir'"
    # The agent opens challenges in a detached tmux session the test can read and type into.
    echo "export REVEILLE_TMUX='tmux -u -L reveille-$$-$(date +%s)'"
    echo "export REVEILLE_TERMINAL=\"\$REVEILLE_TMUX new-session -d -s captcha -x 80 -y 24\""
    ;;
stop)
    [ -f "$dir/agent.pid" ] && kill -9 "$(cat "$dir/agent.pid")" 2>/dev/null || true
    if [ -f "$dir/pulse.env" ]; then
        "$fixtures/pulse-session.sh" stop "$dir/pulse" >/dev/null 2>&1 || true
    fi
    "$fixtures/notify-session.sh" stop "$dir/notify" 2>/dev/null || true
    ;;
*)
    echo "unknown command '$command'" >&2
    exit 64
    ;;
esac
