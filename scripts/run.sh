#!/bin/sh
# `make run`: the agent on your desktop's session bus; without a desktop session, the demo.
#   scripts/run.sh BIN
set -eu
BIN=$(cd "${1:?usage: $0 BIN}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
export REVEILLE_DATADIR=${REVEILLE_DATADIR:-$here/../data}
export REVEILLE_CLI=$BIN/reveille

bus_up() {
    [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] &&
        gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.GetId >/dev/null 2>&1
}

if ! bus_up || { [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; }; then
    echo "No desktop session here: running the headless demo instead."
    exec "$here/demo.sh" "$BIN"
fi

if gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner io.github.Reveille1 2>/dev/null | grep -q true; then
    echo "An agent already serves io.github.Reveille1 on your session bus; use it with: $BIN/reveille list"
    exit 0
fi
echo "Starting reveilled on your session bus (Ctrl-C stops it). In another terminal:"
echo "  $BIN/reveille add 07:00 --repeat weekdays --label Work"
echo "  $BIN/reveille list"
exec "$BIN/reveilled"
