#!/bin/sh
# The release binaries carry no Foundation beyond FoundationEssentials and no ICU: neither
# linked (ldd) nor embedded by static linking (nm). Also reports their sizes.
#   Tests/e2e/check-binaries.sh BIN
set -eu
BIN=${1:?usage: $0 BIN}
status=0
# Without nm, or with a stripped binary, the symbol checks below would see nothing and pass.
command -v nm >/dev/null || { echo "FAIL: nm is missing (binutils)"; echo "check-binaries: failed"; exit 1; }
for program in reveille reveilled; do
    file=$BIN/$program
    [ -x "$file" ] || { echo "FAIL: $file is missing"; exit 1; }
    symbols=$(nm "$file" 2>/dev/null | wc -l)
    if [ "$symbols" -lt 1000 ]; then
        echo "FAIL: $program has $symbols symbols: stripped, or nm cannot read it"; status=1
    fi
    if ldd "$file" | grep -Ei 'icu|libFoundation\.so|FoundationNetworking|FoundationXML|swiftCore'; then
        echo "FAIL: $program links ICU, Foundation or a shared Swift runtime"; status=1
    fi
    if nm "$file" 2>/dev/null | grep -Eq ' (ucal_|ubrk_|ucol_|u_strToUTF8)|icu_[0-9]+'; then
        echo "FAIL: $program embeds ICU symbols"; status=1
    fi
    if nm "$file" 2>/dev/null | grep -q 'NSUserDefaults\|NSRegularExpression\|\$s10Foundation'; then
        echo "FAIL: $program embeds Foundation (beyond FoundationEssentials)"; status=1
    fi
    echo "$program: $(du -h "$file" | cut -f1), no ICU, no Foundation"
done
[ $status -eq 0 ] && echo "check-binaries: 2 passed, 0 failed" || echo "check-binaries: failed"
exit $status
