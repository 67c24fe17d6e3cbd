#!/bin/bash
# A challenge terminal that dies at once (konsole aborting because it cannot reach the display)
# is not left silent. Within a few seconds of the Dismiss: a notice names the terminal and how it
# ended, with its last words; the ringing notification now says how to stop the alarm from a
# terminal the person opens; the terminal's stderr is in the log; the alarm rings on; and the
# next Dismiss tries a terminal again at once. `reveille dismiss` in a terminal still stops it.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
cat >"$SESSION/konsole" <<SCRIPT
#!/bin/sh
echo launched >>"$SESSION/terminals.log"
echo "qt.qpa.xcb: could not connect to display :99" >&2
kill -ABRT \$\$
SCRIPT
chmod +x "$SESSION/konsole"
export REVEILLE_TERMINAL=$SESSION/konsole
launches() { cat "$SESSION/terminals.log" 2>/dev/null | wc -l; }
# The summaries of every notification posted so far, one a line.
summaries() { notify_calls Notify | /usr/bin/python3 -c 'import json, sys; print("\n".join(c[3] for c in json.load(sys.stdin)))'; }
start_agent

id=$(add_alarm 11:11 --label "Dead terminal" --challenge math:easy)
"$REVEILLE" trigger "$id"
wait_until "it rings" 5 is_ringing "$id"
gcall Dismiss "'$id'" >/dev/null
wait_until "the terminal was launched" 5 test -s "$SESSION/terminals.log"
noticed() { summaries | grep -qx 'The challenge terminal did not open'; }
wait_until "a notice says the terminal did not open" 10 noticed
notice=$(notify_calls Notify | /usr/bin/python3 -c 'import json, sys
print([c[4] for c in json.load(sys.stdin) if c[3] == "The challenge terminal did not open"][-1])')
assert_contains "$notice" "konsole ended (killed by signal 6)" "the notice names the terminal and how it ended"
assert_contains "$notice" "could not connect to display" "the notice gives the terminal's last words"
assert_contains "$notice" "reveille dismiss $id" "the notice says how to stop the alarm"
assert_contains "$(last_notify body)" "reveille dismiss" "the ringing notification, posted again"
grep -q "terminal 'konsole': qt.qpa.xcb: could not connect to display" "$SESSION/agent.log" ||
    fail "the terminal's stderr is not in the log"
is_ringing "$id" || fail "the alarm stopped ringing when its terminal died"

note "the next Dismiss tries a terminal again at once, with no second notice"
gcall Dismiss "'$id'" >/dev/null
launched_twice() { [ "$(launches)" -ge 2 ]; }
wait_until "a second launch" 5 launched_twice
sleep 6
assert_eq "$(summaries | grep -cx 'The challenge terminal did not open')" 1 "notices about the dead terminal"

note "reveille dismiss in a terminal the person opens stops it"
$REVEILLE_TMUX new-session -d -s term -x 80 -y 24 "$(printf '%q ' "$REVEILLE" dismiss "$id")"
wait_until "the challenge shows in the terminal" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t term 2>/dev/null | grep -q '= ?'"
prompt=$($REVEILLE_TMUX capture-pane -p -t term | grep -F "= ?" | head -1)
$REVEILLE_TMUX send-keys -t term -l -- "$(answer_of "$prompt")"
$REVEILLE_TMUX send-keys -t term Enter
wait_until "the alarm stops" 10 not is_ringing "$id"
echo "a terminal that dies at once is named in a notice, and the notification says how to stop the alarm"
