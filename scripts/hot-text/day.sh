#!/bin/bash
# A day's use of the agent, run by profile.sh with $BIN/reveilled under a profiler: start, the
# D-Bus calls scripts make, a ring with sound and notification, Snooze, Dismiss, the captcha
# solved, a quiet while, and SIGTERM (so that the profiler writes its data).
#   BIN=DIR scripts/hot-text/day.sh
source "$(dirname "$0")/../../Tests/e2e/lib.sh"
start_session
configure "[agent]" "fade_in = 0"
"$BIN/reveilled" >>"$SESSION/agent.log" 2>&1 &
echo $! >"$SESSION/agent.pid"
wait_until "agent owns $SERVICE" 120 has_owner "$SERVICE"
for i in $(seq 30); do add_alarm "0$((i % 10)):$((10 + i))" --label "alarm $i" --challenge math:easy >/dev/null 2>&1; done
"$REVEILLE" list >/dev/null
"$REVEILLE" next >/dev/null
"$REVEILLE" doctor >/dev/null || true
due=$(date -u -d '+8 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Wake up" --max-snoozes 1 --snooze-minutes 1 --challenge math:easy)
"$REVEILLE" show "$id" >/dev/null
"$REVEILLE" edit "$id" --label "Wake up now" >/dev/null
wait_until "it rings" 60 is_ringing "$id"
wait_until "a notification is posted" 30 output_is -ge 1 notify_count Notify
sleep 2
click "$(current_notification)" snooze
wait_until "it is snoozed" 30 not is_ringing "$id"
"$REVEILLE" trigger "$id"
wait_until "it rings again" 30 is_ringing "$id"
sleep 2
click "$(current_notification)" dismiss
wait_until "the captcha shows a problem" 60 sh -c "$REVEILLE_TMUX capture-pane -p -t captcha | grep -q '= ?'"
captcha_type "$(answer_of "$(captcha_screen | grep '= ?' | head -1)")"
wait_until "the alarm stops" 30 not is_ringing "$id"
"$REVEILLE" history >/dev/null
sleep 3
# Under perf the agent is the profiler's child; under valgrind it is the process itself.
pkill -TERM -x -P "$(agent_pid)" reveilled || kill -TERM "$(agent_pid)"
wait "$(agent_pid)" 2>/dev/null || true
