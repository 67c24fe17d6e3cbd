"""Ringing alarms: waiting for them, stopping them by solving their challenge, and the
figures taken while they ring (fire latency, CPU while ringing, resume → Ringing)."""
import math
import os
import signal
import subprocess
import time

from gi.repository import Gio, GLib

from . import bus as busmod
from . import proc
from . import floors
from .floors import SinkWatch, first_after
from .monitor import Monitor
from .stats import summary


def answer(prompt):
    a, op, b = prompt.split()[:3]
    a, b = int(a), int(b)
    return str(a + b if op == "+" else a * b if op == "×" else a - b)


def solve(bus, alarm):
    """Solves the alarm's challenge; returns when the solving answer was sent (Unix seconds)."""
    challenge = busmod.call(bus, "GetChallenge", GLib.Variant("(s)", (alarm,)), "(a{sv})").unpack()[0]
    sent = time.time()
    busmod.call(bus, "SubmitAnswer", GLib.Variant("(ss)", (alarm, answer(challenge["prompt"]))), "(sa{sv})")
    return sent


class Ringer:
    """Stops every alarm that starts ringing, AFTER_MS after its signal: long enough for its
    sound to reach the sink, and to rise past the sound file's quiet start."""

    def __init__(self, bus, after_ms=500):
        self.bus, self.rang, self.stopped, self.after_ms = bus, [], {}, after_ms
        self.subscription = busmod.subscribe(bus, busmod.SERVICE, busmod.IFACE, "Ringing", busmod.PATH, None,
                                             self._ringing)

    def _ringing(self, _bus, _sender, _path, _iface, _signal, args):
        alarm = args.unpack()[0]
        self.rang.append(alarm)

        def stop():
            self.stopped[alarm] = solve(self.bus, alarm)
            return False
        GLib.timeout_add(self.after_ms, stop)

    def close(self):
        self.bus.signal_unsubscribe(self.subscription)


def add_at(bus, due, label):
    stamp = time.strftime("%H:%M:%S", time.localtime(due))
    spec = busmod.spec(time=stamp, label=label, challenges=["math:easy"])
    return busmod.call(bus, "AddAlarm", GLib.Variant("(a{sv})", (spec,)), "(s)").unpack()[0]


def fire_latency(bus, programs, work_dir, count=50):
    """COUNT alarms due two seconds apart: due → Ringing, → Notify at the server, → first sound.
    In the seconds between them the bare program (firefloor) wakes as an alarm would and does
    the same through libdbus and libnotify, so that the floor is measured in turns with the
    agent, under the same load, at the same phase of the second. Returns (agent, floor)."""
    monitor = Monitor(os.path.join(work_dir, "fire-monitor.txt"))
    watch = SinkWatch(programs, os.path.join(work_dir, "fire-sink.txt"))
    ringer = Ringer(bus)
    # The agent's Ringing goes to the monitor and to the ringer's connection; the bare program's
    # goes there too, so that the bus does the same work for both.
    echo = busmod.subscribe(bus, None, busmod.IFACE, "Ringing", busmod.PATH, None, lambda *args: None)
    first = math.ceil(time.time()) + 3
    alarms = {}
    for i in range(count):
        due, label = first + 2 * i, f"fire-{i:02d}"
        alarm = add_at(bus, due, label)
        # One added too close to its second (a slow machine) is left out: it may ring late, or tomorrow.
        if time.time() < due - 0.3:
            alarms[alarm] = (due, label)
    # The bare program's wakes fall between the alarms, from the first such second still ahead.
    between = first + 1
    while between < time.time() + 0.5:
        between += 2
    floor = subprocess.Popen([programs["firefloor"], str(count), str(between), "2"], stdout=subprocess.PIPE,
                             text=True)
    busmod.run_until(lambda: all(alarm in ringer.stopped for alarm in alarms), 2 * count + 10)
    floor_out, _ = floor.communicate(timeout=2 * count + 30)
    ringer.close()
    bus.signal_unsubscribe(echo)
    events = monitor.stop()
    sink = watch.stop()
    ringing, notify, sound, loud, silence = [], [], [], [], []
    for alarm, (due, label) in alarms.items():
        rang = next((e["time"] for e in events if e["member"] == "Ringing" and e["strings"][:1] == [alarm]), None)
        posted = next((e["time"] for e in events if e["member"] == "Notify" and e["time"] >= due - 5
                       and any(label in s for s in e["strings"])), None)
        onset = first_after(sink["onset"], due - 0.002, 1.0)
        for samples, at in ((ringing, rang), (notify, posted), (sound, onset),
                            (loud, first_after(sink["loud"], due, 1.0))):
            if at is not None:
                samples.append(at - due)
        solved = ringer.stopped.get(alarm)
        quiet = solved and first_after(sink["silence"], due, 1.0)
        if quiet:
            silence.append(quiet - solved)
    return ({"ringing": summary(ringing), "notify": summary(notify), "sound": summary(sound),
             "sound_loud": summary(loud), "silence": summary(silence), "alarms": count, "rang": len(ringer.rang)},
            floors.fire(events, floor_out))


def while_ringing(bus, pid, seconds=5.0):
    """CPU per second and memory of an alarm ringing (with its decoded sound)."""
    rang = []
    alarm = add_at(bus, time.time() + 3600 * 5, "ringing-cpu")
    subscription = busmod.subscribe(bus, busmod.SERVICE, busmod.IFACE, "Ringing", busmod.PATH, None,
                                    lambda *a: rang.append(1))
    busmod.call(bus, "Trigger", GLib.Variant("(s)", (alarm,)))
    busmod.run_until(lambda: rang, 10)
    bus.signal_unsubscribe(subscription)
    time.sleep(0.5)  # past the start-up work: the steady cost of ringing
    cpu, started = proc.CPU(pid), time.monotonic()
    time.sleep(seconds)
    cpu = cpu.spent_ns() / 1e9 / (time.monotonic() - started)
    result = {"cpu_per_s": cpu, "rss_kib": proc.rss_kib(pid), "pss_kib": proc.pss_kib(pid)}
    solve(bus, alarm)
    return result


def emit_resume(system_bus):
    busmod.call(system_bus, "EmitSignal",
                GLib.Variant("(sssav)", ("org.freedesktop.login1.Manager", "PrepareForSleep", "b",
                                          [GLib.Variant("b", False)])),
                dest="org.freedesktop.login1", path="/org/freedesktop/login1", iface="org.freedesktop.DBus.Mock")


def resume(bus, pid, work_dir, count=3):
    """An alarm comes due while the agent is stopped (as in a suspend): resume → Ringing,
    the resume being the SIGCONT followed by logind's PrepareForSleep(false)."""
    system_bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
    monitor = Monitor(os.path.join(work_dir, "resume-monitor.txt"))
    ringer = Ringer(bus)
    resumed = {}
    for i in range(count):
        due = math.ceil(time.time()) + 2
        alarm = add_at(bus, due, f"resume-{i}")
        time.sleep(max(due - 1 - time.time(), 0))
        os.kill(pid, signal.SIGSTOP)
        time.sleep(max(due + 0.5 - time.time(), 0))
        resumed[alarm] = time.time()
        os.kill(pid, signal.SIGCONT)
        emit_resume(system_bus)
        busmod.run_until(lambda: alarm in ringer.stopped, 10)
    ringer.close()
    events = monitor.stop()
    samples = []
    for alarm, at in resumed.items():
        rang = next((e["time"] for e in events if e["member"] == "Ringing" and e["strings"][:1] == [alarm]), None)
        if rang is not None:
            samples.append(rang - at)
    return summary(samples)


def idle(pid, seconds=60.0):
    """An idle minute: CPU (schedstat), context switches per thread, memory."""
    rss_start = proc.rss_kib(pid)
    switches0, cpu, started = proc.context_switches(pid), proc.CPU(pid), time.monotonic()
    time.sleep(seconds)
    elapsed = time.monotonic() - started
    threads = proc.switches_between(switches0, proc.context_switches(pid))
    per_minute = 60 / elapsed
    return {
        "seconds": elapsed,
        "cpu_s_per_min": cpu.spent_ns() / 1e9 * per_minute,
        "cpu_ticks_s_per_min": cpu.spent_ticks_s() * per_minute,
        "switches_per_min": sum(t["voluntary"] + t["nonvoluntary"] for t in threads) * per_minute,
        "threads": threads,
        "rss_kib_start": rss_start,
        "rss_kib": proc.rss_kib(pid),
        "pss_kib": proc.pss_kib(pid),
        "pss_by_mapping": proc.pss_by_mapping(pid),
    }
