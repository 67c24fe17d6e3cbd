#!/bin/bash
# No optional file keeps alarms from ringing. Without word lists (REVEILLE_DATADIR names an empty
# directory) the agent starts and the typing challenge shows its built-in words. A sound file
# that is missing plays the theme's alarm sound; with the sound theme missing too, a tone the
# agent makes itself is heard. The notification says which fallback plays. FIFOs in place of the
# configuration, the word lists (words/en.txt, words/de.txt and the old words.txt), the local time
# file and a sound theme's index.theme (which would block whoever opens them) are passed over too.
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
mkdir -p "$SESSION/empty-share" "$SESSION/empty-xdg"
export REVEILLE_DATADIR=$SESSION/empty-share
start_agent
note "the agent started without word lists"

solve() {
    assert_eq "$(call SubmitAnswer ss "$1" "$(answer_of "$(challenge_field "$1" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving $1"
    wait_until "it stops" 5 not is_ringing "$1"
}
# ring_and_record ID FILE: triggers the alarm and records two seconds of it.
ring_and_record() {
    local posted
    posted=$(notify_count Notify)
    record_start "$2"
    gcall Trigger "'$1'" >/dev/null
    wait_until "it rings" 5 is_ringing "$1"
    wait_until "it is notified" 5 output_is -gt "$posted" notify_count Notify
    sleep 2
    record_stop
}

# The typing challenge has words to show.
typing=$(add_alarm "$(date -u -d '+3 hours' +%H:%M)" --label "Words" --challenge typing:4)
gcall Trigger "'$typing'" >/dev/null
wait_until "it rings" 5 is_ringing "$typing"
gcall Dismiss "'$typing'" >/dev/null
wait_until "the captcha opens" 10 captcha_open
wait_until "the captcha shows words to type" 10 captcha_shows "Type:"
words=$(answer_of "$(challenge_field "$typing" prompt)")
note "words to type: $words"
assert_eq "$(echo "$words" | wc -w)" 4 "words in the prompt"
for word in $words; do
    grep -qx -- "$word" "$REPO/data/words/en.txt" || fail "'$word' is not one of the built-in words"
done
captcha_type "$words"
wait_until "the words dismiss it" 5 not is_ringing "$typing"

# A sound file that does not exist: the theme's alarm sound.
missing=$(add_alarm "$(date -u -d '+4 hours' +%H:%M)" --label "Lost sound" --sound /nonexistent.oga --challenge math:easy)
ring_and_record "$missing" "$SESSION/theme.wav"
level=$(rms "$SESSION/theme.wav")
note "RMS with the sound file missing: $level"
louder_than "$level" 0.01 || fail "no sound with the sound file missing (RMS $level)"
assert_contains "$(last_notify body)" "Playing the theme's alarm sound" "the notification with the sound file missing"
grep -q "the alarm sound '/nonexistent.oga' for $missing cannot play" "$SESSION/agent.log" || fail "the fallback is not logged"
solve "$missing"

# No sound theme either: the generated tone.
stop_agent
export XDG_DATA_DIRS=$SESSION/empty-xdg
start_agent
ring_and_record "$missing" "$SESSION/tone.wav"
level=$(rms "$SESSION/tone.wav")
note "RMS with no sound theme: $level"
louder_than "$level" 0.01 || fail "no sound without a sound theme (RMS $level)"
assert_contains "$(last_notify body)" "Playing a built-in tone" "the notification without a sound theme"
solve "$missing"
default=$(add_alarm "$(date -u -d '+5 hours' +%H:%M)" --label "Theme sound gone" --challenge math:easy)
ring_and_record "$default" "$SESSION/tone-default.wav"
level=$(rms "$SESSION/tone-default.wav")
note "RMS of the default sound with no sound theme: $level"
louder_than "$level" 0.01 || fail "the default sound is silent without a sound theme (RMS $level)"
solve "$default"

# FIFOs where files should be: nobody ever writes to them.
stop_agent
mkdir -p "$SESSION/empty-share/words"
mkfifo "$SESSION/empty-share/words.txt" "$SESSION/empty-share/words/en.txt" "$SESSION/empty-share/words/de.txt" \
    "$SESSION/localtime"
mkdir -p "$SESSION/fifo-xdg/sounds/freedesktop"
mkfifo "$SESSION/fifo-xdg/sounds/freedesktop/index.theme"
mv "$XDG_CONFIG_HOME/reveille/reveille.conf" "$SESSION/reveille.conf"
mkfifo "$XDG_CONFIG_HOME/reveille/reveille.conf"
start_agent
note "the agent started with a FIFO as its configuration"
stop_agent
rm "$XDG_CONFIG_HOME/reveille/reveille.conf"
mv "$SESSION/reveille.conf" "$XDG_CONFIG_HOME/reveille/reveille.conf"
export XDG_DATA_DIRS=$SESSION/fifo-xdg:/usr/share REVEILLE_LOCALTIME=$SESSION/localtime
unset TZ
start_agent
note "the agent started with FIFOs as word lists, local time file and index.theme"
ring_and_record "$default" "$SESSION/fifo-theme.wav"
level=$(rms "$SESSION/fifo-theme.wav")
note "RMS of the theme sound behind a FIFO index.theme: $level"
louder_than "$level" 0.01 || fail "no sound with a FIFO as a theme's index.theme (RMS $level)"
assert_not_contains "$(last_notify body)" "Playing" "the notification when the theme sound plays as asked"
solve "$default"
gcall Trigger "'$typing'" >/dev/null
wait_until "the typing alarm rings" 5 is_ringing "$typing"
for word in $(answer_of "$(challenge_field "$typing" prompt)"); do
    grep -qx -- "$word" "$REPO/data/words/en.txt" || fail "'$word' is not one of the built-in words"
done
echo "alarms ring with words and sound whatever optional file is missing"
