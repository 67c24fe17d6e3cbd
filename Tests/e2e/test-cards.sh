#!/bin/bash
# Code cards, as a person uses them: `reveille code new` prints a code once and writes a private
# SVG card whose QR code decodes back to that code (rendered with rsvg-convert, read with zbarimg);
# the database keeps only a hash. An alarm with --challenge card:Kitchen rings, a wrong code keeps
# it ringing, and the card's code typed in the captcha (in lower case) stops the sound. A card an
# alarm uses cannot be removed (InvalidArgument naming the alarm); once no alarm uses it, it can.
source "$(dirname "$0")/lib.sh"
for tool in rsvg-convert zbarimg; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/install-deps.sh installs librsvg2-bin and zbar-tools)"
done
start_session
configure "[agent]" "fade_in = 1s"
start_agent
cd "$SESSION"

note "code new writes a private card whose QR code decodes back to the printed code"
"$REVEILLE" code new --label Kitchen --output "$SESSION/kitchen.svg" >"$SESSION/new.out" 2>"$SESSION/new.err" ||
    fail "code new failed: $(cat "$SESSION/new.err")"
code=$(sed -n 's/^Code: //p' "$SESSION/new.out")
[[ $code =~ ^[ACEFGHKMNPRTWXY34679]{10}$ ]] || fail "code new printed no code of 10 unmistakable characters: '$code'"
assert_contains "$(cat "$SESSION/new.out")" "▀" "the QR code in half blocks"
assert_contains "$(cat "$SESSION/new.out")" "██" "the code in large letters"
assert_eq "$(stat -c %a "$SESSION/kitchen.svg")" 600 "the card's file mode"
rsvg-convert --zoom 4 --background-color white "$SESSION/kitchen.svg" -o "$SESSION/kitchen.png"
assert_eq "$(zbarimg --quiet --raw --nodbus "$SESSION/kitchen.png")" "$code" "the card's QR code decoded"

note "without --output the card is reveille-card-LABEL.svg in the current directory"
mkdir "$SESSION/print" && (cd "$SESSION/print" && "$REVEILLE" code new --label "Hall way" >/dev/null)
assert_eq "$(stat -c %a "$SESSION/print/reveille-card-Hall way.svg")" 600 "the default card file's mode"

note "the database holds a salted hash, never the code"
database=$(find "$XDG_DATA_HOME" -name '*.db' | head -1)
[ -n "$database" ] || fail "no database under $XDG_DATA_HOME"
not grep -rqaF "$code" "$XDG_DATA_HOME" || fail "the code is readable in the agent's files"
hash=$(/usr/bin/python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT hash FROM card WHERE label = ?", ("Kitchen",)).fetchone()[0])' "$database")
[[ $hash == '$y$'* ]] || fail "the stored hash is not yescrypt: $hash"

note "code list; a taken label, a bad label and an unknown card are refused and leave no file"
assert_eq "$("$REVEILLE" code list | tr '\n' ,)" "Hall way,Kitchen," "code list"
status=0; "$REVEILLE" code new --label Kitchen --output "$SESSION/again.svg" >/dev/null 2>"$SESSION/err" || status=$?
assert_eq "$status" 2 "a second card named Kitchen"
assert_contains "$(cat "$SESSION/err")" "exists already" "a second card named Kitchen"
[ ! -e "$SESSION/again.svg" ] || fail "a refused card left its file behind"
for label in ../evil .hidden "a/b" ""; do
    status=0; (cd "$SESSION/print" && "$REVEILLE" code new --label "$label" >/dev/null 2>&1) || status=$?
    assert_eq "$status" 2 "code new --label '$label'"
done
assert_eq "$(ls -A "$SESSION/print" | tr '\n' ,)" "reveille-card-Hall way.svg," "files after refused labels"
[ ! -e "$SESSION/evil.svg" ] && [ ! -e "$SESSION/reveille-card-..svg" ] || fail "a bad label wrote outside the directory"
expect_error io.github.Reveille1.Error.InvalidArgument gcall AddCard "'Kitchen'"
status=0; add_alarm 11:11 --challenge card:Cellar >/dev/null 2>"$SESSION/err" || status=$?
assert_eq "$status" 2 "an alarm with an unknown card"
assert_contains "$(cat "$SESSION/err")" "no card is named 'Cellar'" "an alarm with an unknown card"

note "qr:CODE keeps working, with its 6-character minimum"
status=0; add_alarm 11:11 --challenge qr:ABCDE >/dev/null 2>&1 || status=$?
assert_eq "$status" 2 "a 5-character qr code"
"$REVEILLE" remove "$(add_alarm 11:11 --challenge qr:ABCDEF)"

note "an alarm uses the card: it reads back as card:Kitchen, and the card cannot be removed"
id=$(add_alarm 11:11 --label Morning --challenge card:Kitchen)
assert_eq "$("$REVEILLE" show "$id" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["challenges"])')" \
    "['card:Kitchen']" "the alarm's challenges"
expect_error io.github.Reveille1.Error.InvalidArgument gcall RemoveCard "'Kitchen'"
status=0; "$REVEILLE" code remove Kitchen 2>"$SESSION/err" || status=$?
assert_eq "$status" 2 "code remove of a card in use"
assert_contains "$(cat "$SESSION/err")" "$id (Morning)" "code remove names the alarm that uses the card"

note "it rings; a wrong code keeps it ringing, the card's code in lower case stops the sound"
"$REVEILLE" trigger "$id"
wait_until "it rings" 5 is_ringing "$id"
"$REVEILLE" dismiss "$id"
wait_until "the captcha asks for the card" 10 captcha_shows "card Kitchen"
captcha_type "KX7MPRWC94"
wait_until "the wrong code counted" 5 output_is = 1 challenge_field "$id" attempts
is_ringing "$id" || fail "a wrong code stopped the alarm"
record_start "$SESSION/dismiss.wav"
sleep 1.7
captcha_type "$(echo "$code" | tr 'A-Z' 'a-z')"
wait_until "the alarm stops" 5 not is_ringing "$id"
sleep 1.5
record_stop
assert_stopped "$SESSION/dismiss.wav" 1.9 "the card's code"

note "without zbarcam the captcha offers no scan; with it, Tab runs zbarcam (no shell) and its code stops the alarm"
mkdir "$SESSION/bin" "$SESSION/nobin"
printf '%s\n' "$code" >"$SESSION/webcam-sees"
cat >"$SESSION/bin/zbarcam" <<SCRIPT
#!/bin/sh
printf '%s\n' "\$@" >"$SESSION/zbarcam-args"
echo "WARNING: a message zbarcam prints first" >&2
cat "$SESSION/webcam-sees"
SCRIPT
chmod +x "$SESSION/bin/zbarcam"
# The agent's captcha closes by itself once solved; the tmux server goes with its last session.
wait_until "the solved captcha closes" 10 not captcha_open
"$REVEILLE" trigger "$id"
wait_until "it rings again" 5 is_ringing "$id"
$REVEILLE_TMUX new-session -d -s plain -x 80 -y 24 "env PATH=$SESSION/nobin $REVEILLE captcha $id"
wait_until "the plain captcha asks for the card" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t plain | grep -q 'card Kitchen'"
screen=$($REVEILLE_TMUX capture-pane -p -t plain)
assert_not_contains "$screen" "webcam" "the captcha without zbarcam"
$REVEILLE_TMUX send-keys -t plain Tab
sleep 0.5
[ ! -e "$SESSION/zbarcam-args" ] || fail "Tab ran a scanner that is not installed"
$REVEILLE_TMUX send-keys -t plain C-c
wait_until "the plain captcha closes" 10 not $REVEILLE_TMUX has-session -t plain
$REVEILLE_TMUX new-session -d -s scan -x 80 -y 24 "env PATH=$SESSION/bin:/usr/bin:/bin $REVEILLE captcha $id"
wait_until "the captcha offers the scan" 10 sh -c "$REVEILLE_TMUX capture-pane -p -t scan | grep -q 'Tab scans with the webcam'"
record_start "$SESSION/scan.wav"
sleep 1.7
$REVEILLE_TMUX send-keys -t scan Tab
wait_until "the scanned code stops the alarm" 5 not is_ringing "$id"
sleep 1.5
record_stop
assert_stopped "$SESSION/scan.wav" 1.9 "the scanned code"
assert_eq "$(tr '\n' ' ' <"$SESSION/zbarcam-args")" "--raw --oneshot --quiet " "zbarcam's arguments"

note "the card is free to go once no alarm uses it"
status=0; "$REVEILLE" code remove Kitchen 2>/dev/null || status=$?
assert_eq "$status" 2 "code remove while the (now disabled) alarm still names the card"
"$REVEILLE" remove "$id"
"$REVEILLE" code remove Kitchen
assert_eq "$("$REVEILLE" code list | tr '\n' ,)" "Hall way," "code list after the removal"
status=0; "$REVEILLE" code remove Kitchen 2>/dev/null || status=$?
assert_eq "$status" 2 "removing a card that is gone"
echo "code cards work"
