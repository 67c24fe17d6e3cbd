#!/bin/sh
# Installs the Debian packages Reveille builds, tests and runs with.
# Runs apt-get only when something is missing, so a second `make check` starts at once.
set -eu

PACKAGES="
  libdbus-1-dev libnotify-dev libglib2.0-dev libpulse-dev libsndfile1-dev libsqlite3-dev
  libqrencode-dev libcrypt-dev librsvg2-bin zbar-tools
  dbus dbus-daemon libglib2.0-bin systemd
  pulseaudio pulseaudio-utils sound-theme-freedesktop sox
  python3 python3-dbusmock python3-gi tmux tzdata procps util-linux binutils libfaketime
  gcc libc6-dev pkgconf dbus-bin strace
"
# The tray test's StatusNotifierItem host (xfce4-panel's Status Tray plugin) on a virtual display,
# the screenshots it checks, the clicks it makes, and the SVG loader the host draws the icons with.
PACKAGES="$PACKAGES xvfb xfce4-panel imagemagick xdotool librsvg2-common"
[ "${1:-}" = "--with-packaging" ] && PACKAGES="$PACKAGES debhelper dpkg-dev fakeroot lintian debootstrap groff man-db desktop-file-utils"

missing=""
for package in $PACKAGES; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [ "$status" = "installed" ] || missing="$missing $package"
done
[ -z "$missing" ] && exit 0

echo "Installing:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
