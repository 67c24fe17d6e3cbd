#!/bin/bash
# A read-only data directory (ext4 remounted read-only after disk errors): the agent neither
# exits nor claims that another reveilled holds its lock. It loads the stored alarms read-only
# and rings them; Preflight notes database-read-only, and its details and a notice say why; a
# solved challenge silences the alarm though it cannot be saved. Once the file system is
# writable again the agent writes what waited, and a restart does not ring the alarm again.
# Then the same with no lock file on the read-only directory (never created there).
# The data directory is a tmpfs remounted read-only: file modes stop nothing as root.
source "$(dirname "$0")/lib.sh"
start_session
mount_data_directory 4m
configure "[agent]" "fade_in = 1s"
start_agent
due=$(date -u -d '+12 seconds' +%H:%M:%S)
id=$(add_alarm "$due" --label "Read-only" --challenge math:easy)
keep=$(add_alarm 07:00 --repeat daily --label Kept)
stop_agent
mount -o remount,ro "$DATA_MOUNT"
touch "$DATA_MOUNT/probe" 2>/dev/null && fail "the data directory is still writable"
note "the data directory is read-only; the agent starts"

start_agent
assert_not_contains "$(cat "$SESSION/agent.log")" "another reveilled" "the agent's log"
list=$(call ListAlarms)
assert_contains "$list" "$id" "the alarms served from a read-only directory"
assert_contains "$list" "$keep" "the alarms served from a read-only directory"
assert_contains "$(call Preflight)" '"database-read-only"' "Preflight with a read-only directory"
assert_contains "$(call Preflight)" "bas true" "database-read-only is a note: alarms still ring"
assert_contains "$(gcall PreflightDetails)" "read-only" "PreflightDetails"
assert_contains "$(cat "$SESSION/agent.log")" "Read-only file system" "the agent's log says why"
wait_until "a notice says the database is read-only" 5 grep -q "read-only" <(notices)
doctor=$("$REVEILLE" doctor 2>&1) || fail "doctor failed on a note: $doctor"
assert_contains "$doctor" "! database-read-only: " "doctor"

wait_until "it rings" 40 is_ringing "$id"
note "it rings from a read-only directory"
solve_by_calls "$id" "the right answer from a read-only directory"
not is_ringing "$id" || fail "still ringing after the right answer"

mount -o remount,rw "$DATA_MOUNT"
wait_until "the writes are saved" 70 output_is = "bas true 0" call Preflight
stop_agent
start_agent
not is_ringing "$id" || fail "the dismissal was lost: it rings again after a restart"
stop_agent
note "writable again: what waited was saved"

# No lock file on the read-only directory: the agent locks the directory itself.
rm -f "$DATA_MOUNT/reveilled.lock"
mount -o remount,ro "$DATA_MOUNT"
start_agent
assert_contains "$(call ListAlarms)" "$keep" "the alarms with no lock file"
assert_contains "$(call Preflight)" '"database-read-only"' "Preflight with no lock file"
status=0
timeout 10 "$BIN/reveilled" >"$SESSION/second.log" 2>&1 || status=$?
assert_eq "$status" 1 "a second agent's exit status"
assert_contains "$(cat "$SESSION/second.log")" "another reveilled already uses" "a second agent's message"
echo "a read-only data directory still loads and rings the alarms, and says why"
