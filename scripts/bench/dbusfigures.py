"""D-Bus figures: GetAlarm, AddAlarm and ListAlarms at 10, 100 and 1,000 stored alarms,
with the agent's CPU per call, and their floors (Peer.Ping; a bare same-size reply)."""
import time

from gi.repository import GLib

from . import bus as busmod
from . import proc
from .stats import summary

LEVELS = (10, 100, 1000)


def far_spec(i):
    """Alarm number I, due hours from now whatever the time of day, in a mix of shapes."""
    minute = (int(time.time() // 60) + 180 + i) % (24 * 60)
    repeat = [["weekdays"], [], ["mon", "fri"]][i % 3]
    return busmod.spec(time=f"{minute // 60:02d}:{minute % 60:02d}", label=f"bench alarm {i}",
                       repeat=repeat, challenges=["math:easy"])


def add(bus, i):
    return busmod.call(bus, "AddAlarm", GLib.Variant("(a{sv})", (far_spec(i),)), "(s)").unpack()[0]


def remove(bus, alarm):
    busmod.call(bus, "RemoveAlarm", GLib.Variant("(s)", (alarm,)))


def costed(pid, run):
    """Runs RUN() → (durations, wall); adds the agent's CPU per call (schedstat, and ticks)."""
    cpu = proc.CPU(pid)
    durations, wall = run()
    cpu, ticks = cpu.spent_ns(), cpu.spent_ticks_s()
    result = summary(durations)
    result.update(calls_per_s=len(durations) / wall, agent_cpu_per_call=cpu / 1e9 / len(durations),
                  agent_ticks_per_call=ticks / len(durations))
    return result


def measure_level(bus, pid, ids, level):
    """With LEVEL alarms stored (IDS): the three methods. AddAlarm re-adds the last alarms removed."""
    figures = {}
    redo = min(level, 50)
    for alarm in ids[-redo:]:
        remove(bus, alarm)
    del ids[-redo:]

    def adds():
        durations, started = [], time.perf_counter()
        for i in range(level - redo, level):
            t0 = time.perf_counter()
            ids.append(add(bus, i))
            durations.append(time.perf_counter() - t0)
        return durations, time.perf_counter() - started
    figures["AddAlarm"] = costed(pid, adds)
    figures["GetAlarm"] = costed(pid, lambda: busmod.timed_calls(
        bus, "GetAlarm", lambda i: GLib.Variant("(s)", (ids[i % len(ids)],)), "(a{sv})", count=1000, budget_s=2))
    figures["ListAlarms"] = costed(pid, lambda: busmod.timed_calls(
        bus, "ListAlarms", lambda _: None, "(aa{sv})", count=300, budget_s=3))
    reply = busmod.call(bus, "ListAlarms", None, "(aa{sv})")
    figures["ListAlarms"]["reply_bytes"] = reply.get_size()
    return figures, reply


def fill(bus, ids, level):
    while len(ids) < level:
        ids.append(add(bus, len(ids)))


def floor_list(bus, count):
    durations, wall = busmod.timed_calls(bus, "ListAlarms", lambda _: None, "(aa{sv})", count=300, budget_s=3,
                                         dest="io.github.Reveille1.BenchFloor", path=f"/floor/{count}")
    result = summary(durations)
    result["calls_per_s"] = len(durations) / wall
    return result
