#!/bin/bash
# Code cards whose rows do not say what the agent holds:
#   equivalent-label - RemoveCard by a label canonically equivalent to the card's ("Küche" with a
#                      combining diaeresis for one made with a precomposed "ü") removes the row as
#                      well as the card in memory: after a restart the card is still gone
#   damaged-hash     - a card's stored hash is damaged (present, not empty, refused by crypt_r):
#                      the alarm that asks for it rings with a hard math problem instead, a notice
#                      says so, and the right answer stops it
source "$(dirname "$0")/lib.sh"
start_session
configure "[agent]" "fade_in = 1s"
DB=$XDG_DATA_HOME/reveille/alarms.db
start_agent

note "equivalent-label"
composed=$'K\u00fcche'
decomposed=$'Ku\u0308che'
[ "$composed" != "$decomposed" ] || fail "the two spellings are the same bytes"
gcall AddCard "'$composed'" >/dev/null
assert_eq "$(gcall ListCards)" "(['$composed'],)" "the card made"
gcall RemoveCard "'$decomposed'" >/dev/null
assert_eq "$(gcall ListCards)" "(@as [],)" "cards after RemoveCard by the other spelling"
stop_agent
start_agent
assert_eq "$(gcall ListCards)" "(@as [],)" "cards after a restart"

note "damaged-hash"
gcall AddCard "'Hall'" >/dev/null
due=$(date -u -d '+8 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Damaged card" --challenge card:Hall)
stop_agent
/usr/bin/python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE card SET hash = ? WHERE label = ?", ("$y$j9T$abc", "Hall"))
db.commit()' "$DB"
start_agent
wait_until "a notice names the card" 5 grep -q "Hall" <(notices)
wait_until "it rings" 15 is_ringing "$id"
kind=$(challenge_field "$id" kind)
assert_eq "$kind" math "the challenge of an alarm whose card hash is damaged"
solve_by_calls "$id" "the right answer to the math problem in the card's place"
not is_ringing "$id" || fail "still ringing after the right answer"
echo "a card removed by an equivalent label stays gone, and a damaged card's alarm can still be stopped"
