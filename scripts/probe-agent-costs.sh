#!/bin/bash
# Ad hoc probe of issue 10's ListAlarms cost and ring onset, each in a private session.
#   scripts/probe-agent-costs.sh BIN      (BIN: the directory holding reveilled, e.g. .build/release)
set -euo pipefail
BIN=$(cd "${1:?usage: $0 BIN}" && pwd)
export BIN
here=$(cd "$(dirname "$0")" && pwd)
for what in list onset; do
    (
        # shellcheck source=../Tests/e2e/lib.sh
        source "$here/../Tests/e2e/lib.sh"
        start_session
        [ "$what" = list ] || configure "[agent]" "fade_in = 0s"
        start_agent
        /usr/bin/python3 "$here/probe_agent_costs.py" "$(agent_pid)" "$what"
    )
done
