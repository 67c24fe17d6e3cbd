#!/bin/sh
# Checks the translations (issue 24): po/reveille.pot is what scripts/po/extract.py makes of the
# sources now (no Message(...) call it cannot read, nothing stale); the lint of user-facing texts
# that bypass Message (informational until po/STRICT exists); each po/LL.po against the .pot
# (scripts/po/check.py: complete when po/LINGUAS ships it, placeholders as the English); and the
# scripts themselves, on fixtures that must pass or fail (Tests/packaging/po/run.sh).
#
#   Tests/packaging/check-po.sh
set -eu

repo=$(cd "$(dirname "$0")/../.." && pwd)
failures=0

say() { printf '%s\n' "check-po: $*" >&2; }
problem() { say "FAIL: $*"; failures=$((failures + 1)); }

for tool in python3 msgfmt msgmerge; do
    command -v "$tool" >/dev/null 2>&1 || { say "$tool not found (scripts/install-deps.sh installs gettext)"; exit 1; }
done

"$repo/scripts/po/extract.py" --check || problem "po/reveille.pot is not a fresh extraction (above)"
"$repo/scripts/po/extract.py" --lint || problem "user-facing literals bypass Message (above; po/STRICT is set)"
"$repo/scripts/po/check.py" || problem "the catalogues in po/ (above)"
"$repo/Tests/packaging/po/run.sh" || problem "the po scripts' own tests (above)"

if [ "$failures" -gt 0 ]; then
    say "$failures problem(s)"
    exit 1
fi
say "PASS: reveille.pot is fresh, every shipped catalogue is complete and keeps its placeholders"
