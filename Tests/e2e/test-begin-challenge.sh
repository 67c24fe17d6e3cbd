#!/bin/bash
# BeginChallenge is the one way into solving for a client that shows the challenge itself: on a
# snoozed alarm it rings again and starts the challenge, answers what GetChallenge answers, and
# opens no terminal; on an idle alarm it is NotRinging. `reveille dismiss` of an idle alarm exits 1
# in a terminal as outside one, and in a terminal it rings a snoozed alarm again and solves it there.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
start_agent

# Runs `reveille ARGS` in a tmux terminal named "term" and prints its exit status once it ends.
in_terminal() {
    rm -f "$SESSION/term.status"
    local command
    command=$(printf '%q ' "$REVEILLE" "$@")
    $REVEILLE_TMUX new-session -d -s term -x 80 -y 24 "$command; echo \$? >$(printf '%q' "$SESSION/term.status")"
}
term_status() { wait_until "reveille in the terminal ends" 15 test -s "$SESSION/term.status"; cat "$SESSION/term.status"; }
term_screen() { $REVEILLE_TMUX capture-pane -p -t term 2>/dev/null; }
prompt_of() { gdbus call --session --dest "$SERVICE" --object-path "$OBJECT" --method "$IFACE.$1" "$2" |
    /usr/bin/python3 -c 'import re, sys; print(re.search(r"'"'"'prompt'"'"': <'"'"'([^'"'"']*)'"'"'>", sys.stdin.read()).group(1))'; }

note "an idle alarm: BeginChallenge is NotRinging, dismiss exits 1 in a terminal and outside"
idle=$(add_alarm 11:11 --label Idle --challenge math:easy)
expect_error io.github.Reveille1.Error.NotRinging gcall BeginChallenge "'$idle'"
status=0
"$REVEILLE" dismiss "$idle" </dev/null 2>"$SESSION/err" || status=$?
assert_eq "$status" 1 "dismiss of an idle alarm outside a terminal"
assert_contains "$(cat "$SESSION/err")" "is not ringing" "dismiss of an idle alarm outside a terminal"
in_terminal dismiss "$idle"
assert_eq "$(term_status)" 1 "dismiss of an idle alarm in a terminal"
in_terminal captcha "$idle"
assert_eq "$(term_status)" 1 "captcha of an idle alarm"
not is_ringing "$idle" || fail "dismiss rang an idle alarm"
not captcha_open || fail "a terminal was opened for an idle alarm"

note "a snoozed alarm: BeginChallenge rings it again and starts the challenge, without a terminal"
wake=$(add_alarm 11:12 --label Wake --challenge math:easy --max-snoozes unlimited)
"$REVEILLE" trigger "$wake"
wait_until "it rings" 5 is_ringing "$wake"
"$REVEILLE" snooze "$wake" >/dev/null
not is_ringing "$wake" || fail "still ringing after snooze"
begun=$(prompt_of BeginChallenge "$wake")
assert_contains "$begun" "= ?" "BeginChallenge's prompt"
is_ringing "$wake" || fail "BeginChallenge did not ring the snoozed alarm again"
assert_eq "$(prompt_of GetChallenge "$wake")" "$begun" "GetChallenge after BeginChallenge"
assert_eq "$(prompt_of BeginChallenge "$wake")" "$begun" "BeginChallenge again resumes the same problem"
sleep 0.5
not captcha_open || fail "BeginChallenge opened a terminal"

note "dismiss in a terminal rings a snoozed alarm again and is solved there"
"$REVEILLE" snooze "$wake" >/dev/null
not is_ringing "$wake" || fail "still ringing after the second snooze"
in_terminal dismiss "$wake"
wait_until "the challenge shows in the terminal" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t term 2>/dev/null | grep -q '= ?'"
is_ringing "$wake" || fail "dismiss in a terminal did not ring the snoozed alarm again"
$REVEILLE_TMUX send-keys -t term -l -- "$(answer_of "$(term_screen | grep '= ?' | head -1)")"
$REVEILLE_TMUX send-keys -t term Enter
wait_until "the alarm stops" 10 not is_ringing "$wake"
assert_eq "$(term_status)" 0 "dismiss in a terminal once solved"
not captcha_open || fail "the agent opened a terminal of its own"
