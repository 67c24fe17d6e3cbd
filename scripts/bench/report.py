"""The bench's output: the table on stdout, and build/bench.md with machine, date, commit
and the issue's goals, met or not (and where not, the measurement that shows the limit)."""
import os
import platform
import subprocess
import time

from .goals import goals

MS = 1e3


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
               platform.machine())
    memory = next(line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal"))
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gib": round(int(memory) / 2**20, 1),
            "kernel": platform.release(), "load_average": os.getloadavg()}


def provenance():
    def git(*args):
        try:
            return subprocess.check_output(["git", *args], text=True, stderr=subprocess.DEVNULL).strip()
        except (OSError, subprocess.CalledProcessError):
            return "unknown"
    # The last report, which `make bench-docs` is about to replace, does not make the tree modified.
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs/benchmarks.md")
    return {"commit": git("rev-parse", "--short=12", "HEAD") + (" (modified)" if dirty else ""),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def ms(value, digits=2):
    return "–" if value is None else f"{value * MS:.{digits}f}"


def ratio(value, floor):
    return "–" if not value or not floor else f"{value / floor:.1f}×"


def latency_rows(r):
    """(figure, summary, floor name, floor p50 in seconds, calls/s, agent CPU per call)."""
    f, fl = r["figures"], r["floors"]
    wake = fl["timerfd_wake"]["p50"]
    notify_floor = wake + (fl["notify_to_server"]["p50"] or 0)
    sound_floor = wake + (fl["pulse"]["uncork"]["p50"] or 0)
    fire = fl.get("fire") or {}
    rows = [
        ("due → Ringing signal", f["fire"]["ringing"], "bare timerfd wake", wake),
        ("due → Ringing signal", f["fire"]["ringing"], "timerfd wake + bare libdbus signal → bus",
         (fire.get("ringing") or {}).get("p50")),
        ("due → Notify at the server", f["fire"]["notify"], "timerfd wake + bare Notify send → server", notify_floor),
        ("due → Notify at the server", f["fire"]["notify"], "timerfd wake + bare libnotify show → server",
         (fire.get("notify") or {}).get("p50")),
        ("due → first sound on the sink", f["fire"]["sound"], "timerfd wake + libpulse uncork → first chunk",
         sound_floor),
        ("due → sound above −40 dBFS", f["fire"]["sound_loud"],
         "the same + the sound file's own quiet start", sound_floor + (fl["sound_lead_in"] or 0)),
        ("solving answer sent → silence on the sink", f["fire"]["silence"], "", None),
        ("resume → Ringing", f["resume"], "bare timerfd wake", wake),
        ("exec → name owned, 0 alarms", f["start_0"], "bare libdbus program", fl["name_owner_start"]["p50"]),
        ("exec → name owned, 1,000 alarms", f["start_1000"], "bare libdbus program", fl["name_owner_start"]["p50"]),
        ("exec → name owned, 1,000 alarms", f["start_1000"], "the same, loading reveilled's libraries",
         (fl.get("name_owner_start_linked") or {}).get("p50")),
    ]
    for level, methods in f["dbus"].items():
        for method in ("GetAlarm", "AddAlarm", "ListAlarms"):
            if method == "ListAlarms":
                floor_name, floor_value = f"bare aa{{sv}} reply, same content", fl["list"][level]["p50"]
            else:
                floor_name, floor_value = "Peer.Ping on the agent", methods["Ping"]["p50"]
            rows.append((f"{method}, {level} alarms", methods[method], floor_name, floor_value))
    return rows


def _memory_floor_rows(floor):
    """The idle RSS floors, as rows of the figure table."""
    if not floor:
        return []
    rows = (("floor: the declared stack held idle by a C program loading reveilled's libraries", floor["stack"]),
            ("floor: a bare Swift program, static standard library", floor["swift"]),
            ("floor: a C program loading libstdc++ and libm (what that Swift program loads)",
             floor["swift_system_libraries"]))
    return [f"| {name} | RSS {m['rss_kib'] / 1024:.1f} MiB (PSS {m['pss_kib'] / 1024:.1f}) |" for name, m in rows]


def table(r):
    lines = [f"D-Bus client: {r['client']}", "",
             "| figure | p50 ms | p99 ms | max ms | n | calls/s | agent CPU/call ms | floor | floor p50 ms | ratio |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name, s, floor_name, floor_value in latency_rows(r):
        rate = f"{s['calls_per_s']:.0f}" if "calls_per_s" in s else ""
        cpu = ms(s.get("agent_cpu_per_call"), 3) if "agent_cpu_per_call" in s else ""
        lines.append(f"| {name} | {ms(s['p50'])} | {ms(s['p99'])} | {ms(s['max'])} | {s['n']} | {rate} | {cpu} "
                     f"| {floor_name} | {ms(floor_value, 3)} | {ratio(s['p50'], floor_value)} |")
    fl, f = r["floors"], r["figures"]
    lines += ["", "| floor | p50 ms | p99 ms | max ms | n |", "|---|---|---|---|---|"]
    for name, s in (("timerfd wake (CLOCK_REALTIME, absolute)", fl["timerfd_wake"]),
                    ("bare Notify round trip", fl["notify_round_trip"]),
                    ("bare Notify send → server (bus monitor)", fl["notify_to_server"]),
                    ("libpulse stream connect → first chunk", fl["pulse"]["stream_start"]),
                    ("libpulse uncork → first chunk", fl["pulse"]["uncork"]),
                    ("libpulse context connect → ready", fl["pulse"]["context_connect"]),
                    ("bare libdbus program exec → name owned", fl["name_owner_start"]),
                    ("the same, loading every library reveilled loads", fl.get("name_owner_start_linked")),
                    ("timerfd wake → bare libdbus Ringing signal at the bus, in turns with the alarms", (fl.get("fire") or {}).get("ringing")),
                    ("timerfd wake → bare libnotify show → Notify at the server, in turns with the alarms", (fl.get("fire") or {}).get("notify")),
                    ("bare libdbus GetAlarm with the agent's stored reply", (fl.get("get") or {}).get("GetAlarm")),
                    ("Peer.Ping on that bare libdbus service", (fl.get("get") or {}).get("Ping")),
                    ("GetAlarm on the agent, in turns with the bare service", (fl.get("get") or {}).get("agent_GetAlarm")),
                    ("Peer.Ping on the agent, in turns with the bare service", (fl.get("get") or {}).get("agent_Ping"))):
        if not s:
            continue
        lines.append(f"| {name} | {ms(s['p50'], 3)} | {ms(s['p99'], 3)} | {ms(s['max'], 3)} | {s['n']} |")
    for level, s in f["dbus"].items():
        lines.append(f"| Peer.Ping on the agent, {level} alarms | {ms(s['Ping']['p50'], 3)} | {ms(s['Ping']['p99'], 3)} "
                     f"| {ms(s['Ping']['max'], 3)} | {s['Ping']['n']} |")
    for level, s in fl["list"].items():
        lines.append(f"| bare ListAlarms reply, {level} alarms ({f['dbus'][level]['ListAlarms']['reply_bytes']} bytes) "
                     f"| {ms(s['p50'], 3)} | {ms(s['p99'], 3)} | {ms(s['max'], 3)} | {s['n']} |")
    idle, ringing, per_alarm = f["idle"], f["ringing"], f["memory_per_alarm"]
    lines += ["", f"The alarm sound's own samples stay below −40 dBFS for its first "
              f"{ms(fl['sound_lead_in'], 0)} ms (alarm-clock-elapsed.oga).",
              "", "| figure | value |", "|---|---|",
              f"| idle RSS, 100 alarms | {idle['rss_kib'] / 1024:.1f} MiB |",
              f"| idle PSS, 100 alarms | {idle['pss_kib'] / 1024:.1f} MiB |",
              *_memory_floor_rows(fl.get("idle_memory")),
              f"| idle CPU (schedstat) | {idle['cpu_s_per_min']:.6f} s/min |",
              f"| idle context switches | {idle['switches_per_min']:.1f} /min |",
              f"| memory per stored alarm | {per_alarm['rss_bytes']:.0f} B RSS, {per_alarm['pss_bytes']:.0f} B PSS |",
              f"| CPU while ringing | {ringing['cpu_per_s'] * 100:.2f} % of one core |",
              f"| RSS while ringing | {ringing['rss_kib'] / 1024:.1f} MiB (PSS {ringing['pss_kib'] / 1024:.1f}) |",
              f"| alarms rung in the fire test | {f['fire']['rang']} of {f['fire']['alarms']} |",
              "", f"Idle context switches by thread over {idle['seconds']:.0f} s:", "",
              "| thread | voluntary | nonvoluntary |", "|---|---|---|"]
    for t in idle["threads"]:
        lines.append(f"| {t['tid']} {t['name']} | {t['voluntary']} | {t['nonvoluntary']} |")
    if idle.get("syscalls_3s"):
        lines += ["", "Idle system calls by thread over 3 s (strace, after the idle minute):", "",
                  "| thread | system call | calls |", "|---|---|---|"]
        lines += [f"| {c['thread']} | {c['syscall']} | {c['count']} |" for c in idle["syscalls_3s"]]
    lines += ["", "Idle memory by mapping (largest PSS):", "", "| mapping | RSS KiB | PSS KiB |", "|---|---|---|"]
    for m in idle["pss_by_mapping"]:
        lines.append(f"| {os.path.basename(m['mapping'])} | {m['rss_kib']} | {m['pss_kib']} |")
    lines += ["", f"Run: {r['run_seconds']:.0f} s after the build."]
    return "\n".join(lines)


def markdown(r, table_text):
    m = r["machine"]
    lines = ["# Benchmarks", "",
             "Generated by `make bench` (scripts/bench.sh, scripts/bench/); `make bench-docs` copies the",
             "latest build/bench.md here. Every figure is measured on the release agent in a private",
             "session (session bus with python3-dbusmock's notification server, PulseAudio with a null",
             "sink, a private system bus with dbusmock's logind), with `fade_in = 0`, beside its floor",
             "measured in the same run. Times of bus messages come from `dbus-monitor` (C, libdbus),",
             "sound onsets from a libpulse reader on the sink's monitor in 1 ms chunks.",
             "[`performance.md`](performance.md) explains what sets each limit that is not met.", "",
             f"- Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB, Linux {m['kernel']}; "
             f"load average at the end {m['load_average'][0]:.2f}",
             f"- Date: {r['date']}", f"- Commit: {r['commit']}", "",
             "## Goals (DEVELOPERS.md, \"Performance\")", "",
             "| goal | measured | met | where not: what sets the limit |", "|---|---|---|---|"]
    for goal, measured, met, why in goals(r):
        lines.append(f"| {goal} | {measured} | {'yes' if met else '**no**'} | {'' if met else why} |")
    lines += ["", "## Figures and floors", "", table_text, ""]
    return "\n".join(lines)
