#!/bin/bash
# A zone change re-plans at once: with /etc/localtime (here a temporary link the agent is
# pointed at) retargeted from Berlin to New York, a 07:00 alarm's next fire moves to 07:00
# New York time, without the agent being called.
source "$(dirname "$0")/lib.sh"
start_session
unset TZ
link=$SESSION/localtime
ln -s /usr/share/zoneinfo/Europe/Berlin "$link"
export REVEILLE_LOCALTIME=$link
start_agent

id=$(add_alarm 07:00 --repeat daily)
next_fire() { "$REVEILLE" show "$id" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["next_fire"])'; }
local_time_in() { TZ=$1 date -d "@$2" +%H:%M; }
berlin=$(next_fire)
assert_eq "$(local_time_in Europe/Berlin "$berlin")" "07:00" "planned at 07:00 Berlin time"
note "Berlin: $(date -u -d "@$berlin")"

# Retarget the link the way timedatectl does: a new link renamed over the old one.
ln -s /usr/share/zoneinfo/America/New_York "$link.new"
mv -T "$link.new" "$link"
wait_until "the next fire moves" 10 output_is != "$berlin" next_fire
new_york=$(next_fire)
assert_eq "$(local_time_in America/New_York "$new_york")" "07:00" "planned at 07:00 New York time"
note "New York: $(date -u -d "@$new_york")"
grep -q "the time zone changed" "$SESSION/agent.log" || fail "the agent did not log the zone change"
echo "zone change re-plans"
