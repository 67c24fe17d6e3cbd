import os, sys, time, re, statistics
from bench import agent as agentmod, bus as busmod, dbusfigures, floors
reveilled, session_dir = sys.argv[1:3]
bus = busmod.session()
agent = agentmod.Agent(bus, reveilled, session_dir)
data = os.path.join(session_dir, "probe-data")
agent.start(data); ids = []
dbusfigures.fill(bus, ids, int(os.environ.get("ALARMS", "1000"))); agent.stop(); open("/tmp/filled","w").close()
log = os.path.join(session_dir, "agent.log")
steps = {}
times = []
for i in range(int(os.environ.get("STARTS", "12"))):
    open(log, "w").close()
    t = agent.start(data); agent.stop(); times.append(t*1000)
    lines = [l.split(" ", 2) for l in open(log, errors="replace").read().splitlines() if l.startswith("PROBE")]
    base = int(lines[0][1])
    for _, us, what in lines:
        steps.setdefault(what, []).append((int(us) - base) / 1000)
print("exec->owned median %.2f ms  all %s" % (statistics.median(times), [round(t,1) for t in times]))
for what, v in sorted(steps.items(), key=lambda kv: statistics.median(kv[1])):
    print("%7.2f  %s" % (statistics.median(v), what))
