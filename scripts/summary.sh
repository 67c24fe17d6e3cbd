#!/bin/sh
# The closing line of `make check`: every tier's passed and failed tests added up.
set -eu
cd "$(dirname "$0")/../build"
swift_passed=$(grep -Eo 'Test run with [0-9]+ tests' swift-test.log | grep -Eo '[0-9]+' | tail -1 || echo 0)
swift_failed=$(grep -Eo 'with [0-9]+ issues?' swift-test.log | grep -Eo '[0-9]+' | tail -1 || echo 0)
passed=${swift_passed:-0}
failed=0
[ -n "$(grep -E 'Test run with .* failed' swift-test.log || true)" ] && failed=${swift_failed:-1}
for log in e2e.log check-binaries.log; do
    line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    passed=$((passed + ${line%% passed*}))
    rest=${line#* passed, }
    failed=$((failed + ${rest%% failed*}))
done
echo "unit and integration: ${swift_passed:-0} tests; end to end: see build/e2e.log"
echo "check: $passed passed, $failed failed"
