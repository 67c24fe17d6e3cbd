#!/bin/bash
# A self-contained demo for a machine with no desktop: a private session bus with a
# notification server, a PulseAudio null sink we record, and tmux as the terminal.
# An alarm rings a few seconds ahead; the demo shows the notification, the sound level
# it recorded and the captcha screen, then solves the challenge and shows the silence.
#   scripts/demo.sh BIN
set -euo pipefail
export BIN=$(cd "${1:?usage: $0 BIN}" && pwd)
source "$(dirname "$0")/../Tests/e2e/lib.sh"

bar() { awk -v v="$1" 'BEGIN { n = int(v * 200); if (n > 40) n = 40; s = ""; for (i = 0; i < n; i++) s = s "#"; printf "%-40s", s }'; }

echo "Reveille demo: a private desktop session (bus, notifications, sound), nothing touches yours."
start_session
configure "[agent]" "fade_in = 2s"
start_agent
"$REVEILLE" monitor >"$SESSION/monitor.log" 2>&1 &

due=$(date -d '+5 seconds' +%H:%M:%S)
id=$("$REVEILLE" add "$due" --label "Demo: time to get up" --challenge math:easy)
echo
echo "1. Added an alarm for $due:  reveille add $due --label 'Demo: time to get up' --challenge math:easy"
"$REVEILLE" list | sed 's/^/     /'

echo
echo "2. Waiting for it to ring…"
wait_until "the alarm rings" 20 is_ringing "$id"
wait_until "a notification" 5 output_is -ge 1 notify_count Notify
echo "   The notification server got:"
echo "     summary: $(last_notify summary)"
echo "     body:    $(last_notify body)"
echo "     buttons: $(last_notify actions)   (urgency $(last_notify urgency) = critical, never expires)"

record_start "$SESSION/ringing.wav"
sleep 3
record_stop
level=$(rms "$SESSION/ringing.wav")
echo
echo "3. The sound on the speaker (recorded from the sink for 3 s):"
echo "     RMS $level  $(bar "$level")"

echo
echo "4. Clicking Dismiss on the notification opens the challenge in a terminal:"
click "$(current_notification)" dismiss
wait_until "the captcha shows a problem" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t captcha 2>/dev/null | grep -q '= ?'"
captcha_screen | sed -e 's/^/   │ /' | head -24
prompt=$(captcha_screen | grep '= ?' | head -1)
answer=$(answer_of "$prompt")

echo
echo "5. Typing the answer, $answer, and Enter…"
record_start "$SESSION/after.wav"
captcha_type "$answer"
wait_until "the alarm stops" 10 not is_ringing "$id"
sleep 1.5
record_stop
total=$(duration "$SESSION/after.wav")
after=$(rms "$SESSION/after.wav" "$(awk -v t="$total" 'BEGIN { print (t > 1.2 ? t - 1.2 : 0) }')" 1)
echo "   The last second on the speaker: RMS $after  $(bar "$after")"
wait_until "the Dismissed signal" 5 grep -q Dismissed "$SESSION/monitor.log"
echo
echo "6. What the agent announced on D-Bus (reveille monitor):"
sed 's/^/     /' "$SESSION/monitor.log"
echo
louder_than "$level" 0.01 && louder_than 0.001 "$after" && echo "The alarm rang, was heard, and stopped only once its challenge was solved." ||
    { echo "Something did not work: see $SESSION/agent.log"; exit 1; }
