#!/bin/bash
# The agent speaks the session's language (issue 24 §1): it reads LANG, LANGUAGE and LC_* from the
# systemd user manager's Environment (a stand-in here, systemd_stand_in.py), not from its own
# environment (lib.sh's C.UTF-8), and takes in a change without a restart, at the next call of a
# client. Seen through its log line "language: LL (…)". Test catalogues of its own, so that this
# holds whatever po/ has; needs the locales de_DE.UTF-8, fr_FR.UTF-8 and en_US.UTF-8. An agent
# started with a LANGUAGE of its own says that it wins.
source "$(dirname "$0")/lib.sh"
start_session

# A catalogue with a header only is enough for a language to be chosen.
export REVEILLE_LOCALEDIR=$SESSION/locale
for language in de fr; do
    mkdir -p "$REVEILLE_LOCALEDIR/$language/LC_MESSAGES"
    printf 'msgid ""\nmsgstr ""\n"Language: %s\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n' "$language" |
        msgfmt -o "$REVEILLE_LOCALEDIR/$language/LC_MESSAGES/reveille.mo" - || fail "msgfmt $language"
done

run_beside stand-in /usr/bin/python3 "$E2E_DIR/systemd_stand_in.py" LANG=en_US.UTF-8 LANGUAGE=de PATH=/usr/bin
wait_until "the stand-in user manager is on the bus" 10 has_owner org.freedesktop.systemd1

logged() { grep -q "$1" "$SESSION/agent.log"; }
start_agent
note "at start: the session's LANGUAGE=de, not the agent's own C.UTF-8"
wait_until "the agent logs language: de" 10 logged "language: de (the session: LANGUAGE=de LANG=en_US.UTF-8; times like 7:00 AM)"

note "a change of the session's environment is taken in at a client's next call, without a restart"
gdbus call --session --dest org.freedesktop.systemd1 --object-path /org/freedesktop/systemd1 \
    --method org.freedesktop.systemd1.Manager.SetEnvironment "['LANGUAGE=fr', 'LC_TIME=de_DE.UTF-8']" >/dev/null
list_and_check() { "$REVEILLE" list >/dev/null 2>&1; logged "language: fr (the session: LANGUAGE=fr LC_TIME=de_DE.UTF-8 LANG=en_US.UTF-8; times like 07:00)"; }
wait_until "the agent logs language: fr" 10 list_and_check
kill -0 "$(agent_pid)" || fail "the agent stopped"

note "a session under C speaks English, whatever its LANGUAGE"
gdbus call --session --dest org.freedesktop.systemd1 --object-path /org/freedesktop/systemd1 \
    --method org.freedesktop.systemd1.Manager.UnsetAndSetEnvironment "['LC_TIME']" "['LANG=C.UTF-8']" >/dev/null
list_and_check_c() { "$REVEILLE" list >/dev/null 2>&1; logged "language: en (the session: LANGUAGE=fr LANG=C.UTF-8; times like 07:00)"; }
wait_until "the agent logs language: en" 10 list_and_check_c
note "a LANGUAGE in the agent's own environment wins, since glibc's gettext reads it (the user unit unsets it)"
gdbus call --session --dest org.freedesktop.systemd1 --object-path /org/freedesktop/systemd1 \
    --method org.freedesktop.systemd1.Manager.SetEnvironment "['LANG=en_US.UTF-8', 'LANGUAGE=de']" >/dev/null
stop_agent
LANGUAGE=fr start_agent
wait_until "the agent logs its own LANGUAGE" 10 \
    logged "language: fr (the session: LANGUAGE=de LANG=en_US.UTF-8; times like 7:00 AM; the agent's own LANGUAGE=fr wins, as glibc reads it)"
echo "the agent speaks the session's language"
