#!/bin/bash
# keep_awake on the desktop's side: where GNOME's session manager and the freedesktop
# screensaver run (python3-dbusmock objects on the session bus here), an alarm due within
# keep_awake calls their Inhibit (GNOME with flag 8, "idle"), and removing it calls
# Uninhibit / UnInhibit with the cookies they handed out.
source "$(dirname "$0")/lib.sh"
start_session
start_system_bus
start_system_mock logind org.freedesktop.login1
configure "[agent]" "keep_awake = 1h" "wake_from_suspend = no"

# start_desktop_mock NAME PATH: a bare dbusmock object owning NAME on the session bus.
start_desktop_mock() {
    /usr/bin/python3 -m dbusmock --session "$1" "$2" "$1" </dev/null >"$SESSION/mock-$1.log" 2>&1 &
    echo $! >>"$SESSION/desktop-mocks.pid"
    wait_until "$1 is on the session bus" 10 has_owner "$1"
}
# mock_call NAME PATH METHOD ARGS...: a method of the mock itself (AddMethod, GetMethodCalls).
mock_call() {
    local name=$1 path=$2 method=$3
    shift 3
    gdbus call --session --dest "$name" --object-path "$path" --method "org.freedesktop.DBus.Mock.$method" "$@"
}
trap 'kill $(cat "$SESSION/desktop-mocks.pid" 2>/dev/null) 2>/dev/null || true; stop_system_bus; stop_session' EXIT

GNOME=org.gnome.SessionManager
GNOME_PATH=/org/gnome/SessionManager
SAVER=org.freedesktop.ScreenSaver
SAVER_PATH=/org/freedesktop/ScreenSaver
start_desktop_mock $GNOME $GNOME_PATH
mock_call $GNOME $GNOME_PATH AddMethod $GNOME Inhibit susu u "ret = 4242" >/dev/null
mock_call $GNOME $GNOME_PATH AddMethod $GNOME Uninhibit u "" "" >/dev/null
start_desktop_mock $SAVER $SAVER_PATH
mock_call $SAVER $SAVER_PATH AddMethod $SAVER Inhibit ss u "ret = 5151" >/dev/null
mock_call $SAVER $SAVER_PATH AddMethod $SAVER UnInhibit u "" "" >/dev/null
start_agent

# calls NAME PATH METHOD: the arguments of each call the mock got, one line each.
# A failed GetMethodCalls prints a line no check below accepts (it runs inside $(…)).
calls() {
    local reply
    reply=$(mock_call "$1" "$2" GetMethodCalls "$3" 2>&1) || { echo "GetMethodCalls failed: $reply"; return 1; }
    printf '%s' "$reply" | grep -o '\[<[^]]*\]' || true
}
called() { [ -n "$(calls "$@")" ]; }

sleep 0.5
assert_eq "$(calls $GNOME $GNOME_PATH Inhibit)" "" "GNOME Inhibit calls with no alarm"
assert_eq "$(calls $SAVER $SAVER_PATH Inhibit)" "" "ScreenSaver Inhibit calls with no alarm"

soon=$(add_alarm "$(date -d '+30 minutes' +%H:%M)" --label "Soon")
note "alarm $soon due in about 30 min"
wait_until "GNOME's session manager is asked to inhibit idle" 10 called $GNOME $GNOME_PATH Inhibit
wait_until "the screensaver is asked to inhibit" 10 called $SAVER $SAVER_PATH Inhibit
assert_eq "$(calls $GNOME $GNOME_PATH Inhibit)" "[<'io.github.Reveille1'>, <uint32 0>, <'An alarm is due soon'>, <uint32 8>]" "GNOME Inhibit's arguments"
assert_eq "$(calls $SAVER $SAVER_PATH Inhibit)" "[<'Reveille'>, <'An alarm is due soon'>]" "ScreenSaver Inhibit's arguments"
assert_eq "$(calls $GNOME $GNOME_PATH Uninhibit)" "" "GNOME Uninhibit while the alarm is close"
assert_eq "$(calls $SAVER $SAVER_PATH UnInhibit)" "" "ScreenSaver UnInhibit while the alarm is close"

"$REVEILLE" remove "$soon" >/dev/null
wait_until "GNOME's inhibitor is released" 10 called $GNOME $GNOME_PATH Uninhibit
wait_until "the screensaver's inhibitor is released" 10 called $SAVER $SAVER_PATH UnInhibit
assert_eq "$(calls $GNOME $GNOME_PATH Uninhibit)" "[<uint32 4242>]" "GNOME Uninhibit's cookie"
assert_eq "$(calls $SAVER $SAVER_PATH UnInhibit)" "[<uint32 5151>]" "ScreenSaver UnInhibit's cookie"
assert_eq "$(calls $GNOME $GNOME_PATH Inhibit | wc -l)" 1 "GNOME Inhibit calls in all"
echo "GNOME's session manager and the screensaver are inhibited while an alarm is within keep_awake, and released after"
