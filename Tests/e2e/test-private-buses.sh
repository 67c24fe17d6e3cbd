#!/bin/bash
# Every private bus the tests start can D-Bus-activate nothing of the machine's. On a desktop
# with dunst installed, a test bus with the default config started dunst on the first call to
# org.freedesktop.Notifications, so a test of "no notification server" failed there. Here a
# notification daemon is "installed" where a default session bus looks for one (the user's
# and the system's data dirs), so the test fails on such a bus on any machine.
source "$(dirname "$0")/lib.sh"
SESSION=$(mktemp -d "${TMPDIR:-/tmp}/reveille-e2e.XXXXXX")
cleanup() { stop_system_bus; "$REPO/Tests/fixtures/notify-session.sh" stop "$SESSION/bus"; rm -rf "$SESSION"; }
trap cleanup EXIT

activatable() { gdbus call --"$1" --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.ListActivatableNames; }

daemon=$SESSION/installed-notification-daemon
printf '#!/bin/sh\ntouch "%s.ran"\n' "$daemon" >"$daemon"
chmod +x "$daemon"
for data in "$SESSION/home-data" "$SESSION/system-data"; do
    mkdir -p "$data/dbus-1/services"
    printf '[D-BUS Service]\nName=org.freedesktop.Notifications\nExec=%s\n' "$daemon" \
        >"$data/dbus-1/services/org.freedesktop.Notifications.service"
done

note "the session bus of the notification fixture (NotifyTests, every e2e session, the demo)"
export DBUS_SESSION_BUS_ADDRESS=$(XDG_DATA_HOME=$SESSION/home-data XDG_DATA_DIRS=$SESSION/system-data \
    "$REPO/Tests/fixtures/notify-session.sh" bus "$SESSION/bus")
assert_eq "$(activatable session)" "(['org.freedesktop.DBus'],)" "names the test session bus can activate"
expect_error org.freedesktop.DBus.Error.ServiceUnknown \
    gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
    --method org.freedesktop.Notifications.GetCapabilities
[ ! -e "$daemon.ran" ] || fail "the test bus started the machine's notification daemon"

note "the system bus of the logind, upower and power-profiles mocks"
start_system_bus
trap cleanup EXIT # start_system_bus's own trap stops a whole e2e session, which this test has not
assert_eq "$(activatable system)" "(['org.freedesktop.DBus'],)" "names the test system bus can activate"

note "no test or script starts a bus with a default config"
# install-test.sh starts the installed package's session bus inside its own Debian root, where
# nothing of this machine's is; it is the one bus that must find a service dir: the package's.
defaults=$(cd "$REPO" && grep -rnE 'dbus-daemon.*--(session|system)([^-]|$)|dbus-run-session' \
    Tests scripts Makefile --include='*.sh' --include='*.swift' --include='*.py' --include=Makefile |
    grep -v -e '^Tests/packaging/install-test.sh:' -e '^Tests/e2e/test-private-buses.sh:' |
    grep -v -- '--config-file' || true)
[ -z "$defaults" ] || fail "start these buses with a config from Tests/fixtures/bus-config.sh:
$defaults"

echo "test buses activate nothing: session and system, whatever the machine has installed"
