#!/bin/sh
# The closing lines of `make check`: each stage with its result and time, the failures of each
# stage that failed, and every stage's passed and failed tests added up in one last line,
# "check: N passed, M failed". Exits non-zero when any stage failed.
#
#   scripts/summary.sh [BEGAN]     BEGAN: when make check began, in Unix seconds
#
# `make check` writes one line per stage it ran to build/stages.txt:
# "NAME STATUS SECONDS STARTED", STARTED in seconds since the check began (stages overlap).
# A stage that runs tests leaves its log in build/NAME.log. A stage whose log is missing or has
# no result, or that ran fewer tests than it has (test discovery that found nothing makes
# `swift test` exit 0), counts as failed; so does one that exited non-zero while its log shows
# no failed test (a build that broke, a crash after the last result).
set -eu
cd "$(dirname "$0")/../build"

# Fewer than this many tests means a tier lost its tests, not that they passed.
MIN_SWIFT_TESTS=730
MIN_E2E_TESTS=42

[ -f stages.txt ] || { echo "summary: no build/stages.txt: run make check"; echo "check: 0 passed, 1 failed"; exit 1; }

passed=0
failed=0
swift_total=0
e2e_passed=0
report=""    # the failures, stage by stage
times=""     # one line per stage: name, result, time

# fails STAGE TEXT: notes a failure of STAGE (TEXT may hold several lines).
fails() {
    report="$report
$1:
$(printf '%s\n' "$2" | sed 's/^/    /')"
}
minutes() { awk -v s="$1" 'BEGIN { if (s >= 60) printf "%d min %02d s", s / 60, s % 60; else printf "%d s", s }'; }

while read -r stage status seconds started; do
    stage_failed=0    # failures this stage's log shows
    log=$stage.log
    case $stage in
    test-fast | test-serial)
        # Swift Testing: "✔ Test run with N tests in M suites passed after …" or "… failed after …",
        # and one "✘ Test NAME … failed after …" line per failing test.
        total=$(grep -Eo 'Test run with [0-9]+ tests?' "$log" 2>/dev/null | grep -Eo '[0-9]+' | tail -1 || true)
        if [ -z "$total" ]; then
            fails "$stage" "no test run result in build/$log (did it build, or crash?)"
            stage_failed=1
        else
            names=$(grep -E '^✘ Test .* failed after' "$log" | grep -v 'Test run with' || true)
            stage_failed=$(printf '%s' "$names" | grep -c . || true)
            if grep -q 'Test run with .* failed after' "$log" && [ "$stage_failed" -eq 0 ]; then
                names="the run failed with no failing test named (see build/$log)"
                stage_failed=1
            fi
            [ "$stage_failed" -eq 0 ] || fails "$stage" "$names"
            swift_total=$((swift_total + total))
            passed=$((passed + total - stage_failed))
        fi
        ;;
    e2e | e2e-shared | e2e-alone | check-binaries)
        # Tiers that end with "NAME: N passed, M failed".
        line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$log" 2>/dev/null | tail -1 || true)
        if [ -z "$line" ]; then
            fails "$stage" "no result line in build/$log"
            stage_failed=1
        else
            count=${line%% passed*}
            rest=${line#* passed, }
            stage_failed=${rest%% failed*}
            passed=$((passed + count))
            if [ "$stage_failed" -gt 0 ]; then
                fails "$stage" "$(grep -E '^failed: |^FAIL|FAIL:' "$log" | tail -n 20 || true)"
            fi
            case $stage in e2e*) e2e_passed=$((e2e_passed + count)) ;; esac
        fi
        ;;
    check-man | check-data | check-po | check-deb)
        # Checks that end with one "PASS: …" line.
        if grep -q '^PASS: \|: PASS: ' "$log" 2>/dev/null; then
            passed=$((passed + 1))
        else
            lines=$(grep -E 'FAIL|error' "$log" 2>/dev/null | tail -n 10 || true)
            fails "$stage" "${lines:+$lines
}no PASS line in build/$log"
            stage_failed=1
        fi
        ;;
    esac
    if [ "$status" -ne 0 ] && [ "$stage_failed" -eq 0 ]; then
        fails "$stage" "exited with status $status (see its output above)"
        stage_failed=1
    fi
    failed=$((failed + stage_failed))
    result=ok
    [ "$stage_failed" -eq 0 ] || result=FAILED
    times="$times$(printf '  %-16s %-7s %-13s from %s' "$stage" "$result" "$(minutes "$seconds")" "$(minutes "${started:-0}")")
"
done <<STAGES
$(sort -s -n -k4,4 stages.txt)
STAGES

# The guards hold whichever stages ran: a stage left out of make check loses its tests too.
if [ "$swift_total" -lt "$MIN_SWIFT_TESTS" ]; then
    fails "test-fast and test-serial" "swift test ran $swift_total tests, fewer than $MIN_SWIFT_TESTS"
    failed=$((failed + 1))
fi
if [ "$e2e_passed" -lt "$MIN_E2E_TESTS" ]; then
    fails e2e "e2e passed $e2e_passed tests, fewer than $MIN_E2E_TESTS"
    failed=$((failed + 1))
fi

echo "stages (time, and when each started):"
printf '%s' "$times"
[ -z "${1:-}" ] || echo "make check took $(minutes $(($(date +%s) - $1)))"
echo "unit and integration: $swift_total tests run; end to end: $e2e_passed passed"
[ -z "$report" ] || echo "failures:$report"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
