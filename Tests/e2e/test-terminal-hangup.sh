#!/bin/bash
# Closing the terminal an agent was started from never stops the alarms (issue 22 E). An agent
# run by hand in a terminal (a tmux pane here) gets the terminal's SIGHUP when it closes, and
# its log then writes to a hung-up terminal (EIO): it goes on ringing, answering and logging
# nowhere. An agent whose stderr is a pipe whose reader has gone (EPIPE, SIGPIPE) goes on too.
source "$(dirname "$0")/lib.sh"
start_session
PANE_TMUX="tmux -L reveille-hup-$$"
cleanup() {
    $PANE_TMUX kill-server 2>/dev/null || true
    [ ! -s "$SESSION/reader.pid" ] || kill "$(cat "$SESSION/reader.pid")" 2>/dev/null || true
    stop_session
}
trap cleanup EXIT
configure "[agent]" "fade_in = 1s"

alive() { kill -0 "$1" 2>/dev/null && [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" != Z ]; }

# The agent is the pane's process, as `reveilled` typed at a prompt is the terminal's foreground job.
$PANE_TMUX new-session -d -s agent -x 80 -y 24 "$BIN/reveilled"
wait_until "the agent in the terminal owns $SERVICE" 10 has_owner "$SERVICE"
pid=$($PANE_TMUX list-panes -t agent -F '#{pane_pid}')
echo "$pid" >"$SESSION/agent.pid"
id=$(add_alarm 7:00 --label "Hang-up" --challenge math:easy)
"$REVEILLE" trigger "$id"
wait_until "it rings" 10 is_ringing "$id"

# Closing the terminal: the pty hangs up, and the kernel sends SIGHUP to the agent, its session leader.
$PANE_TMUX kill-server
sleep 1
alive "$pid" || fail "the agent died when its terminal closed (SIGHUP)"
is_ringing "$id" || fail "the alarm stopped ringing when the agent's terminal closed"
# More log lines, now into a terminal that is gone (EIO): a snooze, a ring and the answer.
"$REVEILLE" snooze "$id" >/dev/null
"$REVEILLE" trigger "$id"
wait_until "it rings again after the terminal closed" 10 is_ringing "$id"
kill -HUP "$pid"
sleep 0.5
alive "$pid" || fail "the agent died of a SIGHUP while ringing"
has_owner "$SERVICE" || fail "the agent left the bus after its terminal closed"
note "the agent lives on, ringing, after its terminal closed and after another SIGHUP"
stop_agent

# stderr a pipe whose reader is gone: writes fail with EPIPE (and SIGPIPE, by default fatal).
mkfifo "$SESSION/log.fifo"
head -c 1 <"$SESSION/log.fifo" >/dev/null &
echo $! >"$SESSION/reader.pid"
"$BIN/reveilled" 2>"$SESSION/log.fifo" >/dev/null &
echo $! >"$SESSION/agent.pid"
wait_until "agent owns $SERVICE" 10 has_owner "$SERVICE"
wait_until "the log's reader has gone" 5 not alive "$(cat "$SESSION/reader.pid")"
"$REVEILLE" trigger "$id"
wait_until "it rings with nobody reading its log" 10 is_ringing "$id"
sleep 0.5
alive "$(agent_pid)" || fail "the agent died writing to a log nobody reads (EPIPE)"
note "the agent lives on, ringing, with a log whose reader has gone"
echo "PASS test-terminal-hangup"
