#!/bin/bash
# Runs the end-to-end tests (test-*.sh) against the binaries in BIN, each in its own private
# desktop session, and ends with one line: "e2e: N passed, M failed".
#   Tests/e2e/run.sh [--shared | --alone] BIN [NAME-PATTERN]
#
# Two tests run side by side (E2E_JOBS): each has its own bus, notification server,
# PulseAudio, tmux socket and XDG directories under its own temporary directory (session.sh),
# so nothing they use is shared. Each test's output goes to a log of its own, printed whole
# when the test ends. Then the tests that run alone, one at a time with nothing beside them:
# those named in ALONE, and those that touch what the whole machine shares (machine_wide).
# --shared runs only the first part, --alone only the second (make check runs them apart).
# A test still running after E2E_TIMEOUT seconds (default 300) is stopped and fails.
set -uo pipefail
part=all
case ${1:-} in --shared | --alone) part=${1#--}; shift ;; esac
BIN=$(cd "${1:?usage: $0 [--shared | --alone] BIN [PATTERN]}" && pwd)
pattern=${2:-}
jobs=${E2E_JOBS:-2}
limit=${E2E_TIMEOUT:-300}
here=$(cd "$(dirname "$0")" && pwd)
export BIN
# The catalogues the tests find through REVEILLE_LOCALEDIR (lib.sh), fresh from po/ even when the
# binaries were built without make.
"$here/../../scripts/po/compile.sh" "$here/../../build/locale" || { echo "e2e: cannot compile po/*.po"; exit 1; }

# Tests that run alone: they assert how soon something happens (within a second, a deadline,
# a sound level in a window of a recording), or count the agent's wakeups. Another test's
# agent, daemons and recorder on the same two cores would make them fail for no fault.
ALONE=(
    test-notification-on-time  # the notification within 0.8 s of the due second
    test-ringing-signals       # a label edited 1.4 s before the due second; ChallengeChanged between a lockout's end and the deadline
    test-nudge                 # the nudge 2-5.5 s after the ring; the sound level in 0.8 s windows around it
    test-idle-sleeps           # not one context switch in 5 s of idleness, 3 s after the start
    test-keep-audible          # each silencing undone within a second
    test-wake-agent            # the wake sent again within 2 s of the helper's return; the refused alarm rings within 2 s
    test-wake-users            # the alarm of an agent that distrusts the helper's name rings within 2 s
    test-bus-load              # notification and sound within 1 s of the due second under load; peak memory
)
# Tests that touch what the whole machine shares: mounts, users, the clock, a chroot, a real
# wake alarm (the wake tests' wake_setup creates users and runs the helper with CAP_WAKE_ALARM).
# Found by what they call, outside comments, so that a new one is not missed.
machine_wide() {
    grep -Ev '^[[:space:]]*#' "$here/$1.sh" |
        grep -Eq '(^|[^[:alnum:]_-])(mount|umount|mount_data_directory|useradd|userdel|groupadd|ensure_user|wake_setup|systemd-sysusers|chroot|hwclock|timedatectl|date +(-s|--set))([^[:alnum:]_-]|$)'
}
# The longest tests start first, so that the side-by-side part does not end on one of them.
LONGEST=(
    test-hooks test-kill-while-ringing test-sound-server-restart test-notices-bounded test-sound-server-hung
    test-ringing-flow test-clock-set-back test-database-locked test-no-way-around
)

logs=$(mktemp -d "${TMPDIR:-/tmp}/reveille-e2e-logs.XXXXXX")
trap 'rm -rf "$logs"' EXIT

listed() {  # listed NAME LIST...: whether NAME is one of LIST
    local name=$1
    shift
    for other; do [ "$other" = "$name" ] && return 0; done
    return 1
}

all=()
for test in "$here"/test-*.sh; do
    name=$(basename "$test" .sh)
    [ -z "$pattern" ] || [[ $name == *$pattern* ]] || continue
    all+=("$name")
done
shared=()
solo=()
for name in "${all[@]}"; do listed "$name" "${ALONE[@]}" || ! machine_wide "$name" || ALONE+=("$name"); done
for name in "${LONGEST[@]}"; do listed "$name" "${all[@]}" && ! listed "$name" "${ALONE[@]}" && shared+=("$name"); done
for name in "${all[@]}"; do
    if listed "$name" "${ALONE[@]}"; then
        solo+=("$name")
    elif ! listed "$name" "${LONGEST[@]}"; then
        shared+=("$name")
    fi
done
[ "$part" != alone ] || shared=()
[ "$part" != shared ] || solo=()

passed=0
failed=0
failures=()
declare -A names=() started=()

# start NAME: runs the test in the background, its output into its own log.
start() {
    local name=$1
    timeout -k 10 "$limit" bash "$here/$name.sh" </dev/null >"$logs/$name.log" 2>&1 &
    names[$!]=$name
    started[$!]=$(date +%s)
}

# Waits for one running test to end, then prints its log whole and its result.
finish() {
    local pid status name took
    wait -n -p pid
    status=$?
    name=${names[$pid]}
    took=$(($(date +%s) - ${started[$pid]}))
    unset "names[$pid]" "started[$pid]"
    echo "== $name"
    cat "$logs/$name.log"
    [ "$status" -ne 124 ] || echo "FAIL: $name was stopped after $limit s"
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok $name ($took s)"
    else
        failed=$((failed + 1))
        failures+=("$name")
        echo "not ok $name ($took s)"
    fi
}

for name in ${shared[@]+"${shared[@]}"}; do
    while [ ${#names[@]} -ge "$jobs" ]; do finish; done
    start "$name"
done
while [ ${#names[@]} -gt 0 ]; do finish; done
for name in ${solo[@]+"${solo[@]}"}; do
    start "$name"
    finish
done

[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
