#!/bin/bash
# Writes Sources/reveilled/hot-text.order, the functions of reveilled that a day's use runs. The
# release link lays them out together (Package.swift), so that the text the idle agent keeps
# mapped is the text it ran, not every 64 KiB neighbourhood the kernel maps around a first call.
# Needs valgrind and perf (linux-perf); `make hot-text` runs it. Names that later go stale only
# cost resident pages: lld ignores a name it does not find.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
here=$repo/scripts/hot-text
order=$repo/Sources/reveilled/hot-text.order
release=$repo/.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() {
    rm -f "$release/reveilled"
    (cd "$repo" && swift build -c release --static-swift-stdlib --product reveilled >/dev/null \
        && swift build -c release --static-swift-stdlib --product reveille >/dev/null)
}
wrap() {
    printf '#!/bin/sh\nexec %s "%s"\n' "$1" "$release/reveilled" >"$work/bin/reveilled"
    chmod +x "$work/bin/reveilled"
}

build
mkdir -p "$work/bin"
ln -s "$release/reveille" "$work/bin/reveille"

# Every function a day's use enters.
wrap "valgrind -q --tool=callgrind --demangle=no --compress-strings=no --callgrind-out-file=$work/callgrind.out"
BIN=$work/bin "$here/day.sh" >/dev/null 2>&1 || { echo "hot-text: day.sh failed"; exit 1; }
python3 "$here/symbols.py" callgrind "$work/callgrind.out" "$release/reveilled" >"$work/order"
echo "hot-text: callgrind saw $(wc -l <"$work/order") functions"
cp "$work/order" "$order"

# callgrind does not name functions entered by a jump (thunks, tail calls). Link with the list,
# and add each function whose first run faults a page in, until no new one does.
wrap "perf record -q -e page-faults -c 1 -d -o $work/faults.data"
for round in 1 2 3 4 5 6 7 8; do
    build
    BIN=$work/bin "$here/start.sh" >/dev/null 2>&1 || { echo "hot-text: start.sh failed"; exit 1; }
    new=$(python3 "$here/symbols.py" faults "$work/faults.data" "$release/reveilled" | grep -vxF -f "$order" || true)
    echo "hot-text: round $round added $(printf '%s' "$new" | grep -c . || true) functions"
    [ -n "$new" ] || break
    printf '%s\n' "$new" >>"$order"
done
build
echo "hot-text: $(wc -l <"$order") functions in $order"
