#!/bin/bash
# keep_awake: when the wake timer cannot wake the machine (forced here with
# wake_from_suspend = no), an alarm due within keep_awake holds logind's idle inhibitor
# (mode block) and nothing more; it goes when no alarm is that close. While no alarm is
# near (none rings, none is within wake_lead), no sleep lock is taken: a suspend the user
# asks for happens (test-wake-agent checks the locks held while one rings).
source "$(dirname "$0")/lib.sh"
start_session
start_system_bus
start_system_mock logind org.freedesktop.login1
configure "[agent]" "keep_awake = 1h" "wake_from_suspend = no"
start_agent

# Every inhibitor the logind mock holds, one "what who why mode" line each.
# An empty list must mean "no inhibitor", never "no answer": a failed call prints a line that
# no check below accepts (it runs inside $(…), where a failure alone would go unseen).
inhibitors() {
    local reply
    if ! reply=$(gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 \
        --method org.freedesktop.login1.Manager.ListInhibitors 2>&1); then
        echo "ListInhibitors failed: $reply"
        return 1
    fi
    printf '%s' "$reply" | /usr/bin/python3 -c '
import re, sys
for what, who, why, mode in re.findall(r"\(\x27([^\x27]*)\x27, \x27([^\x27]*)\x27, \x27([^\x27]*)\x27, \x27([^\x27]*)\x27", sys.stdin.read()):
    print(what, who, why.replace(" ", "_"), mode)'
}
no_inhibitor() { [ -z "$(inhibitors)" ]; }
idle_held() { inhibitors | grep -q '^idle Reveille .* block$'; }

assert_contains "$(call Preflight)" "wake-from-suspend-unavailable" "Preflight with wake_from_suspend = no"
sleep 0.5
assert_eq "$(inhibitors)" "" "inhibitors with no alarm"

soon=$(add_alarm "$(date -d '+30 minutes' +%H:%M)" --label "Soon")
note "alarm $soon due in about 30 min"
wait_until "the idle inhibitor is held" 10 idle_held
assert_eq "$(inhibitors | wc -l)" "1" "exactly one inhibitor"
assert_not_contains "$(inhibitors)" "sleep" "inhibitors while an alarm is close"

"$REVEILLE" remove "$soon" >/dev/null
wait_until "the inhibitor is released after the alarm is removed" 10 no_inhibitor

later=$(add_alarm "$(date -d '+2 hours' +%H:%M)" --label "Later")
note "alarm $later due in about 2 h"
sleep 1
assert_eq "$(inhibitors)" "" "inhibitors with the only alarm 2 h ahead"
assert_not_contains "$(cat "$SESSION/system-mock-logind.log")" "'sleep'" "logind mock log"
echo "The idle inhibitor is held while an alarm is within keep_awake and released when none is"
