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
    """Runs RUN() → durations; adds calls/s back to back and the agent's CPU per call
    (schedstat, and ticks)."""
    cpu = proc.CPU(pid)
    durations = run()
    spent, ticks = cpu.spent_ns(), cpu.spent_ticks_s()
    result = summary(durations)
    result.update(calls_per_s=len(durations) / sum(durations), agent_cpu_per_call=spent / 1e9 / len(durations),
                  agent_ticks_per_call=ticks / len(durations))
    return result


def timed(call, count, budget_s):
    """Round trips of CALL(i), COUNT of them or as many as fit in BUDGET_S (at least 10)."""
    durations, started = [], time.perf_counter()
    for i in range(count):
        t0 = time.perf_counter()
        call(i)
        durations.append(time.perf_counter() - t0)
        if i >= 9 and time.perf_counter() - started > budget_s:
            break
    return durations


def measure_level(bus, pid, ids, level, list_floor):
    """With LEVEL alarms stored (IDS): the three methods, each beside its floor measured just
    then: Peer.Ping before GetAlarm, and the bare reply in turns with ListAlarms, so that a
    neighbour's load on a shared machine weighs on both alike. AddAlarm re-adds the last
    alarms, removed first. LIST_FLOOR(reply) starts the bare service for the reply."""
    figures = {}
    redo = min(level, 50)
    for alarm in ids[-redo:]:
        remove(bus, alarm)
    del ids[-redo:]
    figures["AddAlarm"] = costed(pid, lambda: timed(lambda i: ids.append(add(bus, level - redo + i)), redo, 60))
    figures["Ping"] = summary(timed(lambda _: busmod.call(bus, "Ping", iface="org.freedesktop.DBus.Peer"), 500, 1))
    figures["GetAlarm"] = costed(pid, lambda: timed(
        lambda i: busmod.call(bus, "GetAlarm", GLib.Variant("(s)", (ids[i % len(ids)],)), "(a{sv})"), 1000, 2))

    reply = busmod.call(bus, "ListAlarms", None, "(aa{sv})")
    floor, floor_durations = list_floor(reply), []

    def in_turns():
        durations, started = [], time.perf_counter()
        for i in range(300):
            durations += timed(lambda _: busmod.call(bus, "ListAlarms", None, "(aa{sv})"), 1, 0)
            # The floor's turn costs the agent nothing: the CPU per call holds.
            floor_durations.extend(timed(lambda _: busmod.call(
                bus, "ListAlarms", None, "(aa{sv})", dest=floor.name, path=floor.path), 1, 0))
            if i >= 9 and time.perf_counter() - started > 5:
                break
        return durations
    figures["ListAlarms"] = costed(pid, in_turns)
    floor.stop()
    figures["ListAlarms"]["reply_bytes"] = reply.get_size()
    bare = summary(floor_durations)
    bare["calls_per_s"] = len(floor_durations) / sum(floor_durations)
    return figures, bare


def again(bus, ids, rounds=300):
    """The calls a client makes, once more: after them the agent holds no more than before."""
    for i in range(rounds):
        busmod.call(bus, "ListAlarms", None, "(aa{sv})")
        busmod.call(bus, "GetAlarm", GLib.Variant("(s)", (ids[i % len(ids)],)), "(a{sv})")


def get_floor(bus, ids, start_floor, count=1000, budget_s=2):
    """GetAlarm and Peer.Ping on a bare libdbus service answering with the agent's own GetAlarm
    reply (START_FLOOR(reply) starts it), measured in turns with the same calls on the agent, so
    that a neighbour's load weighs on both alike."""
    reply = busmod.call(bus, "GetAlarm", GLib.Variant("(s)", (ids[0],)), "(a{sv})")
    floor = start_floor(reply)
    try:
        get, ping, agent_get, agent_ping = [], [], [], []
        started = time.perf_counter()
        for i in range(count):
            args = GLib.Variant("(s)", (ids[i % len(ids)],))
            get += timed(lambda _: busmod.call(bus, "GetAlarm", args, "(a{sv})", dest=floor.name), 1, 0)
            ping += timed(lambda _: busmod.call(bus, "Ping", dest=floor.name, iface="org.freedesktop.DBus.Peer"), 1, 0)
            agent_get += timed(lambda _: busmod.call(bus, "GetAlarm", args, "(a{sv})"), 1, 0)
            agent_ping += timed(lambda _: busmod.call(bus, "Ping", iface="org.freedesktop.DBus.Peer"), 1, 0)
            if i >= 99 and time.perf_counter() - started > budget_s:
                break
    finally:
        floor.stop()
    return {"GetAlarm": summary(get), "Ping": summary(ping),
            "agent_GetAlarm": summary(agent_get), "agent_Ping": summary(agent_ping)}


def fill(bus, ids, level):
    while len(ids) < level:
        ids.append(add(bus, len(ids)))
