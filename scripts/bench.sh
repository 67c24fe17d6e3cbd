#!/bin/bash
# `make bench`: measures the release agent in a private session against floors measured in
# the same run (scripts/bench/). Writes the table to stdout, build/bench.json and build/bench.md.
#   scripts/bench.sh BIN
# BENCH_IDLE_SECONDS and BENCH_FIRE_ALARMS shorten a trial run (defaults 60 and 50).
set -euo pipefail
export BIN=$(cd "${1:?usage: $0 BIN}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../Tests/e2e/lib.sh"
start_session
start_system_bus
start_system_mock logind org.freedesktop.login1
configure "[agent]" "fade_in = 0s"
mkdir -p "$REPO/build"
cd "$REPO"
PYTHONPATH=$here /usr/bin/python3 -m bench "$BIN/reveilled" "$SESSION" "$REPO/build"
