#!/usr/bin/python3
"""Reveille's benchmarks, against an agent already running on the session bus.

Prints one line per measurement: idle memory, D-Bus round trips per second, how late
the wake timer rings an alarm, and how long the sound takes to stop after the
challenge is solved (the level recorded on the sink's monitor just before and from 100 ms
after the reply; SoundTests measure the stop itself more precisely).
"""
import re
import subprocess
import sys
import time
import wave

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

SERVICE, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"
agent_pid, reveille = int(sys.argv[1]), sys.argv[2]

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
manager = dbus.Interface(bus.get_object(SERVICE, PATH), IFACE)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


def answer(prompt):
    m = re.search(r"(\d+) ([+×−-]) (\d+)", prompt)
    a, op, b = int(m.group(1)), m.group(2), int(m.group(3))
    return str(a + b if op == "+" else a * b if op == "×" else a - b)


print(f"idle RSS: {rss_kib(agent_pid) / 1024:.1f} MiB")

ids = [manager.AddAlarm({"time": "23:59", "label": f"bench {i}"}) for i in range(20)]
calls = 2000
start = time.monotonic()
for i in range(calls):
    manager.GetAlarm(ids[i % len(ids)])
elapsed = time.monotonic() - start
print(f"D-Bus GetAlarm round trips: {calls / elapsed:.0f} calls/s ({elapsed * 1e6 / calls:.0f} µs each)")
for alarm in ids:
    manager.RemoveAlarm(alarm)

# Wake latency: when the Ringing signal arrives, against the alarm's due second.
lateness = []
loop = GLib.MainLoop()
due = {}


def on_ringing(alarm, label, count):
    if alarm in due:
        lateness.append(time.time() - due.pop(alarm))
        loop.quit()


bus.add_signal_receiver(on_ringing, "Ringing", IFACE, SERVICE, PATH)
for _ in range(3):
    target = int(time.time()) + 2
    stamp = time.strftime("%H:%M:%S", time.gmtime(target))
    alarm = manager.AddAlarm({"time": stamp, "challenges": ["math:easy"]})
    due[alarm] = float(target)
    GLib.timeout_add_seconds(10, loop.quit)
    loop.run()
    # Stop it: solve the challenge, recording the sink to see when the sound ends.
    recording = subprocess.Popen(["parecord", "--latency-msec=10", "-d", "testsink.monitor",
                                  "--file-format=wav", "/tmp/reveille-bench.wav"])
    time.sleep(1.0)
    started = time.time()
    challenge = manager.GetChallenge(alarm)
    outcome, _ = manager.SubmitAnswer(alarm, answer(str(challenge["prompt"])))
    solved = time.time()
    time.sleep(1.0)
    recording.terminate()
    recording.wait()
    with wave.open("/tmp/reveille-bench.wav") as w:
        rate, width, channels = w.getframerate(), w.getsampwidth(), w.getnchannels()
        frames = w.readframes(w.getnframes())
    samples = memoryview(frames).cast("h")
    # The recording's tail may lag; its start is at most a parecord start-up late: count from there.
    def rms(first, last):
        chunk = samples[first * channels:last * channels]
        return (sum(s * s for s in chunk) / max(len(chunk), 1)) ** 0.5 / 32768
    offset = int((solved - (started - 1.0)) * rate)
    before = rms(max(offset - rate // 2, 0), offset)
    after = rms(offset + rate // 10, offset + rate // 10 + rate // 2)
    print(f"alarm {len(lateness)}: rang {lateness[-1] * 1000:.0f} ms after its due second; RMS {before:.4f} in the "
          f"0.5 s before SubmitAnswer's reply, {after:.4f} from 0.1 s to 0.6 s after it ({outcome})")
    manager.RemoveAlarm(alarm)

print(f"RSS after ringing: {rss_kib(agent_pid) / 1024:.1f} MiB")
