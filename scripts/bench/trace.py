"""Which system calls an idle agent makes, by thread: strace attached for a few seconds after
the idle minute. Attaching interrupts each thread's blocking call once: each thread's first
call, and the restart of the interrupted one, are left out."""
import collections
import re
import shutil
import subprocess
import time

from . import proc

CALL = re.compile(r"^(\d+)\s+\d+:\d+:\d+\.\d+ (?:<\.\.\. )?(\w+)")


def idle_syscalls(pid, path, seconds=3.0):
    """[{thread, syscall, count}], or None without strace."""
    if not shutil.which("strace"):
        return None
    names = {int(tid): proc.thread_name(pid, tid) for tid in proc.threads(pid)}
    tracer = subprocess.Popen(["strace", "-f", "-tt", "-o", path, "-p", str(pid)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(seconds)
    tracer.terminate()
    tracer.wait()
    seen, counts = set(), collections.Counter()
    with open(path) as f:
        for line in f:
            match = CALL.match(line)
            if not match:
                continue
            tid, syscall = int(match.group(1)), match.group(2)
            if tid not in seen or syscall == "restart_syscall":
                seen.add(tid)  # the call it was blocked in when strace attached
                continue
            counts[(names.get(tid, str(tid)), syscall)] += 1
    return [{"thread": thread, "syscall": syscall, "count": count}
            for (thread, syscall), count in counts.most_common()]
