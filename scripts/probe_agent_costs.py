"""Two of issue 10's figures, measured ad hoc on a running agent (make bench is the full harness).

    probe_agent_costs.py PID list     the agent's CPU per ListAlarms call with 1,000 alarms
    probe_agent_costs.py PID onset    due -> first non-silent audio on testsink.monitor, 5 alarms

Needs the private session of Tests/e2e/session.sh; the onset needs fade_in = 0s in [agent].
"""
import datetime, os, struct, subprocess, sys, time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

NAME, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(method, args=None):
    return bus.call_sync(NAME, PATH, IFACE, method, args, None, 0, 60000, None)


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def list_cost(pid, count=1000, calls=100):
    for i in range(len(call("ListAlarms").unpack()[0]), count):
        spec = {"time": GLib.Variant("s", "%02d:%02d" % ((i // 60) % 24, i % 60)),
                "label": GLib.Variant("s", f"alarm {i}"),
                "challenges": GLib.Variant("as", ["math:easy"])}
        call("AddAlarm", GLib.Variant("(a{sv})", (spec,)))
    call("ListAlarms")
    before = cpu_seconds(pid)
    for _ in range(calls):
        call("ListAlarms")
    print(f"ListAlarms with {count} alarms: agent CPU {(cpu_seconds(pid) - before) * 1000 / calls:.2f} ms per call")


def onset(rounds=5):
    results = []
    for _ in range(rounds):
        recorder = subprocess.Popen(["parec", "-d", "testsink.monitor", "--format=s16le", "--channels=1",
                                     "--rate=48000", "--latency-msec=2"], stdout=subprocess.PIPE)
        time.sleep(0.5)
        due = int(time.time()) + 5
        text = datetime.datetime.fromtimestamp(due, datetime.timezone.utc).strftime("%H:%M:%S")
        spec = {"time": GLib.Variant("s", text), "challenges": GLib.Variant("as", ["math:easy"])}
        alarm = call("AddAlarm", GLib.Variant("(a{sv})", (spec,))).unpack()[0]
        heard = None
        while heard is None and time.time() < due + 3:
            chunk = recorder.stdout.read(192)  # 2 ms
            if time.time() >= due - 0.05 and max(abs(s) for s in struct.unpack(f"<{len(chunk) // 2}h", chunk)) > 8:
                heard = time.time()
        recorder.kill()
        recorder.wait()
        call("Snooze", GLib.Variant("(s)", (alarm,)))  # silences it; a ringing alarm cannot be removed
        time.sleep(0.3)
        results.append(None if heard is None else (heard - due) * 1000)
    heard = sorted(r for r in results if r is not None)
    print("due -> first sound (ms):", ", ".join("-" if r is None else f"{r:.1f}" for r in results),
          f"; p50 {heard[len(heard) // 2]:.1f}" if heard else "; never heard")


if __name__ == "__main__":
    list_cost(int(sys.argv[1])) if sys.argv[2] == "list" else onset()
