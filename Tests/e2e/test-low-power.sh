#!/bin/bash
# Preflight notes low-power-mode from the system bus: UPower's OnBattery, or
# power-profiles-daemon's power-saver profile. The note does not block (ok stays true).
source "$(dirname "$0")/lib.sh"
start_session
start_system_bus
start_system_mock upower org.freedesktop.UPower '{"OnBattery": false}'
start_system_mock power_profiles_daemon net.hadess.PowerProfiles
start_agent
preflight() { call Preflight; }
set_upower() {
    system_mock_call org.freedesktop.UPower /org/freedesktop/UPower org.freedesktop.DBus.Properties.Set \
        org.freedesktop.UPower OnBattery "<$1>"
}
set_profile() {
    system_mock_call net.hadess.PowerProfiles /net/hadess/PowerProfiles org.freedesktop.DBus.Properties.Set \
        net.hadess.PowerProfiles ActiveProfile "<'$1'>"
}

assert_not_contains "$(preflight)" "low-power-mode" "Preflight on mains power, balanced profile"
assert_contains "$(preflight)" "bas true" "Preflight on a healthy session"

set_upower true
assert_contains "$(preflight)" '"low-power-mode"' "Preflight on battery"
assert_contains "$(preflight)" "bas true" "Preflight on battery: a note, not a block"
# A note does not block: doctor exits 0.
doctor=$("$REVEILLE" doctor 2>&1) || fail "reveille doctor exited non-zero on a note that does not block: $doctor"
assert_contains "$doctor" "Power saving is on or the machine runs on battery" "reveille doctor on battery"
set_upower false
assert_not_contains "$(preflight)" "low-power-mode" "Preflight back on mains power"

set_profile power-saver
assert_contains "$(preflight)" '"low-power-mode"' "Preflight with the power-saver profile"
set_profile balanced
assert_not_contains "$(preflight)" "low-power-mode" "Preflight with the balanced profile"
echo "Preflight notes low-power-mode from UPower and power-profiles-daemon"
