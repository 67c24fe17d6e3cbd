"""A dbus-monitor on the session bus: when each Notify call and each Ringing signal passed
through the bus, with their string arguments. dbus-monitor is C (libdbus) and stamps each
message as it reads it, so the times do not wait for a Python main loop."""
import re
import subprocess
import time

RULES = [
    "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
    "type='signal',interface='io.github.Reveille1.Manager',member='Ringing'",
]
HEADER = re.compile(r"^(method call|signal) time=(\d+\.\d+) .*member=(\w+)")
STRING = re.compile(r'^\s+string "(.*)"$')


class Monitor:
    def __init__(self, path):
        self.path = path
        self.output = open(path, "w")
        self.process = subprocess.Popen(["dbus-monitor", "--session", *RULES], stdout=self.output,
                                        stderr=subprocess.DEVNULL)
        time.sleep(0.3)  # until it has become a monitor

    def stop(self):
        time.sleep(0.2)  # lets the last messages be written
        self.process.terminate()
        self.process.wait()
        self.output.close()
        return events(self.path)


def events(path):
    """[{member, time, strings}] in bus order."""
    found = []
    with open(path) as f:
        for line in f:
            header = HEADER.match(line)
            if header:
                found.append({"member": header.group(3), "time": float(header.group(2)), "strings": []})
                continue
            string = STRING.match(line)
            if string and found:
                found[-1]["strings"].append(string.group(1))
    return found
