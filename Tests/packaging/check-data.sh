#!/bin/sh
# Checks the session files in data/ the way the desktop reads them: the desktop entry
# with desktop-file-validate, the user unit with systemd-analyze, the D-Bus activation
# file's keys, the icons and the introspection XML as well-formed XML, the word lists as UTF-8 in NFC.
#
#   Tests/packaging/check-data.sh
set -eu

repo=$(cd "$(dirname "$0")/../.." && pwd)
data="$repo/data"
failures=0

say() { printf '%s\n' "check-data: $*" >&2; }
problem() { say "FAIL: $*"; failures=$((failures + 1)); }

for tool in desktop-file-validate systemd-analyze python3; do
    command -v "$tool" >/dev/null 2>&1 ||
        { say "$tool not found (apt-get install desktop-file-utils systemd python3)"; exit 1; }
done

out=$(desktop-file-validate "$data/io.github.Reveille1.desktop" 2>&1) || problem "desktop-file-validate: $out"
[ -z "$out" ] || problem "desktop-file-validate: $out"

# systemd-analyze verifies the unit as the user manager would load it; the binary is
# not installed here, so a copy runs /bin/true instead.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -m 0700 "$scratch/runtime"
sed 's|^ExecStart=.*|ExecStart=/bin/true|' "$data/reveille.service" >"$scratch/reveille.service"
out=$(XDG_RUNTIME_DIR="$scratch/runtime" systemd-analyze verify --man=no "$scratch/reveille.service" 2>&1) ||
    problem "systemd-analyze verify reveille.service: $out"
[ -z "$out" ] || problem "systemd-analyze verify reveille.service: $out"

# The unit and the activation file must agree, or activation starts a second agent.
key() { sed -n "s/^$2=//p" "$1"; }
unit="$data/reveille.service"
activation="$data/io.github.Reveille1.service"
grep -q '^\[D-BUS Service\]$' "$activation" || problem "$activation has no [D-BUS Service] group"
[ "$(key "$activation" Name)" = io.github.Reveille1 ] || problem "$activation: Name is not io.github.Reveille1"
[ "$(key "$activation" SystemdService)" = reveille.service ] || problem "$activation: SystemdService is not reveille.service"
[ "$(key "$activation" Exec)" = "$(key "$unit" ExecStart)" ] || problem "Exec= of the activation file and ExecStart= of the unit differ"
[ "$(key "$unit" Type)" = dbus ] || problem "$unit: Type is not dbus"
[ "$(key "$unit" BusName)" = io.github.Reveille1 ] || problem "$unit: BusName is not io.github.Reveille1"
[ "$(key "$unit" WantedBy)" = default.target ] || problem "$unit: not WantedBy=default.target"

# Issue 9 §4: any exit the user did not ask for is restarted, still after ten failures in a row.
out=$(python3 - "$unit" 2>&1 <<'PY'
import re, sys
keys = {}
for line in open(sys.argv[1]):
    m = re.match(r"^(\w+)=(.*)$", line.strip())
    if m:
        keys[m.group(1)] = m.group(2).strip()
def seconds(text):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(ms|s|sec|min|m|h)?", text)
    if not m:
        sys.exit(f"cannot read the duration {text!r}")
    return float(m.group(1)) * {"ms": 0.001, None: 1, "s": 1, "sec": 1, "min": 60, "m": 60, "h": 3600}[m.group(2)]
if keys.get("Restart") != "always":
    sys.exit(f"Restart is {keys.get('Restart')!r}, not 'always'")
delay = seconds(keys.get("RestartSec", "100ms"))
interval = seconds(keys.get("StartLimitIntervalSec", "10s"))
burst = int(keys.get("StartLimitBurst", "5"))
# systemd refuses a start when more than StartLimitBurst starts fall within the interval; ten
# failures in a row are eleven starts, RestartSec apart.
starts = min(11, int(interval // delay) + 1) if delay > 0 else 11
if interval != 0 and starts > burst:
    sys.exit(f"{starts} starts fall within StartLimitIntervalSec={interval:g}s but StartLimitBurst is {burst}: "
             "the agent would not be restarted after ten failures in a row")
PY
) || problem "$unit: $out"

# The tray icon: one icon per state the agent names (Sources/ReveilleAgent/Tray/TrayLook.swift).
tray_icons="$data/icons/hicolor/scalable/status"
for state in no-alarm will-wake cannot-wake warning skipped ringing; do
    [ -f "$tray_icons/io.github.Reveille1-$state.svg" ] || problem "$tray_icons/io.github.Reveille1-$state.svg is missing"
done
for xml in "$data/icons/io.github.Reveille1.svg" "$tray_icons"/*.svg "$data/io.github.Reveille1.xml"; do
    out=$(python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$xml" 2>&1) ||
        problem "$(basename "$xml") is not well-formed XML: $out"
done

# The typing challenge's word lists, installed as /usr/share/reveille/words/*.txt: one for each
# language the package speaks, in UTF-8 and NFC as the captcha shows them (their rules of size and
# spelling are WordListTests').
for language in en de fr es; do
    [ -f "$data/words/$language.txt" ] || problem "$data/words/$language.txt is missing"
done
for list in "$data"/words/*.txt; do
    out=$(python3 -c 'import sys, unicodedata
text = open(sys.argv[1], encoding="utf-8").read()
if not unicodedata.is_normalized("NFC", text): sys.exit("not in NFC")' "$list" 2>&1) ||
        problem "$(basename "$list"): $out"
done

if [ "$failures" -gt 0 ]; then
    say "$failures problem(s)"
    exit 1
fi
say "PASS: desktop entry, user unit, activation file, icons, introspection XML and word lists"
