#!/bin/bash
# A full disk when the agent starts (a login, a reboot, a restart): the database is in WAL mode,
# and opening it read-write needs a -shm file the disk has no room for. The agent still loads
# the stored alarms and rings them; Preflight notes database-unwritable, its details, the log
# and a notice say "the disk is full"; a solved challenge silences the alarm though it cannot
# be saved; once there is room again the waiting write is saved, and survives a restart.
# The data directory is a small tmpfs filled to the last byte.
source "$(dirname "$0")/lib.sh"
start_session
mount_data_directory 2m
configure "[agent]" "fade_in = 1s"
start_agent
assert_eq "$(call Preflight)" "bas true 0" "Preflight on a first run"
due=$(date -u -d '+12 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Full at start" --challenge math:easy)
keep=$(add_alarm 07:00 --repeat daily --label Kept)
stop_agent
[ ! -e "$DATA_MOUNT/alarms.db-shm" ] || fail "a clean stop left the -shm file"
fill_data_directory
note "the disk is full; the agent starts"

start_agent
list=$(call ListAlarms)
assert_contains "$list" "$id" "the alarms served with a full disk"
assert_contains "$list" "$keep" "the alarms served with a full disk"
assert_contains "$(call Preflight)" '"database-unwritable"' "Preflight with a full disk"
assert_contains "$(call Preflight)" "bas true" "database-unwritable is a note: alarms still ring"
assert_contains "$(gcall PreflightDetails)" "the disk is full" "PreflightDetails"
assert_not_contains "$(gcall PreflightDetails)" "disk I/O error" "PreflightDetails"
assert_contains "$(cat "$SESSION/agent.log")" "the disk is full" "the agent's log"
wait_until "a notice says the disk is full" 5 grep -q "disk is full" <(notices)
assert_not_contains "$(notices)" "disk I/O error" "the notice"

wait_until "it rings" 40 is_ringing "$id"
note "it rings from a full disk"
solve_by_calls "$id" "the right answer with a full disk"
not is_ringing "$id" || fail "still ringing after the right answer"

# Room again: the dismissal is saved on a retry, and a restart does not ring it again.
rm -f "$DATA_MOUNT/filler"
wait_until "the writes are saved" 70 output_is = "bas true 0" call Preflight
stop_agent
start_agent
assert_eq "$(call Preflight)" "bas true 0" "Preflight after a restart with room"
not is_ringing "$id" || fail "the dismissal was lost: it rings again after a restart"
assert_contains "$(call ListAlarms)" "$keep" "the alarms after a restart"
echo "a full disk at start still loads and rings the alarms, says the disk is full, and saves once there is room"
