"""kill -9 at random moments during a burst of writes loses nothing acknowledged.

    durability.py --bin BIN --session DIR [--kills N] [--seed S]

Each round starts the agent, lets a writer send AddAlarm/UpdateAlarm/RemoveAlarm calls one
after another while a killer sends SIGKILL after a random 0-300 ms, then restarts the agent
and checks ListAlarms against the journal: every change that got a reply is there (added
alarms with their fields, updates applied, removed alarms gone); a change whose reply never
came may or may not be there. The last agent is stopped with SIGTERM. The agent's pid goes to
DIR/agent.pid (so the session's cleanup can stop it) and its output to DIR/agent.log.

Alarm times are random, but two hours or more away from the local hour the run starts in, so
that no alarm rings, or is missed, while the writes go on: a ringing alarm rightly refuses its
edits (AlarmActive), which is not what this test is about. A seed reproduces a run started in
the same hour of the day.
"""
import argparse
import os
import random
import signal
import subprocess
import sys
import threading
import time

import dbus

NAME, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"
FIELDS = ["label", "time", "repeat", "enabled", "volume", "snooze_minutes", "max_snoozes", "date"]
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
ABSENT = None


class Agent:
    def __init__(self, binary, session):
        self.binary, self.session = binary, session
        self.process = None

    def start(self, bus):
        with open(os.path.join(self.session, "agent.log"), "ab") as log:
            self.process = subprocess.Popen([self.binary], stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        with open(os.path.join(self.session, "agent.pid"), "w") as f:
            f.write(str(self.process.pid))
        deadline = time.monotonic() + 10
        while not bus.name_has_owner(NAME):
            if self.process.poll() is not None:
                sys.exit(f"FAIL: the agent exited with {self.process.returncode} on start (see agent.log)")
            if time.monotonic() > deadline:
                sys.exit("FAIL: the agent did not own its name within 10 s")
            time.sleep(0.005)

    def kill(self, sig):
        self.process.send_signal(sig)
        return self.process.wait(timeout=10)


class Journal:
    """What each alarm may look like: a list of acceptable states (a field dict, or ABSENT)."""

    def __init__(self):
        self.states = {}          # id -> [state, ...]
        self.unanswered_adds = {} # label -> fields of an AddAlarm whose reply never came
        self.acknowledged = 0
        self.unanswered = 0

    def certain(self):
        return [i for i, s in self.states.items() if len(s) == 1 and s[0] is not ABSENT]

    def acknowledge(self, alarm, state):
        self.states[alarm] = [state]
        self.acknowledged += 1

    def unanswered_change(self, alarm, state):
        self.states[alarm] = self.states[alarm] + [state]
        self.unanswered += 1

    def check(self, listed):
        """Compares the listed alarms with the journal; afterwards what is listed is certain."""
        problems = []
        for alarm, fields in listed.items():
            if alarm in self.states:
                if fields not in self.states[alarm]:
                    problems.append(f"alarm {alarm} is {fields}, acceptable: {self.states[alarm]}")
            elif self.unanswered_adds.get(fields["label"]) != fields:
                problems.append(f"unexpected alarm {alarm}: {fields}")
        for alarm, states in self.states.items():
            if alarm not in listed and ABSENT not in states:
                problems.append(f"alarm {alarm} is gone, acceptable: {states}")
        self.states = {alarm: [fields] for alarm, fields in listed.items()}
        self.unanswered_adds = {}
        return problems


def canonical_time(text):
    """HH:MM:00 and HH:MM are the same time (the agent may write either back)."""
    return text[:5] if text.endswith(":00") and len(text) == 8 else text


def fields_of(alarm):
    result = {key: alarm[key] for key in FIELDS if key in alarm}
    result["time"] = canonical_time(str(result["time"]))
    result = {k: (list(map(str, v)) if k == "repeat" else v) for k, v in result.items()}
    return {k: (float(v) if k == "volume" else str(v) if isinstance(v, dbus.String) else
                bool(v) if isinstance(v, dbus.Boolean) else int(v) if isinstance(v, (dbus.UInt32, dbus.Int32)) else v)
            for k, v in result.items()}


# The local hour the run starts in: alarms are set at least two hours from it (see above).
START_HOUR = time.localtime().tm_hour


def random_fields(rng, label):
    repeat = sorted(rng.sample(range(7), rng.randint(0, 3)))
    hour = (START_HOUR + rng.randint(2, 22)) % 24
    fields = {"label": label, "time": canonical_time("%02d:%02d:%02d" % (hour, rng.randint(0, 59), rng.randint(0, 59))),
              "repeat": [DAYS[d] for d in repeat], "enabled": rng.random() < 0.7, "volume": rng.randint(0, 100) / 100,
              "snooze_minutes": rng.randint(1, 60), "max_snoozes": rng.randint(-1, 10)}
    if not repeat:
        fields["date"] = "2031-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28))
    return fields


def as_spec(fields):
    spec = dict(fields)
    spec["repeat"] = dbus.Array(fields["repeat"], signature="s")
    spec["volume"] = dbus.Double(fields["volume"])
    spec["snooze_minutes"] = dbus.UInt32(fields["snooze_minutes"])
    spec["max_snoozes"] = dbus.Int32(fields["max_snoozes"])
    spec["enabled"] = dbus.Boolean(fields["enabled"])
    return dbus.Dictionary(spec, signature="sv")


def write_until_killed(bus, rng, journal, killed, counter):
    """Sends writes until the agent stops answering after the killer fired."""
    while True:
        certain = journal.certain()
        roll = rng.random()
        counter[0] += 1
        try:
            # Below the agent's 1,000-alarm cap: an add that may or may not have landed before a
            # kill counts for nothing here, so keep a margin of one per kill.
            if (roll < 0.5 or len(certain) < 5) and len(certain) < 900:
                fields = random_fields(rng, f"add-{counter[0]}")
                try:
                    alarm = bus.call_blocking(NAME, PATH, IFACE, "AddAlarm", "a{sv}", [as_spec(fields)], timeout=5)
                except dbus.DBusException:
                    journal.unanswered_adds[fields["label"]] = fields
                    journal.unanswered += 1
                    raise
                journal.acknowledge(str(alarm), fields)
            elif roll < 0.8:
                alarm = rng.choice(certain)
                before = journal.states[alarm][0]
                after = dict(before, **{k: v for k, v in random_fields(rng, f"upd-{counter[0]}").items()
                                        if k in ("label", "time", "volume", "enabled")})
                changes = {k: after[k] for k in ("label", "time", "volume", "enabled")}
                try:
                    bus.call_blocking(NAME, PATH, IFACE, "UpdateAlarm", "sa{sv}", [alarm, dbus.Dictionary(changes, signature="sv")], timeout=5)
                except dbus.DBusException:
                    journal.unanswered_change(alarm, after)
                    raise
                journal.acknowledge(alarm, after)
            else:
                alarm = rng.choice(certain)
                try:
                    bus.call_blocking(NAME, PATH, IFACE, "RemoveAlarm", "s", [alarm], timeout=5)
                except dbus.DBusException:
                    journal.unanswered_change(alarm, ABSENT)
                    raise
                journal.acknowledge(alarm, ABSENT)
        except dbus.DBusException as error:
            if not killed.is_set():
                sys.exit(f"FAIL: a write failed before the kill: {error.get_dbus_name()}: {error.get_dbus_message()}")
            return


def listing(bus):
    alarms = bus.call_blocking(NAME, PATH, IFACE, "ListAlarms", "", [], timeout=10)
    return {str(a["id"]): fields_of(a) for a in alarms}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--session", required=True)
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=None)
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.SystemRandom().getrandbits(32)
    print(f"durability seed {seed} (reproduce: DURABILITY_SEED={seed} Tests/e2e/run.sh BIN durability)", flush=True)
    rng = random.Random(seed)
    bus = dbus.SessionBus()
    agent = Agent(os.path.join(options.bin, "reveilled"), options.session)
    journal = Journal()
    counter = [0]
    started = time.monotonic()
    agent.start(bus)
    for round_number in range(1, options.kills + 1):
        killed = threading.Event()
        delay = rng.uniform(0, 0.3)

        def killer():
            time.sleep(delay)
            killed.set()
            agent.process.send_signal(signal.SIGKILL)

        thread = threading.Thread(target=killer)
        thread.start()
        write_until_killed(bus, rng, journal, killed, counter)
        thread.join()
        status = agent.process.wait(timeout=10)
        if status != -signal.SIGKILL:
            sys.exit(f"FAIL: round {round_number}: the agent ended with {status}, not by SIGKILL")
        agent.start(bus)
        problems = journal.check(listing(bus))
        for problem in problems[:10]:
            print(f"FAIL: after kill {round_number} (at {delay * 1000:.0f} ms): {problem}")
        if problems:
            sys.exit(f"{len(problems)} problems after kill {round_number} (seed {seed})")
    status = agent.kill(signal.SIGTERM)
    print(f"{options.kills} kills in {time.monotonic() - started:.1f} s: {journal.acknowledged} acknowledged changes "
          f"checked, {journal.unanswered} unanswered, {len(journal.states)} alarms at the end")
    if journal.acknowledged < 10 * options.kills:
        sys.exit(f"FAIL: only {journal.acknowledged} writes were acknowledged: the burst was too thin to prove anything")
    if status != 0:
        sys.exit(f"FAIL: SIGTERM ended the agent with {status}, not 0")


main()
