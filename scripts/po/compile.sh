#!/bin/sh
# Compiles the translations: po/LL.po to DEST/LL/LC_MESSAGES/reveille.mo.
#
#   scripts/po/compile.sh DEST             every po/*.po (the build tree's build/locale, for the tests)
#   scripts/po/compile.sh --shipped DEST   only the languages po/LINGUAS lists (the package)
#
# DEST is what REVEILLE_LOCALEDIR names. A reveille.mo compiled before whose language is gone is removed.
set -eu
po=$(cd "$(dirname "$0")/../../po" && pwd)
shipped=no
[ "${1:-}" = --shipped ] && { shipped=yes; shift; }
dest=${1:?usage: $0 [--shipped] DEST}

if [ "$shipped" = yes ]; then
    langs=$(sed 's/#.*//' "$po/LINGUAS")
else
    langs=$(cd "$po" && for file in *.po; do [ -f "$file" ] && printf '%s\n' "${file%.po}"; done)
fi
mkdir -p "$dest"
for old in "$dest"/*/LC_MESSAGES/reveille.mo; do  # languages whose catalogue went away
    [ -f "$old" ] || continue
    lang=$(basename "$(dirname "$(dirname "$old")")")
    printf '%s\n' $langs | grep -qx "$lang" || rm -f "$old"
done
for lang in $langs; do
    mkdir -p "$dest/$lang/LC_MESSAGES"
    msgfmt --check -o "$dest/$lang/LC_MESSAGES/reveille.mo" "$po/$lang.po"
done
