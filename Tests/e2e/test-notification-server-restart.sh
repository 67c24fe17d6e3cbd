#!/bin/bash
# The notification server dies and comes back while an alarm rings: the alarm's notification
# is posted again on the new server, with its actions, and a click there still works; the
# sound never stops. With no notification server at all, the alarm still rings and its
# challenge opens directly; a server that starts later gets the notification.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
NOTIFY=$REPO/Tests/fixtures/notify-session.sh
start_agent

# The times (whole seconds) of every call the mock server recorded, oldest first.
server_call_times() {
    gdbus call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications \
        --method org.freedesktop.DBus.Mock.GetCalls | grep -o '(uint64 [0-9]*' | awk '{ print $2 }'
}

due=$(date -u -d '+3 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Server gone" --challenge math:easy)
note "alarm $id due at $due"
wait_until "it rings" 15 is_ringing "$id"
wait_until "its notification is posted" 5 output_is -ge 1 notify_count Notify

old_owner=$(server_owner)
# The old server's calls are then at least a second older than the restart.
sleep 1.1
restarted=$(date +%s)
"$NOTIFY" stop-server "$SESSION/notify"
note "notification server stopped"
"$NOTIFY" server "$SESSION/notify"
new_owner=$(server_owner)
note "notification server started again: $old_owner -> $new_owner"
[ "$new_owner" != "$old_owner" ] || fail "the notification server did not restart: still $old_owner"
wait_until "the notification reaches the new server" 10 output_is -ge 1 notify_count Notify
for at in $(server_call_times); do
    [ "$at" -ge "$restarted" ] || fail "the new server's log holds a call from before the restart ($at < $restarted)"
done
assert_eq "$(last_notify summary)" "Server gone" "the re-posted notification's summary"
assert_eq "$(last_notify actions)" "snooze dismiss default" "the re-posted notification's actions"
assert_eq "$(last_notify urgency)" "2" "the re-posted notification's urgency"
is_ringing "$id" || fail "the alarm stopped ringing when the notification server went"
record_start "$SESSION/after-restart.wav"
sleep 1.5
record_stop
level=$(rms "$SESSION/after-restart.wav")
note "RMS after the server restart: $level"
louder_than "$level" 0.01 || fail "no sound after the notification server restarted (RMS $level)"
click "$(current_notification)" dismiss
wait_until "a click on the new server opens the captcha" 10 captcha_open
assert_eq "$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving it"
wait_until "it stops" 5 not is_ringing "$id"
$REVEILLE_TMUX kill-session -t captcha 2>/dev/null || true
wait_until "the captcha is gone" 5 not captcha_open

# No notification server at all: it rings, and the challenge opens by itself.
stop_agent
"$NOTIFY" stop-server "$SESSION/notify"
start_agent
other=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Nobody shows it" --challenge math:easy)
record_start "$SESSION/no-server.wav"
gcall Trigger "'$other'" >/dev/null
wait_until "it rings without a notification server" 5 is_ringing "$other"
wait_until "the captcha opens directly" 10 captcha_open
wait_until "the captcha shows a problem" 10 captcha_shows "= ?"
sleep 1.5
record_stop
level=$(rms "$SESSION/no-server.wav")
note "RMS without a notification server: $level"
louder_than "$level" 0.01 || fail "no sound without a notification server (RMS $level)"
grep -q "opening the challenge directly" "$SESSION/agent.log" || fail "the agent did not say why the challenge opened"

# A server that starts late still gets the ringing alarm's notification.
"$NOTIFY" server "$SESSION/notify"
wait_until "the late server gets the notification" 10 output_is -ge 1 notify_count Notify
assert_eq "$(last_notify summary)" "Nobody shows it" "the late server's notification"
is_ringing "$other" || fail "the alarm stopped when a server appeared"
echo "notifications come back after the server restarts, and alarms ring without one"
