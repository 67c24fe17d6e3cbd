#!/bin/sh
# The closing line of `make check`: every tier's passed and failed tests added up.
#
# Each tier leaves a log in build/. A tier whose log is missing, or that ran fewer tests than
# it has (test discovery that found nothing makes `swift test` exit 0), counts as failed.
set -eu
cd "$(dirname "$0")/../build"

# Fewer than this many tests means a tier lost its tests, not that they passed.
MIN_SWIFT_TESTS=730
MIN_E2E_TESTS=42

passed=0
failed=0
problems=""
problem() { problems="$problems
- $*"; }

# Swift Testing: "✔ Test run with N tests in M suites passed after …" or "… failed after …",
# and one "✘ Test NAME … failed after …" line per failing test.
if [ -f swift-test.log ]; then
    total=$(grep -Eo 'Test run with [0-9]+ tests?' swift-test.log | grep -Eo '[0-9]+' | tail -1 || true)
    failing=$(grep -E '^✘ Test .* failed after' swift-test.log | grep -vc 'Test run with' || true)
    total=${total:-0}
    if grep -q 'Test run with .* failed after' swift-test.log && [ "$failing" -eq 0 ]; then failing=1; fi
    passed=$((passed + total - failing))
    failed=$((failed + failing))
    [ "$total" -ge "$MIN_SWIFT_TESTS" ] || { problem "swift test ran $total tests, fewer than $MIN_SWIFT_TESTS"; failed=$((failed + 1)); }
else
    problem "no swift-test.log: the unit and integration tests did not run"
    failed=$((failed + 1))
fi

# Tiers that end with "NAME: N passed, M failed".
for tier in e2e check-binaries; do
    line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$tier.log" 2>/dev/null | tail -1 || true)
    if [ -z "$line" ]; then
        problem "no result line in $tier.log"
        failed=$((failed + 1))
        continue
    fi
    count=${line%% passed*}
    rest=${line#* passed, }
    passed=$((passed + count))
    failed=$((failed + ${rest%% failed*}))
    if [ "$tier" = e2e ] && [ "$count" -lt "$MIN_E2E_TESTS" ]; then
        problem "e2e passed $count tests, fewer than $MIN_E2E_TESTS"
        failed=$((failed + 1))
    fi
done

# Checks that end with one "PASS: …" line.
for check in check-man check-data check-deb; do
    if grep -q '^PASS: \|: PASS: ' "$check.log" 2>/dev/null; then
        passed=$((passed + 1))
    else
        problem "$check did not pass (see build/$check.log)"
        failed=$((failed + 1))
    fi
done

echo "unit and integration: ${total:-0} tests; end to end: see build/e2e.log"
[ -z "$problems" ] || echo "problems:$problems"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
