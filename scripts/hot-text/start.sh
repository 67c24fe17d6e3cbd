#!/bin/bash
# What the idle figure of `make bench` sees: a start, 100 alarms added, a quiet while, SIGTERM.
#   BIN=DIR scripts/hot-text/start.sh
source "$(dirname "$0")/../../Tests/e2e/lib.sh"
start_session
"$BIN/reveilled" >>"$SESSION/agent.log" 2>&1 &
echo $! >"$SESSION/agent.pid"
wait_until "agent owns $SERVICE" 60 has_owner "$SERVICE"
for i in $(seq 100); do add_alarm "$(printf %02d:%02d $((i % 24)) $((i % 60)))" --label "alarm $i" >/dev/null 2>&1; done
sleep 3
# Under perf the agent is the profiler's child; under valgrind it is the process itself.
pkill -TERM -x -P "$(agent_pid)" reveilled || kill -TERM "$(agent_pid)"
wait "$(agent_pid)" 2>/dev/null || true
