#!/bin/sh
# Builds reveille_<version>_<arch>.deb from a clean copy of the tree, checks it
# with lintian and reports its size.
#
#   packaging/build-deb.sh [OUTPUT_DIR]      (default: build/ at the top of the tree)
#
# The tree (tracked and new files, not ignored ones) is copied to
# OUTPUT_DIR/deb/reveille-<version>/ with packaging/debian as its debian/, and
# dpkg-buildpackage builds it there, so no debian/ appears at the top of the
# tree. Its swift build runs at the top of the tree with the scratch directory
# and flags of `make build` (-c release --static-swift-stdlib in .build), so
# after `make build` it compiles nothing again, and the package holds the very
# binaries the end-to-end tests ran. Prints the .deb's path as its last line.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$repo/build}
mkdir -p "$out"
out=$(cd "$out" && pwd)

say() { printf '%s\n' "build-deb: $*" >&2; }
fail() { say "error: $*"; exit 1; }

for tool in dpkg-buildpackage dpkg-parsechangelog dh lintian swift; do
    command -v "$tool" >/dev/null 2>&1 ||
        fail "$tool not found (scripts/install-deps.sh --with-packaging installs the Debian tools; Swift comes from swift.org)"
done
for file in README.md LICENSE data/io.github.Reveille1.xml data/words/en.txt data/words/de.txt data/words/fr.txt data/words/es.txt; do
    [ -f "$repo/$file" ] || fail "$file is missing; the package installs it"
done

version=$(dpkg-parsechangelog -l "$repo/packaging/debian/changelog" -S Version)
upstream=${version%-*}
arch=$(dpkg --print-architecture)
work="$out/deb"
src="$work/reveille-$upstream"
deb_name="reveille_${version}_${arch}.deb"

say "copying the tree to $src"
rm -rf "$src"
mkdir -p "$src"
if git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # Tracked and untracked files that are not ignored; never build products.
    (cd "$repo" && git ls-files -z --cached --others --exclude-standard) |
        (cd "$repo" && tr '\0' '\n' | grep -v -E '^(build/|\.build|debian/|reveille_)' |
            while IFS= read -r path; do [ -e "$path" ] && printf '%s\n' "$path"; done) |
        (cd "$repo" && tar -cf - --no-recursion -T -) | (cd "$src" && tar -xf -)
else
    (cd "$repo" && tar -cf - --exclude='./build' --exclude='./.build*' --exclude='./debian' .) |
        (cd "$src" && tar -xf -)
fi
cp -a "$repo/packaging/debian" "$src/debian"

say "building $deb_name (swift build -c release --static-swift-stdlib in $repo/.build)"
rm -f "$work/$deb_name"
# SwiftPM builds the package in its working directory: a build of the copy would be a
# second package, compiled from scratch. debian/rules runs $SWIFT build ... --scratch-path
# $BUILD_DIR, so `env -C` points it at the tree itself and BUILD_DIR at make build's .build.
(cd "$src" && SWIFT="env -C $repo ${SWIFT:-swift}" BUILD_DIR="$repo/.build" dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1 ||
    { tail -n 40 "$work/build.log" >&2; fail "dpkg-buildpackage failed; the whole log is $work/build.log"; }
[ -f "$work/$deb_name" ] || fail "dpkg-buildpackage made no $deb_name"
mv -f "$work/$deb_name" "$out/$deb_name"
deb="$out/$deb_name"

say "lintian $deb_name"
# Warnings fail too: each one left must be overridden, with its reason, in
# packaging/debian/reveille.lintian-overrides.
lintian --fail-on error,warning "$deb" >&2 ||
    fail "lintian found errors or warnings (above)"

deb_bytes=$(stat -c %s "$deb")
installed_kib=$(dpkg-deb -f "$deb" Installed-Size)
say "$(awk -v name="$deb_name" -v bytes="$deb_bytes" -v kib="$installed_kib" 'BEGIN {
    printf "%s: %.1f MB, installed %.1f MB (targets: at most 10 MB and 30 MB)", name, bytes / 1e6, kib * 1024 / 1e6 }')"
[ "$deb_bytes" -le 10000000 ] || say "warning: the .deb is larger than 10 MB"
[ "$installed_kib" -le 29297 ] || say "warning: the installed size is larger than 30 MB"
printf '%s\n' "$deb"
