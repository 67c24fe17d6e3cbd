#!/bin/bash
# Reading a challenge shows nothing. While an alarm rings, a program on the session bus (a
# status-bar script, a widget) calls GetChallenge and BeginChallenge and keeps its connection
# open. A click on Dismiss still opens a terminal, a double click opens one, the captcha that the
# agent started is followed by the name it was given, so killing it is noticed, and the next
# D-Bus Dismiss opens a new terminal, whose captcha silences the alarm. The reader never left.
# A widget that opens and closes its view of the challenge 300 times adds no stored row (issue 22 D.1).
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
count_terminal_launches
start_agent

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Read by a widget" --challenge math:easy)
note "alarm $id due at $due"
wait_until "it rings" 15 is_ringing "$id"

# The widget: reads and begins the challenge, says so, and stays on the bus.
/usr/bin/python3 - "$id" "$SESSION/reader.ready" <<'PY' &
import dbus, sys, time
bus = dbus.SessionBus()
manager = dbus.Interface(bus.get_object("io.github.Reveille1", "/io/github/Reveille1"), "io.github.Reveille1.Manager")
manager.GetChallenge(sys.argv[1])
manager.BeginChallenge(sys.argv[1])
manager.GetChallenge(sys.argv[1])
open(sys.argv[2], "w").write("ready\n")
time.sleep(600)
PY
READER=$!
trap 'kill $READER 2>/dev/null || true; stop_session' EXIT
wait_until "the widget has read the challenge" 10 test -s "$SESSION/reader.ready"

notification=$(current_notification)
note "a double click on Dismiss (notification $notification)"
click "$notification" dismiss
click "$notification" dismiss
wait_until "the captcha shows its problem" 10 captcha_shows "= ?"
sleep 0.5
assert_eq "$(launches)" 1 "terminals launched by a double click on Dismiss while a widget read the challenge"
first=$(captcha_pid)

note "Dismiss while the agent's captcha runs opens no second terminal"
sleep 2.5
gcall Dismiss "'$id'" >/dev/null
sleep 0.5
assert_eq "$(launches)" 1 "terminals launched while the agent's captcha runs"

kill -9 "$first"
note "captcha $first killed with -9"
wait_until "its tmux session is gone" 5 not captcha_open
wait_until "the agent knows the captcha was closed" 5 grep -q "the challenge of $id was closed" "$SESSION/agent.log"
is_ringing "$id" || fail "the alarm stopped ringing when its captcha closed"

note "a widget that opens and closes its view 300 times grows nothing the agent stores"
/usr/bin/python3 - "$id" <<'PY'
import os, sys, dbus
for _ in range(300):
    bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
    dbus.Interface(bus.get_object("io.github.Reveille1", "/io/github/Reveille1"), "io.github.Reveille1.Manager").GetChallenge(sys.argv[1])
    bus.close()
PY
rows=$(/usr/bin/python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=5)
print(db.execute("SELECT COUNT(*) FROM challenge_run c JOIN run r ON r.id = c.run_id WHERE r.alarm_id = ?", (sys.argv[2],)).fetchone()[0])' \
    "$XDG_DATA_HOME/reveille/alarms.db" "$id")
[ "$rows" -le 4 ] || fail "300 reads of the challenge left $rows challenge runs stored"
is_ringing "$id" || fail "the alarm stopped ringing"

note "a D-Bus Dismiss opens a new terminal at once"
gcall Dismiss "'$id'" >/dev/null
wait_until "a new captcha shows its problem" 10 captcha_shows "= ?"
assert_eq "$(launches)" 2 "terminals launched after the captcha was closed"

answer_captcha
wait_until "the alarm is dismissed" 10 not is_ringing "$id"
kill -0 "$READER" 2>/dev/null || fail "the widget left the bus: the test proved nothing"
echo "a widget that reads the challenge keeps no terminal from opening; the agent's own captcha is followed"
