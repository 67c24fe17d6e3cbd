"""What /proc says about a process: memory, CPU time and context switches, per thread."""
import os
import re


def _read(path):
    with open(path) as f:
        return f.read()


def rss_kib(pid):
    return int(re.search(r"VmRSS:\s+(\d+)", _read(f"/proc/{pid}/status")).group(1))


def pss_kib(pid):
    return int(re.search(r"^Pss:\s+(\d+)", _read(f"/proc/{pid}/smaps_rollup"), re.M).group(1))


def threads(pid):
    return sorted(os.listdir(f"/proc/{pid}/task"), key=int)


def thread_name(pid, tid):
    return _read(f"/proc/{pid}/task/{tid}/comm").strip()


def thread_cpu_ns(pid):
    """{tid: CPU time} of every live thread, from schedstat (nanoseconds, not clock ticks)."""
    times = {}
    for tid in threads(pid):
        try:
            times[tid] = int(_read(f"/proc/{pid}/task/{tid}/schedstat").split()[0])
        except FileNotFoundError:
            pass  # the thread ended between the listing and the read
    return times


class CPU:
    """CPU time a process spends from now on, in nanoseconds. Per thread, because a thread
    that ends takes its time out of the sum: one that ends in between loses its time since the
    start (libdispatch retires idle workers); the tick count covers it, in 10 ms steps."""

    def __init__(self, pid):
        self.pid, self.start, self.ticks = pid, thread_cpu_ns(pid), ticks_cpu_s(pid)

    def spent_ns(self):
        now = thread_cpu_ns(self.pid)
        return sum(t - self.start.get(tid, 0) for tid, t in now.items())

    def spent_ticks_s(self):
        return ticks_cpu_s(self.pid) - self.ticks


def ticks_cpu_s(pid):
    """utime + stime of the whole process (clock ticks, so 10 ms steps), in seconds."""
    fields = _read(f"/proc/{pid}/stat").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def context_switches(pid):
    """{tid: (name, voluntary, nonvoluntary)} for every live thread."""
    result = {}
    for tid in threads(pid):
        try:
            status = _read(f"/proc/{pid}/task/{tid}/status")
        except FileNotFoundError:
            continue
        voluntary = int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
        nonvoluntary = int(re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
        result[tid] = (thread_name(pid, tid), voluntary, nonvoluntary)
    return result


def switches_between(before, after):
    """Per thread, the switches from BEFORE to AFTER (threads born in between count from 0)."""
    rows = []
    for tid, (name, voluntary, nonvoluntary) in after.items():
        _, v0, n0 = before.get(tid, (name, 0, 0))
        rows.append({"tid": int(tid), "name": name, "voluntary": voluntary - v0, "nonvoluntary": nonvoluntary - n0})
    return rows


def pss_by_mapping(pid, top=12):
    """RSS and PSS per mapped file (anonymous mappings by their kind), largest PSS first, in KiB."""
    totals = {}
    name = None
    for line in _read(f"/proc/{pid}/smaps").splitlines():
        head = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            name = head[5] if len(head) > 5 else "[anonymous]"
            totals.setdefault(name, {"mapping": name, "rss_kib": 0, "pss_kib": 0})
        elif head and head[0] in ("Rss:", "Pss:"):
            totals[name][head[0].lower()[:-1] + "_kib"] += int(head[1])
    ordered = sorted(totals.values(), key=lambda m: -m["pss_kib"])
    return [m for m in ordered[:top] if m["rss_kib"] > 0]
