#!/bin/sh
# The release binaries carry no Foundation beyond FoundationEssentials and no ICU: neither
# linked (ldd) nor embedded by static linking (nm); the client carries none of the agent's code
# (nm). Also reports their sizes.
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
# The client links the shared model and the D-Bus contract, never the agent's core or harness
# (Package.swift's layers). Swift's mangled names spell the module, so nm shows a module linked in.
# The agent carries ReveilleCore: the same pattern finds it there, so the check cannot pass blind.
client_modules=$(nm "$BIN/reveille" 2>/dev/null | grep -Eo 'Reveille(Core|Agent|CLI|Model)' | sort -u | tr '\n' ' ')
if ! nm "$BIN/reveilled" 2>/dev/null | grep -q ReveilleCore; then
    echo "FAIL: nm finds no ReveilleCore symbol even in reveilled"; status=1
fi
case " $client_modules" in
*" ReveilleCLI "*) ;;
*) echo "FAIL: nm finds no ReveilleCLI symbol in reveille"; status=1 ;;
esac
case " $client_modules" in
*" ReveilleCore "* | *" ReveilleAgent "*)
    echo "FAIL: reveille links the agent's modules ($client_modules): the CLI must depend on ReveilleModel and ReveilleAPI only"
    status=1 ;;
*) echo "reveille: holds ${client_modules}and no ReveilleCore or ReveilleAgent" ;;
esac
# The agent links no regex engine (Package.swift's agentModules; docs/performance.md, "Idle RSS").
# The client does, through swift-argument-parser: the same pattern finds it there.
regex='\$s(17_StringProcessing|12_RegexParser)'
if ! nm "$BIN/reveille" 2>/dev/null | grep -Eq "$regex"; then
    echo "FAIL: nm finds no _StringProcessing symbol even in reveille"; status=1
elif nm "$BIN/reveilled" 2>/dev/null | grep -Eq "$regex"; then
    echo "FAIL: reveilled links _StringProcessing or _RegexParser"; status=1
else
    echo "reveilled: no _StringProcessing, no _RegexParser"
fi
[ $status -eq 0 ] && echo "check-binaries: 4 passed, 0 failed" || echo "check-binaries: failed"
exit $status
