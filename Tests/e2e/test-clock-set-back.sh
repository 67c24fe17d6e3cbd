#!/bin/bash
# A clock set backwards does not skip an alarm (issue 9 §5), with the live agent and its
# database. The machine's clock is never touched: libfaketime shifts the agent's own clock, and a
# resume announced by the logind mock makes it plan again (a clock the kernel sets reaches the
# same core path through the timerfd's cancel-on-set, tested in LinuxEventsTests and the core
# tests). With its clock 40 s ahead the agent plans a daily alarm due in 20 s for tomorrow; once
# the clock is right again it is planned for today and rings. Restarted with its clock set back
# before that occurrence, it does not plan it again: the stored last occurrence says it rang.
source "$(dirname "$0")/lib.sh"
FAKETIME_LIB=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
[ -e "$FAKETIME_LIB" ] || fail "libfaketime is not installed (scripts/install-deps.sh installs it)"
start_session
start_system_bus
start_system_mock logind org.freedesktop.login1
configure "[agent]" "fade_in = 1s"

OFFSET=$SESSION/faketime
# The agent reads its clock's offset from $OFFSET at every call; monotonic time stays real.
start_faked_agent() {
    LD_PRELOAD=$FAKETIME_LIB FAKETIME_TIMESTAMP_FILE=$OFFSET FAKETIME_NO_CACHE=1 FAKETIME_DONT_FAKE_MONOTONIC=1 \
        start_agent
}
next_fire_at() { next_fire | awk '{ print $3 }'; }

echo "+40s" >"$OFFSET"
start_faked_agent
due=$(($(date +%s) + 20))
id=$(add_alarm "$(date -u -d "@$due" +%H:%M:%S)" --repeat daily --label "Set back" --challenge math:easy)
assert_eq "$(next_fire_at)" "$((due + 86400))" "NextFire while the clock runs 40 s ahead"

echo "+0" >"$OFFSET"
prepare_for_sleep false
wait_until "today's occurrence is planned again" 5 output_is = "$due" next_fire_at
wait_until "it rings" 30 is_ringing "$id"
assert_eq "$(call SubmitAnswer ss "$id" "$(answer_of "$(challenge_field "$id" prompt)")" | awk '{ print $2 }')" '"dismissed"' "solving it"
wait_until "it stops" 5 not is_ringing "$id"
stop_agent

echo "-60s" >"$OFFSET"
start_faked_agent
assert_eq "$(next_fire_at)" "$((due + 86400))" "NextFire after a restart with the clock set back before the occurrence that rang"
echo "an alarm planned under a clock that ran ahead rings once the clock is right, and only once"
