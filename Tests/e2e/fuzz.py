"""Fuzzes the agent over D-Bus and checks it survives with its data intact.

    fuzz.py [--calls N] [--seed S] [--in-flight K]

1. Adds a known set of alarms with valid calls and records them (GetAlarm).
1a. Sweeps every string field of AddAlarm/UpdateAlarm and every other string argument with
   text that only looks valid (adversarial below: digits of other scripts, digits with combining
   marks, keycaps, superscripts, fullwidth forms, controls, NUL, 100 KB+), one call each, and
   requires an answer from the contract to every one.
2. Sends N random calls, K at a time: random members of the object's interfaces with random
   signatures and values, AddAlarm/UpdateAlarm with random a{sv} keys, types and values (huge
   and unicode strings included), random and real ids, and valid calls mixed in. The known
   alarms only ever get calls that must change nothing.
3. Adds a second known set, then requires: Ping and ListAlarms answer, every known alarm
   reads back exactly as recorded and is listed, and no call timed out or got an error
   outside the contract.
Prints the seed first: run again with --seed to reproduce. Exits 1 on any failure.
"""
import argparse
import functools
import logging
import math
import random
import string
import sys
import time
import uuid

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

NAME, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"
PROPS, PEER, INTROSPECTABLE = "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Introspectable"
METHODS = {  # the contract's methods and their input signatures
    "AddAlarm": "a{sv}", "UpdateAlarm": "sa{sv}", "RemoveAlarm": "s", "SetEnabled": "sb", "GetAlarm": "s",
    "ListAlarms": "", "Trigger": "s", "Snooze": "s", "Dismiss": "s", "GetChallenge": "s", "SubmitAnswer": "ss",
    "Preflight": "",
}
KEYS = ["label", "time", "date", "repeat", "enabled", "sound", "volume", "snooze_minutes", "max_snoozes",
        "challenges", "id", "next_fire", "snooze_count", "ringing", "snoozed"]
# Errors a call may get. Anything else (a timeout above all) is a failure.
EXPECTED_ERRORS = {
    "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownMethod",
    "org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.DBus.Error.UnknownObject",
    "org.freedesktop.DBus.Error.UnknownProperty", "org.freedesktop.DBus.Error.PropertyReadOnly",
    "io.github.Reveille1.Error.NotFound", "io.github.Reveille1.Error.InvalidArgument",
    "io.github.Reveille1.Error.NotRinging", "io.github.Reveille1.Error.SnoozeLimitReached",
    "io.github.Reveille1.Error.LockedOut", "io.github.Reveille1.Error.AlarmActive",
    "io.github.Reveille1.Error.LimitReached",
}
BASIC = "ybnqiuxtdsog"
# Pieces that look like separators, join onto what comes before, or are controls.
ODD = ["\u0301", "\u20e3", "\ufe0f", "\u200d", "\u200b", "\ufeff", "\u202e", "\u2028", "\x00", "\x07", "\x1b[2J",
       "\r\n", "\t", "\u00a0", "\uff1a", "\u2236", ":\u0301", "-\u0301", "\u2010", "\u2212", "\uff0d", ",\u0301", "\uff0c",
       "\u00bd", "\u216b", "e\u0301", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\uffff", "\U0010ffff", "\ue000"]


def lookalikes(d):
    """Every form of the digit D that is not the ASCII one."""
    return [chr(base + d) for base in (0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xFF10, 0x1D7CE, 0x2080)] + [
        "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"[d], "\u24ea\u2460\u2461\u2462\u2463\u2464\u2465\u2466\u2467\u2468"[d],
        f"{d}\ufe0f\u20e3", f"{d}\u20e3", f"{d}\u0301", f"{d}\u0300\u0301", f"{d}\u200d", f"{d}\ufe0f"]


@functools.lru_cache(maxsize=64)
def adversarial(valid):
    """Every class of text that only looks like VALID: each lookalike digit in each place, a combining
    mark after each character, each odd piece before, inside and after it, and runs of 100 KB and more."""
    out = []
    places = [i for i, ch in enumerate(valid) if ch.isascii() and ch.isdigit()]
    for d in range(10):
        for n, form in enumerate(lookalikes(d)):
            if places:
                i = places[(d + n) % len(places)]
                out.append(valid[:i] + form + valid[i + 1:])
            else:
                out.append(valid + form)
    out += [valid[:i + 1] + "\u0301" + valid[i + 1:] for i in range(len(valid))]
    for n, piece in enumerate(ODD):
        i = n % (len(valid) + 1)
        out += [piece + valid, valid[:i] + piece + valid[i:], valid + piece]
    out += [valid + "\u0301" * 100_000, "1\u0301" * 40_000, valid[:1] + "\U0001d7ce" * 30_000, "\x00" * 10]
    return tuple(out)


class Fuzzer:
    def __init__(self, rng, bus):
        self.rng = rng
        self.bus = bus
        self.protected = []   # ids of the known alarms: nothing may change them
        self.owned = []       # ids the fuzzer added itself: anything goes

    # Strings

    def text(self):
        r = self.rng
        kind = r.random()
        if kind < 0.1:
            return r.choice(adversarial(r.choice(["07:00", "2030-01-01", "mon", "math:easy", "typing:3", "qr:KITCHEN-42",
                                                  "alarm-clock-elapsed", "Work", self.some_id(), "42"])))
        if kind < 0.25:
            return r.choice(["07:00", "23:59:59", "25:61", "7:00", "2030-01-01", "2027-02-30", "mon", "daily",
                             "weekdays", "funday", "math:easy", "math:extreme", "qr:CODE", "qr:*", "qr:", "typing:3",
                             "typing:21", "alarm-clock-elapsed", "/dev/null", "../../etc/passwd", "", " ", "*", "%s%n",
                             "'; DROP TABLE alarms; --", "\u202e\u0301", "NaN", "-1"])
        if kind < 0.35:
            return self.some_id()
        if kind < 0.36:  # huge: up to 1 MB
            return r.choice(["x", "é", "\U0001f600", "qr:"]) * r.choice([1 << 10, 1 << 14]) if r.random() < 0.8 else "y" * (1 << 20)
        alphabet = r.choice([string.printable, "0123456789:-", "äöüßéèêñ中文字\u0645\u0631\u062d\u0628\u0627\U0001f600\U00010348",
                             "".join(map(chr, range(1, 32))), "\ufeff\u200b\u2028\u2029\ufffd"])
        return "".join(r.choice(alphabet) for _ in range(r.randint(0, 300)))

    def some_id(self):
        r = self.rng
        pool = self.protected + self.owned
        choice = r.random()
        if choice < 0.5 and pool:
            alarm = r.choice(pool)
            return r.choice([alarm, alarm.upper(), alarm[:8], alarm + "x", " " + alarm])
        return str(uuid.UUID(int=r.getrandbits(128)))

    # Random D-Bus types and values

    def signature(self, depth=0):
        r = self.rng
        if depth > 2 or r.random() < 0.6:
            return r.choice(BASIC)
        kind = r.choice("avsde")
        if kind == "a":
            return "a" + self.signature(depth + 1)
        if kind == "d":
            return "a{" + r.choice(BASIC) + self.signature(depth + 1) + "}"
        if kind == "s":
            return "(" + "".join(self.signature(depth + 1) for _ in range(r.randint(1, 3))) + ")"
        return "v"

    def value(self, sig):
        r = self.rng
        c = sig[0]
        ints = {"y": (dbus.Byte, 0, 255), "n": (dbus.Int16, -2**15, 2**15 - 1), "q": (dbus.UInt16, 0, 2**16 - 1),
                "i": (dbus.Int32, -2**31, 2**31 - 1), "u": (dbus.UInt32, 0, 2**32 - 1),
                "x": (dbus.Int64, -2**63, 2**63 - 1), "t": (dbus.UInt64, 0, 2**64 - 1)}
        if c in ints:
            kind, low, high = ints[c]
            return kind(r.choice([low, high, 0, 1, -1 if low < 0 else 2, 5, 60, 61, r.randint(low, high)]))
        if c == "b":
            return dbus.Boolean(r.random() < 0.5)
        if c == "d":
            return dbus.Double(r.choice([0.0, -0.0, 0.5, 1.0, 1.5, -0.1, math.nan, math.inf, -math.inf, 1e308, r.uniform(-2, 2)]))
        if c == "s":
            return dbus.String(self.text())
        if c == "o":
            return dbus.ObjectPath(r.choice(["/", "/io/github/Reveille1", "/a/b_c/D9"]))
        if c == "g":
            return dbus.Signature(self.signature())
        if c == "v":
            inner = self.signature(1)
            return self.variant(inner)
        if sig.startswith("a{"):
            key, item = sig[2], sig[3:-1]
            return dbus.Dictionary({self.value(key): self.value(item) for _ in range(r.randint(0, 4))}, signature=key + item)
        if c == "a":
            item = sig[1:]
            return dbus.Array([self.value(item) for _ in range(r.randint(0, 4))], signature=item)
        if c == "(":
            parts = split(sig[1:-1])
            return dbus.Struct([self.value(p) for p in parts], signature=sig[1:-1])
        raise ValueError(sig)

    def variant(self, sig):
        """A value of SIG marked so that it goes into a variant as SIG."""
        value = self.value(sig)
        if sig[0] in BASIC or sig[0] == "v":
            return type(value)(value, variant_level=1) if sig[0] != "v" else value
        return value  # containers carry their signature already

    def changes(self, poisoned):
        """A random a{sv}; POISONED adds a key no agent accepts, so the call must fail."""
        r = self.rng
        spec = {}
        for _ in range(r.randint(0, 6)):
            key = r.choice(KEYS) if r.random() < 0.8 else self.text()[:40]
            if r.random() < 0.5:
                spec[key] = self.good_value(key)
            else:
                spec[key] = self.variant(self.signature(1))
        if poisoned:
            spec["~fuzz"] = dbus.Int32(1)
        return dbus.Dictionary(spec, signature="sv")

    def good_value(self, key):
        """A value of the right type for KEY, valid or not."""
        r = self.rng
        if key in ("repeat", "challenges"):
            pool = ["mon", "fri", "weekends", "daily", "funday"] if key == "repeat" else \
                ["math:easy", "math:hard", "qr:CODE", "qr:*", "typing:5", "typing:0", "math:x"]
            return dbus.Array([r.choice(pool) if r.random() < 0.8 else self.text() for _ in range(r.randint(0, 9))], signature="s")
        if key in ("enabled", "ringing"):
            return dbus.Boolean(r.random() < 0.5)
        if key == "volume":
            return dbus.Double(r.choice([0.0, 0.3, 1.0, 1.01, -0.0, math.nan]))
        if key in ("snooze_minutes", "max_snoozes", "next_fire", "snooze_count"):
            return r.choice([dbus.Int32, dbus.UInt32, dbus.Int64, dbus.Byte, dbus.UInt64])(r.choice([0, 1, 5, 10, 11, 60, 61]))
        if key == "time":
            return dbus.String(r.choice(["%02d:%02d" % (r.randint(0, 25), r.randint(0, 61)), "07:00:30", self.text()[:20],
                                         r.choice(adversarial("07:00"))]))
        if key == "date":
            return dbus.String(r.choice(["2031-%02d-%02d" % (r.randint(0, 13), r.randint(0, 32)), "2020-01-01", self.text()[:20],
                                         r.choice(adversarial("2031-01-01"))]))
        return dbus.String(self.text())

    def valid_spec(self):
        r = self.rng
        spec = {"time": "%02d:%02d" % (r.randint(0, 23), r.randint(0, 59)), "label": self.text()[:200] if r.random() < 0.3 else "fuzz"}
        if r.random() < 0.5:
            spec["repeat"] = dbus.Array(r.sample(["mon", "tue", "wed", "thu", "fri", "sat", "sun"], r.randint(1, 3)), signature="s")
        if r.random() < 0.5:
            spec["challenges"] = dbus.Array([r.choice(["math:easy", "qr:Fuzz-1", "typing:2"])], signature="s")
        spec["volume"] = dbus.Double(r.random())
        spec["snooze_minutes"] = dbus.UInt32(r.randint(1, 60))
        spec["max_snoozes"] = dbus.Int32(r.randint(-1, 10))
        spec["enabled"] = dbus.Boolean(r.random() < 0.8)
        for key in list(spec):
            if key == "label" and any(ch == "\0" for ch in spec[key]):
                spec[key] = "fuzz"
        return dbus.Dictionary(spec, signature="sv")

    # Calls

    def call(self):
        """A random call as (interface, method, signature, args, path)."""
        r = self.rng
        roll = r.random()
        if roll < 0.2:  # valid calls
            return self.valid_call()
        if roll < 0.55:  # right signature, random content
            method = r.choice(list(METHODS))
            if method in ("AddAlarm", "UpdateAlarm"):
                target = r.choice(self.protected + self.owned + [self.some_id()])
                poisoned = self.is_protected(target) or method == "AddAlarm" and r.random() < 0.3
                args = [self.changes(poisoned)] if method == "AddAlarm" else [target, self.changes(poisoned)]
                return IFACE, method, METHODS[method], args, PATH
            if method in ("RemoveAlarm", "SetEnabled", "Trigger", "Dismiss", "Snooze"):
                target = self.unprotected_id(0.05 if method == "Trigger" else 0.6)
                args = [target, dbus.Boolean(r.random() < 0.5)] if method == "SetEnabled" else [target]
                return IFACE, method, METHODS[method], args, PATH
            if method == "SubmitAnswer":
                return IFACE, method, "ss", [self.some_id(), self.text()], PATH
            if METHODS[method] == "s":
                return IFACE, method, "s", [self.some_id()], PATH
            return IFACE, method, "", [], PATH
        if roll < 0.85:  # random signature on the contract's methods, or unknown members
            method = r.choice(list(METHODS) + ["Frobnicate", "addalarm", ""] if r.random() < 0.1 else list(METHODS))
            sig = "".join(self.signature() for _ in range(r.randint(0, 3)))
            if sig == METHODS.get(method) and method not in ("ListAlarms", "Preflight"):
                sig += "i"  # the right signature with random values could change a known alarm
            return IFACE, method or "X", sig, [self.value(s) for s in split(sig)], PATH
        if roll < 0.95:  # properties, introspection, peer
            choice = r.choice(["Get", "GetAll", "Set", "Introspect", "Ping", "GetMachineId"])
            if choice == "Get":
                return PROPS, "Get", "ss", [r.choice([IFACE, self.text()[:50]]), r.choice(["Version", "RingingAlarms", "NextFire", self.text()[:50]])], PATH
            if choice == "GetAll":
                return PROPS, "GetAll", "s", [r.choice([IFACE, PROPS, self.text()[:50]])], PATH
            if choice == "Set":
                return PROPS, "Set", "ssv", [IFACE, r.choice(["Version", "NextFire", "Nope"]), self.variant(self.signature(1))], PATH
            if choice == "Introspect":
                return INTROSPECTABLE, "Introspect", "", [], PATH
            return PEER, choice, "", [], PATH
        # other objects and interfaces
        return r.choice([IFACE, "org.example.Nope", PROPS]), r.choice(list(METHODS)), "", [], \
            r.choice(["/", "/io", "/io/github/Reveille1/x", "/io/github/reveille1"])

    def is_protected(self, alarm):
        """Whether the agent could take ALARM for a known alarm's id (it ignores case)."""
        return any(p in alarm.lower() for p in self.protected)

    def unprotected_id(self, owned_share=0.6):
        r = self.rng
        if self.owned and r.random() < owned_share:
            return r.choice(self.owned)
        while True:
            candidate = self.some_id()
            if not self.is_protected(candidate):
                return candidate

    def valid_call(self):
        r = self.rng
        choice = r.random()
        if choice < 0.3 or not self.owned:
            return IFACE, "AddAlarm", "a{sv}", [self.valid_spec()], PATH
        alarm = r.choice(self.owned)
        if choice < 0.45:
            return IFACE, "UpdateAlarm", "sa{sv}", [alarm, dbus.Dictionary({"label": self.text()[:100], "volume": dbus.Double(0.5)}, signature="sv")], PATH
        if choice < 0.55:
            return IFACE, "RemoveAlarm", "s", [alarm], PATH
        if choice < 0.6:
            return IFACE, "SetEnabled", "sb", [alarm, dbus.Boolean(r.random() < 0.5)], PATH
        if choice < 0.61:
            return IFACE, "Trigger", "s", [alarm], PATH
        if choice < 0.7:
            return IFACE, r.choice(["Snooze", "GetChallenge"]), "s", [alarm], PATH
        if choice < 0.75:
            return IFACE, "SubmitAnswer", "ss", [alarm, r.choice(["0", "42", "Fuzz-1", self.text()[:30]])], PATH
        if choice < 0.9:
            return IFACE, "GetAlarm", "s", [r.choice(self.protected + self.owned)], PATH
        return IFACE, r.choice(["ListAlarms", "Preflight"]), "", [], PATH


def split(sig):
    """The complete types of a signature string."""
    parts, i = [], 0
    while i < len(sig):
        j = end_of(sig, i)
        parts.append(sig[i:j])
        i = j
    return parts


def end_of(sig, i):
    c = sig[i]
    if c == "a":
        return end_of(sig, i + 1)
    if c in "({":
        close = ")" if c == "(" else "}"
        j = i + 1
        while sig[j] != close:
            j = end_of(sig, j)
        return j + 1
    return i + 1


def plain(value):
    """A D-Bus value as plain Python, types kept by name, for comparisons."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return (type(value).__name__, value if not isinstance(value, float) else repr(value))


def sweep(bus, manager):
    """One call for each adversarial text in each string field of AddAlarm/UpdateAlarm and each other
    string argument. Every call must get a reply or an error of the contract (a dead agent gives NoReply)."""
    def vardict(spec):
        return dbus.Dictionary(spec, signature="sv")

    owned = str(manager.AddAlarm(vardict({"time": "05:00", "label": "sweep"})))
    ringing = str(manager.AddAlarm(vardict({"time": "05:30", "challenges": dbus.Array(["typing:1"], signature="s")})))
    manager.Trigger(ringing)
    calls = []
    fields = {"label": "Work", "time": "07:00", "date": "2031-01-01", "sound": "alarm-clock-elapsed",
              "repeat": "mon", "challenges": "typing:3"}
    for key, valid in fields.items():
        for text in adversarial(valid):
            value = dbus.Array(["sun" if key == "repeat" else "math:easy", text], signature="s") \
                if key in ("repeat", "challenges") else text
            calls.append((IFACE, "AddAlarm", "a{sv}", [vardict({"time": "07:00", key: value})]))
            calls.append((IFACE, "UpdateAlarm", "sa{sv}", [owned, vardict({key: value})]))
    for key in adversarial("label"):
        calls.append((IFACE, "AddAlarm", "a{sv}", [vardict({"time": "07:00", key: "x"})]))
    for text in adversarial(owned):
        for method in ("GetAlarm", "RemoveAlarm", "Trigger", "Snooze", "Dismiss", "GetChallenge"):
            calls.append((IFACE, method, "s", [text]))
        calls.append((IFACE, "SetEnabled", "sb", [text, dbus.Boolean(True)]))
        calls.append((IFACE, "UpdateAlarm", "sa{sv}", [text, vardict({"label": "x"})]))
        calls.append((IFACE, "SubmitAnswer", "ss", [text, "42"]))
    for text in adversarial("42"):
        calls.append((IFACE, "SubmitAnswer", "ss", [ringing, text]))
    for text in adversarial("Version"):
        calls.append((PROPS, "Get", "ss", [IFACE, text]))
        calls.append((PROPS, "GetAll", "s", [text]))

    failures, answered, refused = [], 0, 0
    for interface, method, sig, args in calls:
        try:
            bus.call_blocking(NAME, PATH, interface, method, sig, args, timeout=20)
        except (TypeError, ValueError, UnicodeError):
            refused += 1  # dbus-python would not marshal it (a NUL, say): not a call
            continue
        except dbus.DBusException as error:
            name = error.get_dbus_name()
            if name is None:
                refused += 1
                continue
            if name not in EXPECTED_ERRORS:
                failures.append(f"sweep: {method}({sig}) {repr(args)[:80]}: {name}: {(error.get_dbus_message() or '')[:120]}")
        answered += 1
    bus.call_blocking(NAME, PATH, PEER, "Ping", "", [], timeout=10)
    print(f"sweep: {answered} calls with adversarial text answered, {refused} not marshallable, {len(failures)} failures",
          flush=True)
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--in-flight", type=int, default=12)
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.SystemRandom().getrandbits(32)
    print(f"fuzz seed {seed} (reproduce: FUZZ_SEED={seed} Tests/e2e/run.sh BIN fuzz, or fuzz.py --seed {seed})", flush=True)
    rng = random.Random(seed)
    logging.getLogger("dbus.connection").setLevel(logging.CRITICAL)  # its log line for each value it cannot marshal

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    manager = dbus.Interface(bus.get_object(NAME, PATH, introspect=False), IFACE)
    fuzzer = Fuzzer(rng, bus)
    known = {}

    def add_known(count, tag):
        for n in range(count):
            # Six hours or more from the hour the run starts in (the agent's zone is UTC): a
            # known alarm must not ring while the fuzzing goes on.
            hour = (time.gmtime().tm_hour + 6 + n % 12) % 24
            spec = {"time": "%02d:%02d" % (hour, (7 * n) % 60), "label": f"known {tag} {n} ✓",
                    "challenges": dbus.Array(["math:hard", f"qr:Known-{tag}-{n}"], signature="s"),
                    "volume": dbus.Double(0.25 + n / 100), "snooze_minutes": dbus.UInt32(n + 1),
                    "max_snoozes": dbus.Int32(n % 11 - 1), "enabled": dbus.Boolean(n % 3 != 0)}
            if n % 2:
                spec["repeat"] = dbus.Array(["mon", "thu"], signature="s")
            else:
                spec["date"] = "2031-0%d-1%d" % (n % 9 + 1, n % 10)
            alarm = str(manager.AddAlarm(dbus.Dictionary(spec, signature="sv")))
            known[alarm] = plain(manager.GetAlarm(alarm))
            fuzzer.protected.append(alarm)

    add_known(10, "before")
    failures = sweep(bus, manager)

    loop = GLib.MainLoop()
    state = {"sent": 0, "done": 0, "client_refused": 0, "errors": {}, "replies": 0}
    started = time.monotonic()

    def finished(call_info, error=None, reply=None):
        state["done"] += 1
        interface, method, sig, args, path = call_info
        if error is not None:
            name = error.get_dbus_name()
            state["errors"][name] = state["errors"].get(name, 0) + 1
            if name not in EXPECTED_ERRORS and not (name == "io.github.Reveille1.Error.Failed" and method == "Dismiss"):
                failures.append(f"{interface}.{method}({sig}) on {path}: {name}: {error.get_dbus_message()[:200]}")
        else:
            state["replies"] += 1
            if method == "AddAlarm" and interface == IFACE and path == PATH:
                fuzzer.owned.append(str(reply))
            if method == "RemoveAlarm" and interface == IFACE and str(args[0]) in fuzzer.owned:
                fuzzer.owned.remove(str(args[0]))
        send_more()
        if state["done"] == state["sent"] and state["sent"] >= options.calls:
            loop.quit()

    def send_more():
        while state["sent"] < options.calls and state["sent"] - state["done"] < options.in_flight:
            info = fuzzer.call()
            interface, method, sig, args, path = info
            try:
                bus.call_async(NAME, path, interface, method, sig, args,
                               lambda *reply, info=info: finished(info, reply=reply[0] if reply else None),
                               lambda error, info=info: finished(info, error=error), timeout=20)
            except (TypeError, ValueError, UnicodeError, OverflowError, dbus.DBusException):
                state["client_refused"] += 1  # dbus-python would not marshal it: not a call
                continue
            state["sent"] += 1

    def watchdog():
        failures.append(f"gave up after 120 s: {state['done']} of {state['sent']} calls answered")
        loop.quit()
        return False

    GLib.timeout_add_seconds(120, watchdog)
    GLib.idle_add(lambda: send_more() and False)
    loop.run()
    elapsed = time.monotonic() - started
    print(f"{state['sent']} calls in {elapsed:.1f} s ({state['sent'] / elapsed:.0f}/s): {state['replies']} replies, "
          f"{state['client_refused']} not marshallable by dbus-python (not sent)", flush=True)
    for name, n in sorted(state["errors"].items(), key=lambda kv: -kv[1]):
        print(f"  {n:6d} {name}")

    add_known(5, "after")
    bus.call_blocking(NAME, PATH, PEER, "Ping", "", [], timeout=10)
    listed = {str(a["id"]) for a in manager.ListAlarms(timeout=10)}
    for alarm, recorded in known.items():
        if alarm not in listed:
            failures.append(f"known alarm {alarm} is not listed")
            continue
        now = plain(manager.GetAlarm(alarm))
        if now != recorded:
            diff = {k: (recorded.get(k), now.get(k)) for k in set(recorded) | set(now) if recorded.get(k) != now.get(k)}
            failures.append(f"known alarm {alarm} changed: {diff}")
    print(f"{len(known)} known alarms checked, {len(listed)} alarms listed")
    for failure in failures[:30]:
        print("FAIL:", failure)
    if failures:
        print(f"{len(failures)} failures (seed {seed})")
    sys.exit(1 if failures else 0)


main()
