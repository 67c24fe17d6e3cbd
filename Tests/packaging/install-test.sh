#!/bin/sh
# Installs the reveille package into a clean Debian 12 root and checks, as a user would:
# the files are where they belong, both binaries run, the agent starts through D-Bus
# activation on a private session bus and answers Preflight, SIGTERM stops it, and a
# purge removes every file of the package but leaves the user's data.
#
#   Tests/packaging/install-test.sh [DEB]
#   Tests/packaging/install-test.sh --root-only
#
# Without DEB it builds one with packaging/build-deb.sh. Needs root (debootstrap,
# chroot, mount) and Debian's package mirror, read from /etc/apt/sources.list*
# (or REVEILLE_DEBIAN_MIRROR). The debootstrapped root is cached as
# build/debian12-minbase.tar and downloaded packages in build/install-test-apt/.
# --root-only makes that cached root and stops: make check runs it while it
# compiles, and a test started meanwhile waits for it rather than make its own.
set -eu

repo=$(cd "$(dirname "$0")/../.." && pwd)
cache="$repo/build"
mkdir -p "$cache"

say() { printf '%s\n' "install-test: $*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "run as root: it needs debootstrap, chroot and mount"
for tool in debootstrap chroot mount umount dpkg-deb; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (scripts/install-deps.sh --with-packaging)"
done

deb=${1:-}

# The Debian archive this machine uses, from one-line or deb822 sources.
debian_mirror() {
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] || continue
        awk '$1 == "deb" { i = 2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
             if ($(i + 1) == "bookworm") { print $i; exit } }' "$file"
    done
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        awk 'function flush() { if (suites ~ /(^| )bookworm( |$)/ && uris != "") { split(uris, u, " "); print u[1]; found = 1 }
                                uris = ""; suites = "" }
             /^[ \t]*$/ { flush(); if (found) exit; next }
             /^URIs:/ { sub(/^URIs:[ \t]*/, ""); uris = $0 }
             /^Suites:/ { sub(/^Suites:[ \t]*/, ""); suites = $0 }
             END { if (!found) flush() }' "$file"
    done
}
mirror=${REVEILLE_DEBIAN_MIRROR:-$(debian_mirror | head -n 1)}
[ -n "$mirror" ] || fail "no Debian bookworm mirror in /etc/apt/sources.list*; set REVEILLE_DEBIAN_MIRROR"

tarball="$cache/debian12-minbase.tar"
# One debootstrap at a time: a second run waits for the first one's root.
exec 9>"$tarball.lock"
flock 9
if [ ! -f "$tarball" ]; then
    say "creating a Debian 12 root with debootstrap from $mirror (cached as $tarball)"
    fresh=$(mktemp -d "${TMPDIR:-/tmp}/reveille-debootstrap.XXXXXX")
    debootstrap --variant=minbase bookworm "$fresh" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
        { tail -n 20 "$cache/debootstrap.log" >&2; rm -rf "$fresh"; fail "debootstrap failed (log: $cache/debootstrap.log)"; }
    chmod 0755 "$fresh"
    tar -C "$fresh" -cpf "$tarball.part" . && mv "$tarball.part" "$tarball"
    rm -rf "$fresh"
fi
flock -u 9
[ "$deb" != --root-only ] || exit 0

if [ -z "$deb" ]; then
    deb=$("$repo/packaging/build-deb.sh" | tail -n 1)
fi
[ -f "$deb" ] || fail "no package at $deb"
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
version=$(dpkg-deb -f "$deb" Version)
upstream=${version%-*}

root=$(mktemp -d "${TMPDIR:-/tmp}/reveille-install-test.XXXXXX")
mounted=""
cleanup() {
    status=$?
    set +e
    # Stop what the test started inside the root (the session bus, the agent), by pid.
    for proc in /proc/[0-9]*; do
        [ "$(readlink "$proc/root" 2>/dev/null)" = "$root" ] && kill -KILL "${proc#/proc/}" 2>/dev/null
    done
    sleep 0.2
    for target in $mounted; do
        umount "$target" 2>/dev/null || umount -l "$target" 2>/dev/null || true
    done
    if grep -q " $root/" /proc/mounts; then
        say "left $root in place: something is still mounted under it"
    else
        rm -rf "$root"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "unpacking the cached root into $root"
tar -C "$root" -xpf "$tarball"
chmod 0755 "$root"  # it becomes /, which every user must be able to enter
mount_in() {  # mount_in TARGET MOUNT-ARGS...: mounts inside the root and remembers it for cleanup
    target="$root/$1"; shift
    mkdir -p "$target"
    mount "$@" "$target"
    mounted="$target $mounted"
}
mount_in proc -t proc proc
mount_in sys -t sysfs sysfs
mount_in dev --bind /dev
mkdir -p "$cache/install-test-apt/partial"
mount_in var/cache/apt/archives --bind "$cache/install-test-apt"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
# No service starts inside the root (dbus's system bus, for one).
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 0755 "$root/usr/sbin/policy-rc.d"
cp "$deb" "$root/tmp/"
package="/tmp/$(basename "$deb")"

in_root() {  # in_root CMD...: runs as root inside the chroot with a clean environment
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive "$@"
}
as_user() {  # as_user CMD...: runs as the test user inside the chroot
    chroot --userspec=sleeper:sleeper "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/home/sleeper \
        LANG=C.UTF-8 ${bus:+DBUS_SESSION_BUS_ADDRESS=$bus} "$@"
}

in_root chown _apt /var/cache/apt/archives/partial  # apt downloads as _apt

say "apt-get install $package (its dependencies come from $mirror)"
in_root apt-get update -qq >/dev/null || fail "apt-get update failed inside the root"
in_root apt-get install -y -qq "$package" >"$cache/install-test-apt.log" 2>&1 ||
    { tail -n 20 "$cache/install-test-apt.log" >&2; fail "apt-get install of the package failed"; }
# The test's own tools, in case the package's Recommends did not bring them.
for tool in dbus-daemon:dbus-daemon busctl:systemd; do
    in_root sh -c "command -v ${tool%%:*}" >/dev/null ||
        in_root apt-get install -y -qq --no-install-recommends "${tool#*:}" >>"$cache/install-test-apt.log" 2>&1 ||
        fail "could not install ${tool#*:} for the test"
done

say "checking the installed layout"
for path in /usr/bin/reveille /usr/bin/reveilled /usr/lib/systemd/user/reveille.service \
    /usr/share/dbus-1/services/io.github.Reveille1.service /usr/share/dbus-1/interfaces/io.github.Reveille1.xml \
    /usr/share/applications/io.github.Reveille1.desktop /usr/share/icons/hicolor/scalable/apps/io.github.Reveille1.svg \
    /usr/share/reveille/words/en.txt /usr/share/reveille/words/de.txt /usr/share/reveille/words/fr.txt \
    /usr/share/reveille/words/es.txt /usr/share/reveille/icons/hicolor/scalable/status/io.github.Reveille1-will-wake.svg \
    /usr/share/reveille/icons/hicolor/scalable/status/io.github.Reveille1-ringing.svg \
    /usr/share/bash-completion/completions/reveille \
    /usr/share/zsh/vendor-completions/_reveille /usr/share/fish/vendor_completions.d/reveille.fish \
    /usr/share/man/man1/reveille.1.gz /usr/share/man/man8/reveilled.8.gz /usr/share/man/man5/reveille.conf.5.gz \
    /usr/share/man/man5/io.github.Reveille1.5.gz /usr/share/doc/reveille/copyright \
    /usr/share/doc/reveille/changelog.Debian.gz /usr/share/doc/reveille/examples/reveille.conf.example \
    /etc/systemd/user/default.target.wants/reveille.service \
    /usr/libexec/reveille-waked /usr/lib/systemd/system/reveille-waked.service \
    /usr/share/dbus-1/system-services/io.github.Reveille1.Wake.service \
    /usr/share/dbus-1/system.d/io.github.Reveille1.Wake.conf \
    /usr/share/polkit-1/actions/io.github.reveille1.policy /usr/lib/sysusers.d/reveille-waked.conf \
    /usr/share/man/man8/reveille-waked.8.gz; do
    # -L too: absolute symlinks in the root point outside it from here.
    [ -e "$root$path" ] || [ -L "$root$path" ] || fail "$path is missing after installing the package"
done
[ "$(readlink "$root/etc/systemd/user/default.target.wants/reveille.service")" = /usr/lib/systemd/user/reveille.service ] ||
    fail "reveille.service is not enabled for every user"
# The translations: a catalogue for each language po/LINGUAS ships, and none for another.
shipped=$(sed 's/#.*//' "$repo/po/LINGUAS" | xargs)
for lang in $shipped; do
    [ -f "$root/usr/share/locale/$lang/LC_MESSAGES/reveille.mo" ] ||
        fail "/usr/share/locale/$lang/LC_MESSAGES/reveille.mo is missing: po/LINGUAS lists $lang"
done
for mo in "$root"/usr/share/locale/*/LC_MESSAGES/reveille.mo; do
    [ -f "$mo" ] || continue
    lang=$(basename "$(dirname "$(dirname "$mo")")")
    case " $shipped " in *" $lang "*) ;; *) fail "the package ships a reveille.mo for $lang, which po/LINGUAS does not list" ;; esac
done

say "the wake helper: its system user exists, its unit is neither enabled nor started, it runs"
in_root getent passwd reveille-wake >/dev/null || fail "the postinst made no reveille-wake user"
enabled=$(find "$root/etc/systemd/system" -name reveille-waked.service 2>/dev/null)
[ -z "$enabled" ] || fail "reveille-waked.service is enabled: $enabled"
in_root /usr/libexec/reveille-waked --help | grep -q "io.github.Reveille1.Wake" || fail "reveille-waked --help failed"

say "reveille --version, reveilled --version"
cli_version=$(in_root reveille --version) || fail "reveille --version failed"
[ "$cli_version" = "$upstream" ] || fail "reveille --version printed '$cli_version', expected '$upstream'"
agent_version=$(in_root reveilled --version) || fail "reveilled --version failed"
case "$agent_version" in *"$upstream"*) ;; *) fail "reveilled --version printed '$agent_version', expected '$upstream' in it" ;; esac

say "Preflight on a private session bus, starting the agent through D-Bus activation"
in_root useradd --create-home --shell /bin/sh sleeper
bus=""
bus_info=$(as_user dbus-daemon --session --fork --print-address=1 --print-pid=1) || fail "could not start a session bus"
bus=$(printf '%s\n' "$bus_info" | sed -n 1p)
bus_pid=$(printf '%s\n' "$bus_info" | sed -n 2p)
[ -n "$bus" ] && [ -n "$bus_pid" ] || fail "dbus-daemon printed no address"
preflight=$(as_user busctl --user --timeout=60 call io.github.Reveille1 /io/github/Reveille1 \
    io.github.Reveille1.Manager Preflight) || fail "Preflight got no answer (activation through Exec=/usr/bin/reveilled)"
case "$preflight" in "bas "*) ;; *) fail "Preflight answered '$preflight', expected (b ok, as reasons)" ;; esac
say "Preflight answered: $preflight"
bus_version=$(as_user busctl --user get-property io.github.Reveille1 /io/github/Reveille1 \
    io.github.Reveille1.Manager Version) || fail "reading the Version property failed"
[ "$bus_version" = "s \"$upstream\"" ] || fail "Version is $bus_version, expected s \"$upstream\""
[ -d "$root/home/sleeper/.local/share/reveille" ] || fail "the agent made no data directory ~/.local/share/reveille"

say "SIGTERM stops the agent"
agent_pid=$(as_user busctl --user call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus \
    GetConnectionUnixProcessID s io.github.Reveille1 | sed 's/^u //') || fail "cannot find the agent's pid"
kill -TERM "$agent_pid"
waited=0
while kill -0 "$agent_pid" 2>/dev/null; do
    [ "$waited" -lt 100 ] || fail "the agent did not exit within 10 s of SIGTERM"
    sleep 0.1
    waited=$((waited + 1))
done
kill -TERM "$bus_pid" 2>/dev/null || true
bus=""

say "apt-get purge reveille"
files=$(in_root dpkg -L reveille) || fail "dpkg -L reveille failed"
in_root apt-get purge -y -qq reveille >>"$cache/install-test-apt.log" 2>&1 || fail "apt-get purge reveille failed"
left=""
for path in $files /etc/systemd/user/default.target.wants/reveille.service; do
    [ "$path" = /. ] && continue
    [ -e "$root$path" ] || [ -L "$root$path" ] || continue
    if [ -d "$root$path" ] && [ ! -L "$root$path" ] && in_root dpkg-query -S "$path" >/dev/null 2>&1; then
        continue  # a directory other packages own too
    fi
    left="$left $path"
done
[ -z "$left" ] || fail "left behind after purge:$left"
[ -d "$root/home/sleeper/.local/share/reveille" ] || fail "the purge removed the user's data directory"

deb_bytes=$(stat -c %s "$deb")
installed_kib=$(dpkg-deb -f "$deb" Installed-Size)
say "$(awk -v b="$deb_bytes" -v k="$installed_kib" 'BEGIN { printf "PASS: .deb %.1f MB, installed %.1f MB", b / 1e6, k * 1024 / 1e6 }')"
