#!/bin/sh
# Checks the man pages: each renders without a single warning, reveille(1) documents
# every subcommand of the CLI, and io.github.Reveille1(5) every method, property and
# signal of the D-Bus interface.
#
#   Tests/packaging/check-man.sh [PATH/TO/reveille]
#
# With a built reveille, the subcommands come from the SUBCOMMANDS section of its
# --help; without one, from the list below. The D-Bus members come from
# data/io.github.Reveille1.xml.
set -eu

repo=$(cd "$(dirname "$0")/../.." && pwd)
man="$repo/man"
xml="$repo/data/io.github.Reveille1.xml"
failures=0

say() { printf '%s\n' "check-man: $*" >&2; }
problem() { say "FAIL: $*"; failures=$((failures + 1)); }

for tool in man groff; do
    command -v "$tool" >/dev/null 2>&1 || { say "$tool not found (apt-get install man-db groff)"; exit 1; }
done

# 1. Rendering, with every warning on, through both man-db and plain groff.
for page in "$man"/reveille.1 "$man"/reveilled.8 "$man"/reveille.conf.5 "$man"/io.github.Reveille1.5; do
    [ -f "$page" ] || { problem "$page is missing"; continue; }
    name=$(basename "$page")
    warnings=$( { MANWIDTH=80 man --warnings -E UTF-8 -l "$page" >/dev/null; } 2>&1 || echo "man exited with $?")
    [ -z "$warnings" ] || problem "man --warnings $name:
$warnings"
    warnings=$( { groff -ww -man -z "$page"; } 2>&1 || echo "groff exited with $?")
    [ -z "$warnings" ] || problem "groff -ww $name:
$warnings"
    for section in NAME SYNOPSIS DESCRIPTION "SEE ALSO"; do
        [ "$name" = io.github.Reveille1.5 ] && [ "$section" != NAME ] && [ "$section" != "SEE ALSO" ] && continue
        grep -q "^\.SH \"*$section\"*\$" "$page" || problem "$name has no $section section"
    done
done

# The text of a page as a reader sees it, one line per output line.
# (man-db drops bold and underline itself when its output is not a terminal.)
rendered() { MANWIDTH=200 man -E UTF-8 -l "$1" 2>/dev/null; }

# 2. Every CLI subcommand has its entry in reveille(1): a line of the COMMANDS section
#    that starts with the command's name.
if [ $# -ge 1 ]; then
    cli=$1
    [ -x "$cli" ] || { say "$cli is not an executable"; exit 1; }
    commands=$("$cli" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^[^ ]/ { on = 0 }
                                   on && /^  [a-z]/ { print $1 }')
    [ -n "$commands" ] || problem "found no SUBCOMMANDS in '$cli --help'"
    say "subcommands of $cli: $(echo $commands)"
else
    commands="preview add list show edit remove enable disable skip unskip pause resume trigger snooze dismiss captcha doctor monitor"
    say "no reveille given: checking the fixed list of subcommands"
fi
page=$(rendered "$man/reveille.1" | awk '/^COMMANDS/ { on = 1; next } on && /^[A-Z]/ { on = 0 } on')
for command in $commands; do
    [ "$command" = help ] && continue  # swift-argument-parser's own
    printf '%s\n' "$page" | grep -q "^       $command\( \|\$\)" ||
        problem "reveille(1) does not document the subcommand '$command'"
done

# 3. Every method, property and signal of the interface has its entry in io.github.Reveille1(5).
if [ -f "$xml" ]; then
    page=$(rendered "$man/io.github.Reveille1.5")
    members=$(sed -n 's/.*<\(method\|property\|signal\) name="\([A-Za-z0-9_]*\)".*/\1 \2/p' "$xml")
    [ -n "$members" ] || problem "found no members in $xml"
    while read -r kind member; do
        printf '%s\n' "$page" | grep -q "^       $member\( \|(\|\$\)" ||
            problem "io.github.Reveille1(5) does not document the $kind '$member'"
    done <<EOF
$members
EOF
    # And every error name the XML lists.
    for error in $(grep -o 'io\.github\.Reveille1\.Error\.[A-Za-z]*' "$xml" | sort -u); do
        printf '%s\n' "$page" | grep -q "^       $error\$" ||
            problem "io.github.Reveille1(5) does not document the error $error"
    done
else
    problem "$xml is missing: cannot check the D-Bus page against it"
fi

if [ "$failures" -gt 0 ]; then
    say "$failures problem(s)"
    exit 1
fi
say "PASS: 4 pages render without warnings and document every subcommand and D-Bus member"
