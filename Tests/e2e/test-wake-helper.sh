#!/bin/bash
# The wake helper, reveille-waked (issue 20, section 1), as the system runs it: on a private
# system bus whose policy includes the repo's io.github.Reveille1.Wake.conf, with
# python3-dbusmock's polkitd, as the reveille-wake user with CAP_WAKE_ALARM and nothing else.
# Its alarm timer is read from /proc/PID/fdinfo (clockid 8, it_value the time left) and
# /proc/timer_list (which lists an alarm timer only while it is armed).
source "$(dirname "$0")/lib.sh"
source "$E2E_DIR/wake_lib.sh"
ACTION=io.github.reveille1.set-wake

wake_setup wake-helper
REPORTS=$DIR/reports
mkdir -m 1777 "$REPORTS"  # the clients, as other users, write their reports here
# A second user for the callers: nobody, and one more for "two users".
OTHER=reveille-wake-test
ensure_user "$OTHER"
start_wake_system_bus

# client USER NAME WHEN...: wake_client.py as USER in the background, reporting to $REPORTS/NAME;
# its pid in CLIENT_PID (the python process itself, so that killing it closes its connections).
client() {
    local user=$1 name=$2 AS
    shift 2
    as_prefix "$user"
    "${AS[@]}" "$WAKE_BIN/wake_client.py" "$REPORTS/$name" "$@" &
    CLIENT_PID=$!
    WAKE_PIDS+=("$CLIENT_PID")
    wait_until "$name's calls are answered" 10 test -e "$REPORTS/$name"
}
# helper_call [USER] METHOD ARGS...: a one-shot call on a connection of its own, as nobody by default.
helper_call() {
    local user=nobody
    case $1 in nobody | root | "$OTHER") user=$1; shift ;; esac
    local method=$1
    shift
    as "$user" gdbus call --system --dest "$HELPER_NAME" --object-path "$HELPER_PATH" \
        --method "$HELPER_NAME.$method" "$@"
}

note "systemd-analyze rates the shipped unit SAFE"
rating=$(systemd-analyze security --offline=true "$WAKE_DATA/reveille-waked.service" 2>&1 | tail -1)
assert_contains "$rating" " SAFE" "the unit's exposure rating"

note "only reveille-wake may own $HELPER_NAME"
expect_error AccessDenied as nobody gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.RequestName "$HELPER_NAME" 4

note "the helper runs as reveille-wake with CAP_WAKE_ALARM only"
start_helper
helper_alive() { kill -0 "$HELPER" 2>/dev/null; }
caps=$(sed -n 's/^CapEff:\s*//p' "/proc/$HELPER/status")
assert_eq "$caps" "$(printf '%016x' $((1 << 35)))" "the helper's effective capabilities (CAP_WAKE_ALARM is 35)"
assert_eq "$(stat -c %U "/proc/$HELPER")" reveille-wake "the helper's user"

# assert_armed T: the helper's timer is armed for T, within the second that the reading takes.
assert_armed() {
    local left expected=$(($1 - $(date +%s)))
    left=$(timer_left)
    [ -n "$left" ] || fail "the helper holds no CLOCK_REALTIME_ALARM timer"
    [ "$left" -ge $((expected - 2)) ] && [ "$left" -le "$expected" ] ||
        fail "the helper's alarm timer has $left s left, expected about $expected (armed at $1)"
    armed_at "$1" || fail "/proc/timer_list lists no alarm timer armed at $1"
}
assert_disarmed_at() { ! armed_at "$1" || fail "an alarm timer is still armed at $1"; }

# A wake far enough ahead that no test machine's other alarm timer falls on the same second.
now=$(date +%s)
T1=$((now + 3 * 86400 + 1234))
T2=$((now + 2 * 86400 + 4321))
T3=$((now + 4 * 86400 + 77))

note "polkit refusing gives AccessDenied and arms nothing"
polkit_allows ""
expect_error org.freedesktop.DBus.Error.AccessDenied helper_call SetWake "$T1"
assert_disarmed_at "$T1"
polkit_allows "'$ACTION'"

note "a caller's wake arms the alarm timer"
client root a "$T1"
A=$CLIENT_PID
assert_eq "$(cat "$REPORTS/a")" "ok $T1" "the first client's GetWake"
assert_armed "$T1"

note "a second connection's earlier wake arms it earlier, and does not replace the first's"
client nobody b "$T2"
B=$CLIENT_PID
assert_eq "$(cat "$REPORTS/b")" "ok $T2" "the second client's GetWake"
assert_armed "$T2"

note "the connection leaving the bus drops its wake, and the first's is armed again"
kill "$B"
wait "$B" 2>/dev/null || true
wait_until "the timer is back at the first wake" 5 armed_at "$T1"
assert_disarmed_at "$T2"
assert_armed "$T1"

note "holding a wake, the helper sleeps: no thread wakes in 3 s"
switches() { cat /proc/"$HELPER"/task/*/status | awk '/^(non)?voluntary_ctxt_switches/ { n += $2 } END { print n }'; }
before=$(switches)
sleep 3
after=$(switches)
[ "$after" -le $((before + 1)) ] || fail "the idle helper woke $((after - before)) times in 3 s"

note "a one-shot caller's wake ends with its connection; GetWake of a new connection is 0"
assert_eq "$(helper_call GetWake)" "(int64 0,)" "GetWake of a connection without a wake"
helper_call SetWake "$T2" >/dev/null
sleep 0.5
assert_armed "$T1"

note "bad input: more than 60 s past, more than 400 days ahead, or no int64"
expect_error org.freedesktop.DBus.Error.InvalidArgs helper_call SetWake "$((now - 3600))"
expect_error org.freedesktop.DBus.Error.InvalidArgs helper_call SetWake "$((now + 401 * 86400))"
expect_error org.freedesktop.DBus.Error.InvalidArgs helper_call SetWake -- -9223372036854775808
expect_error org.freedesktop.DBus.Error.InvalidArgs helper_call SetWake "9223372036854775807"
# busctl sends the wrong signature as it is told (gdbus would refuse it itself); it prints no error name.
expect_error "Call failed: SetWake takes (x), not (s)" as nobody busctl --system call "$HELPER_NAME" "$HELPER_PATH" "$HELPER_NAME" SetWake s tomorrow
assert_armed "$T1"

note "at most 4 wakes per uid: nobody's fifth connection is refused, another user's is not"
client nobody c "$T3" "$((T3 + 1))" "$((T3 + 2))" "$((T3 + 3))" "$((T3 + 4))"
C=$CLIENT_PID
assert_eq "$(sed -n 5p "$REPORTS/c")" org.freedesktop.DBus.Error.LimitsExceeded "the fifth wake of one uid"
assert_eq "$(sed -n 4p "$REPORTS/c")" "ok $((T3 + 3))" "the fourth wake of one uid"
client "$OTHER" d "$((T3 + 9))"
assert_eq "$(cat "$REPORTS/d")" "ok $((T3 + 9))" "another user's wake"
kill "$C"
assert_armed "$T1"

note "CancelWake drops only the caller's own wake"
helper_call CancelWake >/dev/null
assert_armed "$T1"
client nobody f "$((T1 - 100)):cancel"
assert_eq "$(cat "$REPORTS/f")" "ok 0" "GetWake after CancelWake"
assert_disarmed_at "$((T1 - 100))"
assert_armed "$T1"
kill "$A"
wait "$A" 2>/dev/null || true
wait_until "the first wake is disarmed when its connection leaves" 5 not armed_at "$T1"
assert_armed "$((T3 + 9))"

note "a wake up to 60 s past is armed one second from now, and then spent"
asked=$(date +%s)
client nobody e "$((asked - 30))"
E=$CLIENT_PID
answered=$(date +%s)  # the call came between the two: a slow client start does not fail the check
late=$(sed -n 's/^ok //p' "$REPORTS/e")
[ -n "$late" ] && [ "$late" -ge $((asked + 1)) ] && [ "$late" -le $((answered + 1)) ] ||
    fail "a wake 30 s past, asked between $asked and $answered, was armed at '$(cat "$REPORTS/e")', not one second from then"
wait_until "the late wake has fired" 5 not armed_at "$late"
sleep 0.5
helper_alive || fail "the helper died when its timer fired"
assert_armed "$((T3 + 9))"

note "CanWakeSystem says whether a wake-capable RTC exists"
rtc=false
for f in /sys/class/rtc/rtc*/wakealarm; do [ -e "$f" ] && rtc=true; done
property=$(as nobody gdbus call --system --dest "$HELPER_NAME" --object-path "$HELPER_PATH" \
    --method org.freedesktop.DBus.Properties.Get "$HELPER_NAME" CanWakeSystem)
assert_eq "$property" "(<$rtc>,)" "CanWakeSystem"

note "with no wake held and no call for 30 s, the helper exits"
kill "$E" 2>/dev/null || true
for pid in "${WAKE_PIDS[@]}"; do
    case $pid in "$HELPER" | "$SYSTEM_BUS_PID") ;; *) kill "$pid" 2>/dev/null || true ;; esac
done
wait_until "the helper exits on its own" 40 not helper_alive
wait "$HELPER" 2>/dev/null && status=0 || status=$?
assert_eq "$status" 0 "the idle helper's exit status"
echo "test-wake-helper: passed"
