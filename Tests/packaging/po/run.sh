#!/bin/sh
# The tests of scripts/po themselves, on the fixtures beside this script: each check must pass
# where it should and fail where it should, naming what is wrong.
#   extract-good/   Message calls of every shape, and look-alikes; po/reveille.pot is the expected .pot
#   extract-bad/    calls the extractor must refuse, each at its file:line (marked in the source)
#   lint/           literals handed to user-facing sinks (marked "// expect-lint"), and an allowlist
#   catalogues/     one directory per case: LINGUAS, .po files and `expect` ("pass", or "fail TEXT"),
#                   checked against catalogues/reveille.pot
#
#   Tests/packaging/po/run.sh
set -eu

here=$(cd "$(dirname "$0")" && pwd)
scripts=$(cd "$here/../../../scripts/po" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { echo "po-tests: FAIL: $*" >&2; failed=$((failed + 1)); }

# Extraction: the exact .pot, and --check of it.
if "$scripts/extract.py" --root "$here/extract-good" --output "$scratch/good.pot" >/dev/null &&
    diff -u "$here/extract-good/po/reveille.pot" "$scratch/good.pot" >&2; then ok; else bad "extract-good: the .pot differs (above)"; fi
"$scripts/extract.py" --root "$here/extract-good" --check >/dev/null && ok || bad "extract-good: --check says stale"
cp -R "$here/extract-good" "$scratch/stale"
sed -i 's/"Snooze"),$/"Snooze later"),/' "$scratch/stale/Sources/App/Good.swift"
if "$scripts/extract.py" --root "$scratch/stale" --check >"$scratch/out" 2>&1; then
    bad "extract --check passed with a changed message"
elif grep -q 'is stale' "$scratch/out"; then ok; else bad "extract --check: no 'is stale' in: $(cat "$scratch/out")"; fi

# Every refused call is named at its line, and nothing else is.
source="$here/extract-bad/Sources/App/Bad.swift"
expected=$( { grep -n '// expect-error:' "$source" | cut -d: -f1
              grep -n '// expect-error-next:' "$source" | cut -d: -f1 | while read -r n; do echo $((n + 1)); done; } | sort -n)
if "$scripts/extract.py" --root "$here/extract-bad" --output "$scratch/bad.pot" >"$scratch/out" 2>&1; then
    bad "extract-bad: the extraction passed"
else
    got=$(sed -n 's|^Sources/App/Bad.swift:\([0-9]*\): .*|\1|p' "$scratch/out" | sort -n)
    [ "$got" = "$expected" ] && ok ||
        bad "extract-bad: errors at lines $(echo $got), expected $(echo $expected):
$(cat "$scratch/out")"
fi

# The lint: the marked lines exactly; informational without po/STRICT, failing with it.
expected=$(cd "$here/lint" && grep -n '// expect-lint' Sources/*/*.swift | cut -d: -f1,2 | sort -u)
got=$("$scripts/extract.py" --root "$here/lint" --lint --list | sed -n 's|^\(Sources/[^:]*:[0-9]*\): .*|\1|p' | sort -u)
[ "$got" = "$expected" ] && ok || bad "lint: reported $(echo $got), expected $(echo $expected)"
"$scripts/extract.py" --root "$here/lint" --lint >/dev/null && ok || bad "lint without po/STRICT failed"
cp -R "$here/lint" "$scratch/strict"
touch "$scratch/strict/po/STRICT"
"$scripts/extract.py" --root "$scratch/strict" --lint >/dev/null && bad "lint with po/STRICT passed" || ok

# The catalogues.
for case in "$here"/catalogues/*/; do
    name=$(basename "$case")
    dir="$scratch/catalogues-$name"
    mkdir "$dir"
    cp "$here/catalogues/reveille.pot" "$dir/"
    for file in "$case"*; do [ "$(basename "$file")" = expect ] || cp "$file" "$dir/"; done
    read -r want text <"$case/expect"
    if "$scripts/check.py" --po-dir "$dir" >"$scratch/out" 2>&1; then status=pass; else status=fail; fi
    if [ "$status" != "$want" ]; then
        bad "catalogues/$name: expected $want, got $status:
$(cat "$scratch/out")"
    elif [ -n "${text:-}" ] && ! grep -qF -- "$text" "$scratch/out"; then
        bad "catalogues/$name: failed, but not with '$text':
$(cat "$scratch/out")"
    else
        ok
    fi
done

echo "po-tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
