#!/bin/sh
# Installs the Debian packages Reveille builds, tests and runs with.
# Runs apt-get only when something is missing, so a second `make check` starts at once; likewise
# generates the locales the translation tests run in only when one is missing.
set -eu

PACKAGES="
  libdbus-1-dev libnotify-dev libglib2.0-dev libpulse-dev libsndfile1-dev libsqlite3-dev
  libqrencode-dev libcrypt-dev librsvg2-bin zbar-tools
  dbus dbus-daemon libglib2.0-bin systemd
  pulseaudio pulseaudio-utils sound-theme-freedesktop sox
  python3 python3-dbusmock python3-gi tmux tzdata procps util-linux binutils libfaketime
  gcc libc6-dev pkgconf dbus-bin strace
  gettext locales
"
# The tray test's StatusNotifierItem host (xfce4-panel's Status Tray plugin) on a virtual display,
# the screenshots it checks, the clicks it makes, and the SVG loader the host draws the icons with.
PACKAGES="$PACKAGES xvfb xfce4-panel imagemagick xdotool librsvg2-common"
# The language test's README pictures (LANG_SCREENSHOTS): a real notification server and a real
# terminal on that display (both small: their libraries come with the panel).
PACKAGES="$PACKAGES xfce4-notifyd xterm"
[ "${1:-}" = "--with-packaging" ] && PACKAGES="$PACKAGES debhelper dpkg-dev fakeroot lintian debootstrap groff man-db desktop-file-utils"

# The locales the translation tests run in (issue 24): glibc ignores LANGUAGE under C.UTF-8.
LOCALES="de_DE fr_FR es_ES en_US en_GB"

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

missing=""
for package in $PACKAGES; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [ "$status" = "installed" ] || missing="$missing $package"
done
if [ -n "$missing" ]; then
    echo "Installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# `locale -a` spells them de_DE.utf8. localedef adds each to /usr/lib/locale/locale-archive.
generated=$(locale -a 2>/dev/null || true)
for name in $LOCALES; do
    printf '%s\n' "$generated" | grep -qx "$name.utf8" && continue
    echo "Generating the locale $name.UTF-8"
    $sudo localedef -i "$name" -c -f UTF-8 -A /usr/share/locale/locale.alias "$name.UTF-8"
done
