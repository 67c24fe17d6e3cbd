#!/bin/sh
# The release binaries carry no Foundation beyond FoundationEssentials and no ICU: neither
# linked (ldd) nor embedded by static linking (nm); the client carries none of the agent's code
# (nm), and the wake helper none of the agent's core and neither libnotify nor libpulse (ldd, nm).
# Also reports their sizes.
#   Tests/e2e/check-binaries.sh BIN
set -eu
BIN=${1:?usage: $0 BIN}
status=0
# Without nm, or with a stripped binary, the symbol checks below would see nothing and pass.
command -v nm >/dev/null || { echo "FAIL: nm is missing (binutils)"; echo "check-binaries: failed"; exit 1; }
for program in reveille reveilled reveille-waked; do
    file=$BIN/$program
    [ -x "$file" ] || { echo "FAIL: $file is missing (make build builds the products reveille, reveilled and reveille-waked)"; exit 1; }
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
# The wake helper runs with CAP_WAKE_ALARM on the system bus: it carries its own small logic
# (ReveilleWake) over the DBus and LinuxEvents layers, and nothing of the agent, of libnotify or of
# libpulse (issue 20). The same nm pattern finds ReveilleCore and Sound in reveilled, so it cannot pass blind.
waked=$BIN/reveille-waked
agent_code='\$s(12ReveilleCore|13ReveilleAgent|6Notify|5Sound)[0-9A-Z_]'
if ! nm "$BIN/reveilled" 2>/dev/null | grep -Eq "$agent_code"; then
    echo "FAIL: nm finds none of ReveilleCore, ReveilleAgent, Notify or Sound even in reveilled"; status=1
elif ! nm "$waked" 2>/dev/null | grep -Eq '\$s12ReveilleWake[0-9A-Z_]'; then
    echo "FAIL: nm finds no ReveilleWake symbol in reveille-waked"; status=1
elif nm "$waked" 2>/dev/null | grep -Eq "$agent_code"; then
    echo "FAIL: reveille-waked holds the agent's modules: $(nm "$waked" | grep -Eo "$agent_code" | sort -u | tr '\n' ' ')"; status=1
elif ldd "$waked" | grep -E 'libnotify|libpulse|libsndfile|libsqlite'; then
    echo "FAIL: reveille-waked links libnotify, libpulse, libsndfile or SQLite"; status=1
elif nm "$waked" 2>/dev/null | grep -Eq "$regex"; then
    echo "FAIL: reveille-waked links _StringProcessing or _RegexParser"; status=1
else
    echo "reveille-waked: holds ReveilleWake, no ReveilleCore, ReveilleAgent, Notify or Sound; links no libnotify or libpulse"
fi
[ $status -eq 0 ] && echo "check-binaries: 5 passed, 0 failed" || echo "check-binaries: failed"
exit $status
