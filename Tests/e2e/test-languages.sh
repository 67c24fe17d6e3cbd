#!/bin/bash
# Reveille in German, French and Spanish, end to end (issue 24's tests). One agent; the session's
# language (LANG, LANGUAGE from the stand-in systemd user manager, systemd_stand_in.py) changes
# between the rounds, which also proves that a change takes effect without a restart. The CLI's
# own language comes from its own environment (LC_ALL, LANGUAGE). In each language:
#   - the notification the test server (dbusmock) receives: its summary, its body and its buttons;
#   - the captcha screen in tmux: its texts, and a typing challenge of that language's words
#     (data/words/LL.txt), solved by typing them as shown, then by typing them without accents;
#   - `reveille doctor` and a CLI error (a bad time);
#   - `reveille list`'s time, as the locale writes it ("07:00"; an en_US round: "7:00 AM").
# The expected texts come from the build tree's catalogues (po/LL.po, compiled by run.sh into
# REVEILLE_LOCALEDIR) at run time (catalogue.py), so the test follows the translators' wording.
# Under C.UTF-8 the output is English.
#   LANG_SCREENSHOTS=DIR  also renders, under Xvfb, the German notification in a real notification
#                         server (xfce4-notifyd) and the French captcha screen in a real terminal
#                         (xterm), and saves them as DIR/notification-de.png and DIR/captcha-fr.png.
source "$(dirname "$0")/lib.sh"
start_session
screenshots=${LANG_SCREENSHOTS:+$(cd "$LANG_SCREENSHOTS" && pwd)}
count_terminal_launches

# finds LL TEXT [--context CTX] MSGID: TEXT shows the catalogue's translation of MSGID, any
# placeholder standing for any text (prints NAME=VALUE of each); shows fails the test when not.
finds() {
    local ll=$1 text=$2
    shift 2
    /usr/bin/python3 "$E2E_DIR/catalogue.py" "$ll" --find "$text" "$@"
}
shows() { finds "$@" || fail "not in $1: ${*: -1}"; }

# ---- The desktop for the screenshots (lib.sh's start_display), stopped with the session.
session_display=
if [ -n "$screenshots" ]; then
    start_display 800x600
    session_display=DISPLAY=$DISPLAY
fi

# ---- The session's language, from a stand-in user manager; the agent speaks it.
run_beside stand-in /usr/bin/python3 "$E2E_DIR/systemd_stand_in.py" LANG=C.UTF-8 $session_display
wait_until "the stand-in user manager is on the bus" 10 has_owner org.freedesktop.systemd1
start_agent

# session_language LOCALE LL: the session's LANG and LANGUAGE become these; a client's call makes
# the agent read them, and it logs the change.
session_language() {
    gdbus call --session --dest org.freedesktop.systemd1 --object-path /org/freedesktop/systemd1 \
        --method org.freedesktop.systemd1.Manager.SetEnvironment "['LANG=$1', 'LANGUAGE=$2']" >/dev/null
    wait_until "the agent speaks $2" 10 agent_speaks "language: $2 (the session: LANGUAGE=$2 LANG=$1;"
}
agent_speaks() { "$REVEILLE" list >/dev/null 2>&1; grep -qF "$1" "$SESSION/agent.log"; }

note "C.UTF-8: English, as before"
assert_eq "$("$REVEILLE" doctor | head -1)" \
    "✓ Everything alarms need is here: notifications with actions, sound, a terminal and the database." "doctor under C.UTF-8"

# The words of the typing problem the captcha shows, in LL.
shown_words() { finds "$1" "$(captcha_screen)" "Type: {words}" 2>/dev/null | sed -n 's/^words=//p'; }
# The words without their accents, as a US keyboard types them.
unaccented() {
    /usr/bin/python3 -c '
import sys, unicodedata
text = sys.argv[1].replace("ß", "ss").replace("œ", "oe").replace("æ", "ae")
print("".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)))' "$1"
}
folded=0  # how many rounds typed an accented word without its accent

# round LL LOCALE: one language, the session's and the CLI's.
round() {
    local ll=$1 locale=$2 out id words plain tries screen before
    note "$ll: the session speaks $ll ($locale), and so does the CLI"
    session_language "$locale" "$ll"
    cli() { LC_ALL=$locale LANGUAGE=$ll "$REVEILLE" "$@"; }

    out=$(cli add 25:99 2>&1) && fail "$ll: a bad time was accepted"
    shows "$ll" "$out" "time '{time}' is not understood; accepted: {accepted}" >/dev/null
    # The CLI's own lines, and the agent's sentence (in the session's language) of how it wakes
    # the machine: by itself as root, else through the wake helper; no alarm is due yet.
    out=$(cli doctor)
    shows "$ll" "$out" "✓ Everything alarms need is here: notifications with actions, sound, a terminal and the database." >/dev/null
    out=$(shows "$ll" "$out" "· wake: {state}" | sed -n 's/^state=//p')
    finds "$ll" "$out" "Reveille wakes this machine from suspend itself (its session may set CLOCK_REALTIME_ALARM timers); no alarm is due, so no wake is set." >/dev/null 2>&1 ||
        shows "$ll" "$out" "The wake helper reveille-waked wakes this machine from suspend; no alarm is due, so it holds no wake for this agent." >/dev/null

    id=$(cli add 07:00 --challenge typing:3 --challenge typing:6 2>/dev/null)
    out=$(cli list)
    assert_contains "$out" " 07:00 " "$ll: list's time"
    shows "$ll" "$out" "next {time}" >/dev/null

    before=$(notify_count Notify)
    cli trigger "$id" 2>/dev/null
    wait_until "$ll: the notification is posted" 5 output_is -gt "$before" notify_count Notify
    shows "$ll" "$(last_notify summary)" --context "unnamed alarm" Alarm >/dev/null
    out=$(last_notify body)
    shows "$ll" "$out" "{count} snooze left" >/dev/null
    shows "$ll" "$out" "Dismiss opens {count} challenge: {list}, then {last}" >/dev/null
    out=$(last_notify buttons)
    shows "$ll" "$out" --context button "Snooze {minutes} min" >/dev/null
    shows "$ll" "$out" --context button "Dismiss" >/dev/null
    [ -z "$screenshots" ] || [ "$ll" != de ] || notification_screenshot

    [ -z "$screenshots" ] || [ "$ll" != fr ] || terminal_in_xterm
    click "$(current_notification)" dismiss
    wait_until "$ll: the captcha shows a typing problem" 10 output_is != "" shown_words "$ll"
    screen=$(captcha_screen)
    shows "$ll" "$screen" "Reveille — solve to stop the alarm" >/dev/null
    shows "$ll" "$screen" "Challenge {index} of {total}" >/dev/null
    shows "$ll" "$screen" --context "captcha field" "Text:" >/dev/null
    shows "$ll" "$screen" "Enter submits · Ctrl-C leaves; the alarm keeps ringing" >/dev/null
    words=$(shown_words "$ll")
    in_word_list "$ll" "$words"
    [ -z "$screenshots" ] || [ "$ll" != fr ] || captcha_screenshot
    note "$ll: typing '$words' as shown"
    captcha_type "$words"

    # The second problem is typed without accents. A draw without any is answered wrong for a new
    # one, twice at most (a third miss would lock the answers).
    for tries in 1 2 3; do
        wait_until "$ll: the second problem" 10 second_problem "$ll" "$words"
        words=$(shown_words "$ll")
        in_word_list "$ll" "$words"
        plain=$(unaccented "$words")
        [ "$plain" = "$words" ] && [ "$tries" -lt 3 ] || break
        note "$ll: '$words' has no accent: a wrong answer draws another"
        captcha_type "x"
    done
    [ "$plain" = "$words" ] || folded=$((folded + 1))
    note "$ll: typing '$plain' for '$words'"
    captcha_type "$plain"
    wait_until "$ll: the words stop the alarm" 10 not is_ringing "$id"
    wait_until "$ll: the captcha has closed" 10 not captcha_open
    cli remove "$id"
}
# second_problem LL WORDS: the captcha shows its second challenge, with other words than WORDS.
second_problem() {
    local words
    words=$(shown_words "$1") && [ "$words" != "$2" ] && [ -n "$words" ]
}
# in_word_list LL WORDS: each of WORDS is in data/words/LL.txt.
in_word_list() {
    local word
    for word in $2; do
        grep -qxF "$word" "$REPO/data/words/$1.txt" || fail "$1: '$word' is not in data/words/$1.txt"
    done
}

# ---- The screenshots (LANG_SCREENSHOTS).

# settled FILE: a screenshot of the whole screen, taken again until it shows more than the black
# background and two in a row are the same (a popup fades in, a terminal draws line by line).
settled() {
    import -window root "$SESSION/next.png"
    local differ lit
    differ=$(compare -metric AE "$SESSION/next.png" "$1" null: 2>&1 || true)
    lit=$(lit_pixels "$SESSION/next.png")
    mv "$SESSION/next.png" "$1"
    [ "$differ" = 0 ] && [ "$lit" -gt 5000 ]
}
# save SCREEN NAME: the screenshot cropped to what is drawn on the black background, without
# timestamps (a new run makes the same file when nothing changed).
save() {
    convert "$1" -trim +repage -strip "$screenshots/$2"
    note "saved $screenshots/$2"
}

# The German notification in xfce4-notifyd: the mock steps aside, the agent posts the ringing
# alarm's notification again on the new server; then the mock comes back for the rest.
notification_screenshot() {
    "$REPO/Tests/fixtures/notify-session.sh" stop-server "$SESSION/notify"
    run_beside notifyd /usr/lib/*/xfce4/notifyd/xfce4-notifyd
    wait_until "xfce4-notifyd serves notifications" 10 has_owner org.freedesktop.Notifications
    rm -f "$SESSION/screen.png"
    wait_until "xfce4-notifyd shows the notification" 10 settled "$SESSION/screen.png"
    save "$SESSION/screen.png" notification-de.png
    stop_beside notifyd
    wait_until "xfce4-notifyd has left" 10 not has_owner org.freedesktop.Notifications
    "$REPO/Tests/fixtures/notify-session.sh" server "$SESSION/notify"
    wait_until "the notification is posted to the mock again" 10 output_is -ge 1 notify_count Notify
}
# The French captcha opens in xterm, with tmux inside it (no status line), so that the test reads
# and types as in the other rounds.
terminal_in_xterm() {
    cat >"$SESSION/terminal.sh" <<SCRIPT
#!/bin/sh
echo launched >>"$SESSION/terminals.log"
setsid xterm -geometry 80x24+0+0 -fa 'DejaVu Sans Mono' -fs 11 -bg '#1e1e1e' -fg '#e0e0e0' \
    -e $REVEILLE_TMUX new-session -s captcha "\$@" \; set-option status off </dev/null >/dev/null 2>&1 &
echo \$! >"$SESSION/beside/xterm.pid"
SCRIPT
}
captcha_screenshot() {
    rm -f "$SESSION/screen.png"
    wait_until "xterm draws the captcha" 10 settled "$SESSION/screen.png"
    save "$SESSION/screen.png" captcha-fr.png
    count_terminal_launches  # the next rounds' terminal: tmux alone
}

round de de_DE.UTF-8
round fr fr_FR.UTF-8
round es es_ES.UTF-8
[ "$folded" -ge 1 ] || fail "no round typed an accented word without its accent"

note "en_US: list writes 7:00 AM"
add_alarm 07:00 --label "Wake" >/dev/null 2>&1
assert_contains "$(LC_ALL=en_US.UTF-8 "$REVEILLE" list)" " 7:00 AM " "list under en_US"
echo "German, French and Spanish: notification, captcha, doctor, errors and times"
