#!/bin/bash
# Runs every end-to-end test (test-*.sh) against the binaries in BIN, each in its own
# private desktop session, and ends with one line: "e2e: N passed, M failed".
#   Tests/e2e/run.sh BIN [NAME-PATTERN]
set -uo pipefail
BIN=$(cd "${1:?usage: $0 BIN [PATTERN]}" && pwd)
pattern=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
export BIN

passed=0
failed=0
failures=()
for test in "$here"/test-*.sh; do
    name=$(basename "$test" .sh)
    [ -z "$pattern" ] || [[ $name == *$pattern* ]] || continue
    echo "== $name"
    start=$(date +%s)
    if bash "$test" </dev/null; then
        passed=$((passed + 1))
        echo "ok $name ($(($(date +%s) - start)) s)"
    else
        failed=$((failed + 1))
        failures+=("$name")
        echo "not ok $name ($(($(date +%s) - start)) s)"
    fi
done
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
