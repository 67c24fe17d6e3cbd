#!/bin/bash
# The captcha screen as a half-asleep person sees it, in a real terminal (tmux) at 40×12,
# 80×24 and 160×50: the problem in block digits sized to the terminal (and as plain text
# always), the time bar, the redraw on resize, and plain text only with TERM=dumb. The
# notification says what Dismiss opens.
source "$(dirname "$0")/lib.sh"
start_session
# A problem that stays the same for the whole test.
configure "[agent]" "math_time_limit = 10min"
start_agent

id=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Screen — test" --challenge math:easy)
gcall Trigger "'$id'" >/dev/null
wait_until "it rings" 5 is_ringing "$id"
wait_until "the notification is posted" 5 output_is -ge 1 notify_count Notify
assert_contains "$(last_notify body)" "Dismiss opens a math challenge" "the notification says what Dismiss does"

prompt=$(challenge_field "$id" prompt)
note "problem: $prompt"
# block_rows: the screen's rows drawn with █ (the problem's block digits and the time bar).
block_rows() { captcha_screen | grep -c '█'; }

$REVEILLE_TMUX new-session -d -s captcha -x 80 -y 24 "$REVEILLE" captcha "$id"
wait_until "the captcha shows the problem" 10 captcha_shows "$prompt"
wait_until "80×24: five rows of block digits and the time bar" 5 output_is = 6 block_rows
assert_contains "$(captcha_screen)" "s left" "the time left in seconds beside the bar"

$REVEILLE_TMUX resize-window -t captcha -x 160 -y 50
wait_until "160×50: the digits redrawn twice as high, and the bar" 5 output_is = 11 block_rows
captcha_shows "$prompt" || fail "the plain problem line is gone at 160×50"

$REVEILLE_TMUX resize-window -t captcha -x 40 -y 12
# An easy problem (a ± b) still fits in 40 columns at one cell per pixel. The rows tmux keeps
# from the larger screen have no problem line: seeing it means the screen was redrawn.
small_screen() { captcha_shows "$prompt" && [ "$(block_rows)" = 6 ]; }
wait_until "40×12: the digits redrawn at one cell per pixel, and the bar" 5 small_screen
widest=$(captcha_screen | /usr/bin/python3 -c 'import sys; print(max(len(l.rstrip("\n")) for l in sys.stdin))')
[ "$widest" -le 40 ] || fail "a line is $widest columns wide at 40×12"
$REVEILLE_TMUX kill-session -t captcha
wait_until "the captcha is gone" 5 not captcha_open

$REVEILLE_TMUX new-session -d -s captcha -x 80 -y 24 env TERM=dumb "$REVEILLE" captcha "$id"
wait_until "TERM=dumb: the problem as plain text" 10 captcha_shows "$prompt"
assert_eq "$(block_rows)" 0 "rows drawn with █ under TERM=dumb"
captcha_shows "s left" || fail "no time left under TERM=dumb"

captcha_type "$(answer_of "$prompt")"
wait_until "the answer stops the alarm" 5 not is_ringing "$id"
echo "the captcha screen at three sizes, resized and plain"
