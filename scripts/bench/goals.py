"""The goals of issue 10's table, checked against a run (as bench.json holds it); for one not met, the measurement
that shows where the time or memory goes."""

MiB = 1024


def _ms(seconds):
    return "–" if seconds is None else f"{seconds * 1e3:.2f} ms"


def _bare(fl, key, what, measured, goal):
    """The same wake done by a bare C program on the declared library, beside the agent's figure;
    when that program alone misses the goal (p50 above GOAL seconds), the floor sets the limit."""
    bare = (fl.get("fire") or {}).get(key) or {}
    if not bare.get("p50") or not measured.get("p50"):
        return ""
    verdict = (f"; the bare program alone is above the goal of {_ms(goal)}: **the floor sets the limit**"
               if bare["p50"] > goal else "")
    return (f"; a bare C program's timerfd wake + {what}, in turns with the alarms: p50 {_ms(bare['p50'])}, "
            f"max {_ms(bare['max'])} "
            f"(the agent: {measured['p50'] / bare['p50']:.2f} × that p50){verdict}")


def _in_turns(start_1000, start_0):
    """The loader's floor measured in turns with each start: the agent's own share beyond it."""
    f1000, f0 = start_1000.get("loader_floor_in_turns"), start_0.get("loader_floor_in_turns")
    if not f1000 or not f0 or not f1000.get("p50") or not f0.get("p50"):
        return ""
    return (f"; in turns with each start, the same program loading reveilled's libraries took {_ms(f1000['p50'])} "
            f"(with 1,000 alarms) and {_ms(f0['p50'])} (with 0): the agent's own share "
            f"{_ms(start_1000['p50'] - f1000['p50'])} with 1,000 alarms, {_ms(start_0['p50'] - f0['p50'])} with 0")


def _get_alarm_goal(level, floor):
    """GetAlarm against Ping on the agent. Measured in turns with a bare libdbus service doing
    the same (each call beside the others, so a neighbour's load weighs on all alike) when the
    run has that floor; otherwise from the back-to-back figures at 1,000 alarms."""
    goal = "GetAlarm p50 ≤ 1.3 × Peer.Ping"
    back_to_back = (f"back to back at 1,000 alarms {_ms(level['GetAlarm']['p50'])} against Ping "
                    f"{_ms(level['Ping']['p50'])} ({level['GetAlarm']['p50'] / level['Ping']['p50']:.2f} ×); the agent's "
                    f"CPU per GetAlarm {_ms(level['GetAlarm']['agent_cpu_per_call'])}")
    if not floor or not floor["Ping"]["p50"] or not floor["agent_Ping"]["p50"]:
        ratio = level["GetAlarm"]["p50"] / level["Ping"]["p50"]
        return (goal, f"{_ms(level['GetAlarm']['p50'])} ({ratio:.2f} × {_ms(level['Ping']['p50'])})", ratio <= 1.3,
                back_to_back)
    ratio = floor["agent_GetAlarm"]["p50"] / floor["agent_Ping"]["p50"]
    bare = floor["GetAlarm"]["p50"] / floor["Ping"]["p50"]
    return (goal, f"{_ms(floor['agent_GetAlarm']['p50'])} ({ratio:.2f} × {_ms(floor['agent_Ping']['p50'])}), "
            f"in turns with a bare service", ratio <= 1.3,
            f"floor: a bare libdbus service answering GetAlarm with the agent's stored reply, in the same turns: "
            f"{_ms(floor['GetAlarm']['p50'])}, {bare:.2f} × its own Ping ({_ms(floor['Ping']['p50'])}); "
            f"the agent {ratio / bare:.2f} × that ratio; {back_to_back}")


def _memory_floor(fl, idle):
    """The idle RSS no agent on the declared stack in Swift gets below, beside the agent's."""
    floor = fl.get("idle_memory")
    if not floor:
        return "no floor measured"
    stack = floor["stack"]["rss_kib"]
    runtime = floor["swift"]["rss_kib"] - floor["swift_system_libraries"]["rss_kib"]
    return (f"floor {(stack + runtime) / MiB:.1f} MiB: the declared stack held idle by a C program loading "
            f"reveilled's libraries {stack / MiB:.1f} MiB + the static Swift runtime's own "
            f"{runtime / MiB:.1f} MiB (a bare Swift program {floor['swift']['rss_kib'] / MiB:.1f} MiB − a C "
            f"program loading libstdc++ and libm {floor['swift_system_libraries']['rss_kib'] / MiB:.1f} MiB); "
            f"the agent {(idle['rss_kib'] - stack - runtime) / MiB:.1f} MiB above it")


def goals(r):
    """[(goal, measured, met, why not)]."""
    f, fl = r["figures"], r["floors"]
    idle, fire = f["idle"], f["fire"]
    wake = fl["timerfd_wake"]["p50"]
    top = ", ".join(f"{m['mapping'].rsplit('/', 1)[-1]} {m['rss_kib'] / MiB:.1f}/{m['pss_kib'] / MiB:.1f}"
                    for m in idle["pss_by_mapping"][:5])
    busy = [t for t in idle["threads"] if t["voluntary"] + t["nonvoluntary"]]
    woke = ", ".join(f"{t['name']} ({t['voluntary'] + t['nonvoluntary']})" for t in busy) or "none"
    calls = ", ".join(f"{c['thread']}: {c['syscall']} ×{c['count']}" for c in idle.get("syscalls_3s") or [])
    woke += f"; system calls in 3 s: {calls}" if calls else ""
    list_1000, list_floor = f["dbus"]["1000"], fl["list"]["1000"]["p50"]
    lst = list_1000["ListAlarms"]
    notify_floor = wake + fl["notify_to_server"]["p50"]
    sound_floor = wake + fl["pulse"]["uncork"]["p50"]
    return [
        ("idle context switches per minute: 0", f"{idle['switches_per_min']:.1f}",
         idle["switches_per_min"] == 0, f"threads that woke in {idle['seconds']:.0f} s: {woke}"),
        ("idle CPU ≤ 0.0001 s/min (schedstat)", f"{idle['cpu_s_per_min']:.6f} s/min",
         idle["cpu_s_per_min"] <= 0.0001, f"the wakeups above: {woke}"),
        ("idle RSS ≤ 12 MiB", f"{idle['rss_kib'] / MiB:.1f} MiB (PSS {idle['pss_kib'] / MiB:.1f})",
         idle["rss_kib"] <= 12 * MiB, _memory_floor(fl, idle) + f"; largest mappings, RSS/PSS in MiB: {top}"),
        ("due → Notify at the server: p50 ≤ 1 ms, max ≤ 3 ms",
         f"p50 {_ms(fire['notify']['p50'])}, max {_ms(fire['notify']['max'])}",
         fire["notify"]["p50"] is not None and fire["notify"]["p50"] <= 0.001 and fire["notify"]["max"] <= 0.003,
         f"floor (timerfd wake + bare Notify send → server) {_ms(notify_floor)}; the agent's share at p50 "
         f"{_ms((fire['notify']['p50'] or 0) - notify_floor)}"
         + _bare(fl, "notify", "libnotify show", fire["notify"], 0.001)),
        ("due → Ringing signal: p50 ≤ 0.5 ms", f"p50 {_ms(fire['ringing']['p50'])}",
         fire["ringing"]["p50"] is not None and fire["ringing"]["p50"] <= 0.0005,
         f"floor (bare timerfd wake) {_ms(wake)}; the agent's share {_ms((fire['ringing']['p50'] or 0) - wake)}"
         + _bare(fl, "ringing", "libdbus signal", fire["ringing"], 0.0005)),
        ("due → first sound on the sink ≤ 15 ms (fade_in = 0)",
         f"p50 {_ms(fire['sound']['p50'])}, max {_ms(fire['sound']['max'])}; above −40 dBFS "
         f"p50 {_ms(fire['sound_loud']['p50'])}",
         fire["sound"]["p50"] is not None and fire["sound"]["p50"] <= 0.015,
         f"floor (timerfd wake + libpulse uncork → first chunk) {_ms(sound_floor)}; a new stream's connect → "
         f"first chunk {_ms(fl['pulse']['stream_start']['p50'])}, a context's connect → ready "
         f"{_ms(fl['pulse']['context_connect']['p50'])}; the sound file itself stays below −40 dBFS "
         f"for {_ms(fl['sound_lead_in'])}"),
        ("ListAlarms, 1,000 alarms: p50 ≤ 1.2 × the bare reply; agent CPU ≤ 3 ms per call",
         f"p50 {_ms(lst['p50'])} ({lst['p50'] / list_floor:.2f} × {_ms(list_floor)}); "
         f"CPU {_ms(lst['agent_cpu_per_call'])}",
         lst["p50"] <= 1.2 * list_floor and lst["agent_cpu_per_call"] <= 0.003,
         f"bare same-size reply {_ms(list_floor)} through the same bus; the agent's CPU per call "
         f"{_ms(lst['agent_cpu_per_call'])}"),
        _get_alarm_goal(list_1000, fl.get("get")),
        ("exec → bus name owned ≤ 20 ms with 1,000 alarms", f"p50 {_ms(f['start_1000']['p50'])}",
         f["start_1000"]["p50"] <= 0.020,
         f"with 0 alarms {_ms(f['start_0']['p50'])}; a bare libdbus program {_ms(fl['name_owner_start']['p50'])}"
         + (f", the same loading reveilled's libraries {_ms(fl['name_owner_start_linked']['p50'])}"
            if (fl.get("name_owner_start_linked") or {}).get("p50") else "")
         + _in_turns(f["start_1000"], f["start_0"])),
        ("CPU while ringing ≤ 1 % of one core", f"{f['ringing']['cpu_per_s'] * 100:.2f} %",
         f["ringing"]["cpu_per_s"] <= 0.01, "libpulse's write callbacks and the agent's sound feeding"),
    ]
