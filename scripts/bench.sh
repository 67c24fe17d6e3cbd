#!/bin/bash
# `make bench`: runs the release agent in a private session and measures it (scripts/bench.py).
#   scripts/bench.sh BIN
set -euo pipefail
export BIN=$(cd "${1:?usage: $0 BIN}" && pwd)
source "$(dirname "$0")/../Tests/e2e/lib.sh"
start_session
configure "[agent]" "fade_in = 0s"
start_agent
sleep 2   # let it settle before measuring idle memory
/usr/bin/python3 "$(dirname "$0")/bench.py" "$(agent_pid)" "$REVEILLE"
