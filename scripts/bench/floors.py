"""The floors: what the same work costs without the agent, measured in the same run."""
import os
import subprocess
import time

from gi.repository import Gio, GLib

from . import agent as agentmod
from . import bus as busmod
from . import proc
from .stats import summary

HERE = os.path.dirname(os.path.abspath(__file__))
FLOOR_NAME = "io.github.Reveille1.BenchFloor"


def flags_of(package):
    return subprocess.check_output(["pkg-config", "--cflags", "--libs", package], text=True).split()


def compile_floors(out_dir):
    """Builds the C floors with cc; returns {name: path}."""
    os.makedirs(out_dir, exist_ok=True)
    libraries = {
        "timerwake": [],
        "sinkwatch": ["-lpulse-simple", "-lpulse"],
        "pulsestart": ["-lpulse"],
        "nameowner": flags_of("dbus-1"),
        "listfloor": flags_of("gio-2.0"),
        "getfloor": flags_of("dbus-1"),
        "firefloor": flags_of("dbus-1") + flags_of("libnotify"),
    }
    # nameowner again, loading every library reveilled needs (readelf -d): the part of the start
    # that is the dynamic loader's, whatever the agent does.
    linked = (["-Wl,--no-as-needed"] + flags_of("dbus-1") + flags_of("libnotify") + flags_of("libpulse")
              + flags_of("sndfile") + flags_of("sqlite3") + ["-lcrypt", "-lstdc++", "-lm"])
    built = {}
    for name, source, flags in [(name, name, flags) for name, flags in libraries.items()] + [
            ("nameowner-linked", "nameowner", linked),
            ("idlefloor", "idlefloor", linked + ["-lpthread"]),
            # What the static Swift runtime loads from the system, without the runtime.
            ("pause", "pause", ["-Wl,--no-as-needed", "-lstdc++", "-lm"])]:
        built[name] = os.path.join(out_dir, name)
        subprocess.run(["cc", "-O2", "-o", built[name], os.path.join(HERE, "c", f"{source}.c"), *flags],
                       check=True)
    built["swiftidle"] = os.path.join(out_dir, "swiftidle")
    subprocess.run(["swiftc", "-O", "-static-stdlib", "-o", built["swiftidle"], os.path.join(HERE, "swift", "idle.swift")],
                   check=True)
    return built


def _idle_memory(argv, settle_s=1.0):
    """RSS and PSS in KiB of ARGV once it has printed "ready" and settled."""
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
    try:
        if process.stdout.readline().strip() != "ready":
            raise RuntimeError(f"{argv[0]} exited with {process.wait()} before it was ready")
        time.sleep(settle_s)
        return {"rss_kib": proc.rss_kib(process.pid), "pss_kib": proc.pss_kib(process.pid)}
    finally:
        process.terminate()
        process.wait()


def idle_memory(programs, database):
    """The floors of idle RSS: the declared stack held idle by a C program (on a copy of DATABASE),
    a bare static Swift program, and a C program loading what that Swift program loads from the
    system. The Swift runtime's own share is the difference of the last two."""
    return {"stack": _idle_memory([programs["idlefloor"], FLOOR_NAME, database]),
            "swift": _idle_memory([programs["swiftidle"]]),
            "swift_system_libraries": _idle_memory([programs["pause"]])}


def timer_wake(programs, count=200):
    """A bare CLOCK_REALTIME timerfd's lateness, in seconds."""
    out = subprocess.check_output([programs["timerwake"], str(count)], text=True)
    return summary([float(line) / 1e6 for line in out.split()])


class SinkWatch:
    """sinkwatch on the null sink's monitor: when each sound started, got loud and stopped."""

    def __init__(self, programs, path):
        self.path = path
        self.output = open(path, "w")
        self.process = subprocess.Popen([programs["sinkwatch"], "testsink.monitor"], stdout=self.output)
        deadline = time.monotonic() + 5
        while "ready" not in open(path).read() and time.monotonic() < deadline:
            time.sleep(0.05)

    def stop(self):
        self.process.terminate()
        self.process.wait()
        self.output.close()
        found = {"onset": [], "loud": [], "silence": []}
        with open(self.path) as f:
            for line in f:
                kind, _, value = line.partition(" ")
                if kind in found:
                    found[kind].append(float(value))
        return found


def first_after(times, start, window):
    """The first of TIMES in [START, START + WINDOW), or None."""
    return next((t for t in sorted(times) if start <= t < start + window), None)


def sound_lead_in(path="/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga", level=328):
    """Seconds before the alarm sound's own samples first reach LEVEL (−40 dBFS): a quiet
    start that delays "loud" whatever the player does."""
    raw = subprocess.run(["sox", path, "-t", "s16", "-c", "1", "-"], capture_output=True, check=True).stdout
    samples = memoryview(raw).cast("h")
    rate = int(subprocess.check_output(["soxi", "-r", path], text=True))
    return next((i / rate for i, s in enumerate(samples) if abs(s) >= level), None)


def pulse_start(programs, watch_path, count=10):
    """A bare libpulse stream: connect → first chunk on the monitor, a prepared corked
    stream's uncork → first chunk, and (once) a context's connect → ready."""
    watch = SinkWatch(programs, watch_path)
    out = subprocess.check_output([programs["pulsestart"], str(count)], text=True)
    onsets = watch.stop()["onset"]
    results = {"cold": [], "warm": []}
    context = None
    for line in out.split("\n"):
        if line.startswith("context "):
            context = float(line.split()[1])
        elif line:
            kind, at = line.split()
            onset = first_after(onsets, float(at) - 0.002, 0.3)
            if onset is not None:
                results[kind].append(max(onset - float(at), 0.0))
    return {"stream_start": summary(results["cold"]), "uncork": summary(results["warm"]),
            "context_connect": summary([context] if context is not None else [])}


def notify(bus, count=100):
    """A bare Notify round trip to the notification server, and its send → server time as
    the bus monitor sees it. Returns (round trips, {summary: send time})."""
    sent, durations = {}, []
    for i in range(count):
        text = f"bench floor {i}"
        args = GLib.Variant("(susssasa{sv}i)", ("bench", 0, "", text, "", [], {}, 0))
        t0, wall = time.perf_counter(), time.time()
        busmod.call(bus, "Notify", args, "(u)", dest="org.freedesktop.Notifications",
                    path="/org/freedesktop/Notifications", iface="org.freedesktop.Notifications")
        durations.append(time.perf_counter() - t0)
        sent[text] = wall
    return durations, sent


def fire(monitor_events, out):
    """firefloor's wakes (OUT is its stdout) against the bus monitor's EVENTS: due → bare Ringing
    signal and due → bare libnotify Notify at the server, in seconds."""
    due = {}
    for line in out.splitlines():
        label, at = line.split()
        due[label] = float(at)
    ringing, notify = [], []
    for label, at in due.items():
        sent = next((e["time"] for e in monitor_events if e["member"] == "Ringing" and e["strings"][:1] == [label]), None)
        shown = next((e["time"] for e in monitor_events if e["member"] == "Notify" and label in e["strings"]), None)
        if sent is not None:
            ringing.append(max(sent - at, 0.0))
        if shown is not None:
            notify.append(max(shown - at, 0.0))
    return {"ringing": summary(ringing), "notify": summary(notify)}


class GetFloor:
    """getfloor (C, libdbus) answering GetAlarm with REPLY (a "(a{sv})" GVariant) at NAME."""

    name = FLOOR_NAME

    def __init__(self, bus, programs, reply, work_dir):
        message = Gio.DBusMessage.new()
        message.set_message_type(Gio.DBusMessageType.METHOD_RETURN)
        message.set_serial(1)  # libdbus refuses serial 0 on the wire; each copy gets its own on send
        message.set_reply_serial(1)
        message.set_body(reply)
        path = os.path.join(work_dir, "get-reply.bin")
        with open(path, "wb") as f:
            f.write(message.to_blob(Gio.DBusCapabilityFlags.NONE))
        self.process, _ = agentmod.start(bus, [programs["getfloor"], FLOOR_NAME, path], FLOOR_NAME)

    def stop(self):
        agentmod.stop(self.process)


class ListFloor:
    """listfloor (C, GDBus) answering ListAlarms with REPLY, at NAME and PATH."""

    name = FLOOR_NAME

    def __init__(self, bus, programs, reply, work_dir):
        path = os.path.join(work_dir, "list-reply.bin")
        with open(path, "wb") as f:
            f.write(reply.get_data_as_bytes().get_data())
        self.path = "/floor/list"
        self.process, _ = agentmod.start(bus, [programs["listfloor"], FLOOR_NAME, f"list={path}"], FLOOR_NAME)

    def stop(self):
        agentmod.stop(self.process)


def name_owner_start(bus, programs, count=5, program="nameowner"):
    """exec → name owned for a bare libdbus program (PROGRAM: or the same, loading reveilled's libraries)."""
    times = []
    for _ in range(count):
        process, seconds = agentmod.start(bus, [programs[program], FLOOR_NAME], FLOOR_NAME)
        times.append(seconds)
        agentmod.stop(process)
        busmod.run_until(lambda: not busmod.has_owner(bus, FLOOR_NAME), 5)
    return summary(times)
