"""`make bench`: measures the release agent in a private session against floors measured
in the same run, and writes a table to stdout, build/bench.json and build/bench.md.

    python3 -m bench REVEILLED SESSION_DIR OUT_DIR     (from scripts/, run by scripts/bench.sh)
"""
import json
import os
import shutil
import sqlite3
import sys
import time

from . import agent as agentmod
from . import bus as busmod
from . import dbusfigures, floors, proc, report, ring, trace
from .monitor import Monitor
from .stats import summary


def step(what):
    print(f"bench: {what}", file=sys.stderr, flush=True)


def snapshot(data_home, into):
    """Copies the agent's database (sqlite3's online backup) so another agent can start on it."""
    os.makedirs(os.path.join(into, "reveille"), exist_ok=True)
    source = sqlite3.connect(os.path.join(data_home, "reveille", "alarms.db"))
    target = sqlite3.connect(os.path.join(into, "reveille", "alarms.db"))
    source.backup(target)
    source.close()
    target.close()


def start_times(agent, data_home, bus, programs, count=5):
    """exec → name owned, in turns with the loader's floor (nameowner linked against every library
    reveilled loads), so that a neighbour's load on the shared machine weighs on both alike."""
    times, floor = [], []
    for _ in range(count):
        times.append(agent.start(data_home))
        agent.stop()
        floor.append(floors.name_owner_start(bus, programs, count=1, program="nameowner-linked")["p50"])
    result = summary(times)
    result["loader_floor_in_turns"] = summary(floor)
    return result


def main():
    reveilled, session_dir, out_dir = sys.argv[1:4]
    started = time.monotonic()
    work = os.path.join(session_dir, "bench")
    os.makedirs(work, exist_ok=True)
    bus = busmod.session()
    results = {"client": busmod.CLIENT, "floors": {}, "figures": {}}
    floor, fig = results["floors"], results["figures"]

    step("building and measuring the floors")
    programs = floors.compile_floors(os.path.join(out_dir, "bench"))
    floor["timerfd_wake"] = floors.timer_wake(programs)
    floor["pulse"] = floors.pulse_start(programs, os.path.join(work, "floor-sink.txt"))
    floor["sound_lead_in"] = floors.sound_lead_in()
    floor["name_owner_start"] = floors.name_owner_start(bus, programs)
    floor["name_owner_start_linked"] = floors.name_owner_start(bus, programs, program="nameowner-linked")

    agent = agentmod.Agent(bus, reveilled, session_dir)
    main_data = os.path.join(work, "data-main")
    step("start time with 0 alarms")
    fig["start_0"] = start_times(agent, main_data, bus, programs)

    step("D-Bus figures at 10, 100 and 1,000 alarms")
    agent.start(main_data)
    time.sleep(1)
    memory_0 = (proc.rss_kib(agent.pid), proc.pss_kib(agent.pid))
    ids, dbus, floor["list"] = [], {}, {}
    for level in dbusfigures.LEVELS:
        dbusfigures.fill(bus, ids, level)
        if level == 100:
            snapshot(main_data, os.path.join(work, "data-idle"))
        dbus[level], floor["list"][level] = dbusfigures.measure_level(
            bus, agent.pid, ids, level, lambda reply: floors.ListFloor(bus, programs, reply, work))
    fig["dbus"] = dbus
    floor["get"] = dbusfigures.get_floor(bus, ids, lambda reply: floors.GetFloor(bus, programs, reply, work))
    time.sleep(1)
    memory_1000 = (proc.rss_kib(agent.pid), proc.pss_kib(agent.pid))
    step("memory after the same calls again at 1,000 alarms, twice")
    # The first round may still raise the allocator's high-water mark; growth is what a second
    # round of the same calls adds on top of the first.
    dbusfigures.again(bus, ids)
    time.sleep(1)
    settled = proc.rss_kib(agent.pid)
    dbusfigures.again(bus, ids)
    time.sleep(1)
    fig["memory_after_load"] = {"rss_kib_before": settled, "rss_kib_after": proc.rss_kib(agent.pid),
                                "growth_kib": proc.rss_kib(agent.pid) - settled}
    fig["memory_per_alarm"] = {
        "rss_bytes": (memory_1000[0] - memory_0[0]) * 1024 / 1000,
        "pss_bytes": (memory_1000[1] - memory_0[1]) * 1024 / 1000,
        "rss_kib_0": memory_0[0], "rss_kib_1000": memory_1000[0],
    }
    agent.stop()

    step("the bare Notify round trip")
    monitor = Monitor(os.path.join(work, "floor-notify.txt"))
    round_trips, sent = floors.notify(bus)
    events = monitor.stop()
    floor["notify_round_trip"] = summary(round_trips)
    floor["notify_to_server"] = summary([e["time"] - sent[text] for e in events if e["member"] == "Notify"
                                         for text in e["strings"] if text in sent])

    step("start time with 1,000 alarms")
    fig["start_1000"] = start_times(agent, main_data, bus, programs)

    step("the idle floors: the declared stack held by a C program, a bare Swift program")
    floor_db = os.path.join(work, "floor-alarms.db")
    shutil.copyfile(os.path.join(work, "data-idle", "reveille", "alarms.db"), floor_db)
    floor["idle_memory"] = floors.idle_memory(programs, floor_db)

    step("idle for 60 s with 100 alarms")
    agent.start(os.path.join(work, "data-idle"))
    time.sleep(3)
    fig["idle"] = ring.idle(agent.pid, float(os.environ.get("BENCH_IDLE_SECONDS", "60")))
    fig["idle"]["syscalls_3s"] = trace.idle_syscalls(agent.pid, path=os.path.join(work, "idle-strace.txt"))

    step("fire latency over 50 alarms, in turns with the bare fire path (timerfd wake → libdbus signal, → libnotify)")
    fig["fire"], floor["fire"] = ring.fire_latency(bus, programs, work, int(os.environ.get("BENCH_FIRE_ALARMS", "50")))
    step("while ringing")
    fig["ringing"] = ring.while_ringing(bus, agent.pid)
    step("resume")
    fig["resume"] = ring.resume(bus, agent.pid, work)
    agent.stop()

    results["run_seconds"] = time.monotonic() - started
    results["machine"] = report.machine()
    results.update(report.provenance())
    # As bench.json holds it (levels become string keys), so a saved run reports the same.
    results = json.loads(json.dumps(results))
    with open(os.path.join(out_dir, "bench.json"), "w") as f:
        json.dump(results, f, indent=2)
    table = report.table(results)
    print(table)
    with open(os.path.join(out_dir, "bench.md"), "w") as f:
        f.write(report.markdown(results, table))


main()
