#!/bin/bash
# A broken or half-written zone file never sends the agent to UTC in silence. With the agent's
# /etc/localtime (here a file the agent is pointed at) a Los Angeles zone:
#   half-written - the file is cut short while the agent runs: the 07:00 alarm stays at 07:00
#                  Los Angeles time; Preflight notes time-zone-unreadable, with why, and a notice
#                  says so; a restart with the file still broken keeps the last good zone, which
#                  the database holds; a good file again clears the note and moves the plan
#   bad-tz       - TZ names no zone and is no POSIX TZ string (the CLI refuses it too): the agent
#                  keeps the zone its database holds, and says so the same way
#   no-zone-yet  - a broken file on a first run: UTC, the one zone left, and said so
source "$(dirname "$0")/lib.sh"
start_session
unset TZ
zone_file=$SESSION/localtime
export REVEILLE_LOCALTIME=$zone_file
LA=/usr/share/zoneinfo/America/Los_Angeles

next_fire_of() { "$REVEILLE" show "$1" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["next_fire"])'; }
local_time_in() { TZ=$1 date -d "@$2" +%H:%M; }
# Puts the first BYTES bytes of FILE where the zone file is, as an interrupted copy would.
cut_short() { head -c "$2" "$1" >"$zone_file.new" && mv -T "$zone_file.new" "$zone_file"; }
expect_zone_note() {
    assert_contains "$(call Preflight)" '"time-zone-unreadable"' "Preflight ($1)"
    assert_contains "$(call Preflight)" "bas true" "time-zone-unreadable is a note ($1)"
    assert_contains "$(gcall PreflightDetails)" "$2" "PreflightDetails ($1)"
}

# A link into a zoneinfo tree, as /etc/localtime is: the zone has a name.
mkdir -p "$SESSION/zoneinfo/America"
cp "$LA" "$SESSION/zoneinfo/America/Los_Angeles"
ln -s "$SESSION/zoneinfo/America/Los_Angeles" "$zone_file"
start_agent
assert_eq "$(call Preflight)" "bas true 0" "Preflight with a good zone file"
id=$(add_alarm 07:00 --repeat daily)
planned=$(next_fire_of "$id")
assert_eq "$(local_time_in America/Los_Angeles "$planned")" 07:00 "planned at 07:00 Los Angeles time"

note "half-written"
cut_short "$LA" 100
wait_until "the agent notices" 10 grep -q "$zone_file" <(gcall PreflightDetails 2>/dev/null)
expect_zone_note "half-written" "$zone_file"
assert_eq "$(next_fire_of "$id")" "$planned" "the next ring after the zone file broke"
wait_until "a notice says so" 5 grep -q "time zone" <(notices)
stop_agent
start_agent
assert_eq "$(next_fire_of "$id")" "$planned" "the next ring after a restart with a broken zone file"
expect_zone_note "restarted broken" "$zone_file"
assert_contains "$(gcall PreflightDetails)" "America/Los_Angeles" "PreflightDetails names the zone kept"

note "good again"
cp /usr/share/zoneinfo/America/New_York "$zone_file.new" && mv -T "$zone_file.new" "$zone_file"
wait_until "the plan moves" 10 output_is != "$planned" next_fire_of "$id"
assert_eq "$(local_time_in America/New_York "$(next_fire_of "$id")")" 07:00 "planned at 07:00 New York time"
assert_eq "$(call Preflight)" "bas true 0" "Preflight with a good zone file again"
stop_agent

note "bad-tz"
TZ=Not/A_Zone start_agent
assert_eq "$(local_time_in America/New_York "$(next_fire_of "$id")")" 07:00 "a bad TZ keeps the last good zone"
expect_zone_note "bad-tz" "Not/A_Zone"
stop_agent
TZ=Not/A_Zone "$REVEILLE" preview 07:00 >/dev/null 2>&1 && fail "the CLI accepts the TZ the agent refuses"

note "no-zone-yet"
rm -rf "$XDG_DATA_HOME/reveille"
cut_short "$LA" 100
start_agent
expect_zone_note "no-zone-yet" "UTC"
echo "a broken zone file or TZ keeps the last good zone, and says so"
