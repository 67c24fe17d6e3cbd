"""Reads `busctl --json=short` output on stdin and prints one part of it.

    busjson.py KEY         a{sv} reply: "TYPE JSON-VALUE" of KEY ("u 9", 's "Work"'), "absent" if missing
    busjson.py keys        a{sv} reply: its keys, sorted, space-separated
    busjson.py ids         aa{sv} reply (ListAlarms): the ids in order, one per line
    busjson.py data        any reply: the JSON of its data
    busjson.py ordered     ListAlarms reply: "ordered" when enabled alarms come first by next_fire and
                           disabled ones last, else what is out of place
    busjson.py preflight   Preflight reply: "ok=BOOL consistent=BOOL reasons=R1,R2"
"""
import json
import sys

BLOCKING = {"notifications-disabled", "sound-unavailable", "terminal-missing", "database-unreadable"}
NOTES = {"low-power-mode", "wake-from-suspend-unavailable", "sound-muted", "sound-stream-muted", "hook-failed"}

reply = json.load(sys.stdin)
what = sys.argv[1]
data = reply["data"]
if what == "data":
    print(json.dumps(data))
elif what == "keys":
    print(" ".join(sorted(data[0])))
elif what == "ids":
    for alarm in data[0]:
        print(alarm["id"]["data"])
elif what == "ordered":
    rows = [(a["id"]["data"], a["enabled"]["data"], a["next_fire"]["data"]) for a in data[0]]
    keys = [(not enabled, fire) for _, enabled, fire in rows]
    bad = [f"{rows[i][0]} {keys[i]} before {rows[i + 1][0]} {keys[i + 1]}" for i in range(len(keys) - 1) if keys[i] > keys[i + 1]]
    print("; ".join(bad) or "ordered")
elif what == "preflight":
    ok, reasons = data
    unknown = set(reasons) - BLOCKING - NOTES
    if unknown:
        sys.exit(f"unknown preflight reasons {sorted(unknown)}")
    consistent = isinstance(ok, bool) and ok == (not BLOCKING & set(reasons))
    print(f"ok={str(ok).lower()} consistent={str(consistent).lower()} reasons={','.join(reasons)}")
else:
    value = data[0].get(what)
    print("absent" if value is None else f"{value['type']} {json.dumps(value['data'])}")
