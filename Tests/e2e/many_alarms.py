"""Fills the agent to its limit with alarms of the largest size, then reads them all back.

    many_alarms.py

Adds 1,000 alarms, each with the longest label (256 characters, 1,024 bytes), the longest
sound path (4,096 bytes) and 8 challenges. A label of one character but many bytes, and the
1,001st alarm, are refused. ListAlarms then answers with all 1,000 in one reply that stays
under 8 MB. Prints the reply's size; prints each failure and exits 1 if there was any.
"""
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

NAME, PATH, IFACE = "io.github.Reveille1", "/io/github/Reveille1", "io.github.Reveille1.Manager"
LIMIT = 1000
LABEL = "\U0001F600" * 256
SOUND = "/" + "s" * 4095
CHALLENGES = ["math:medium"] * 8
REPLY_LIMIT = 8 * 1000 * 1000

bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
failures = []


def call(method, body=None):
    """The reply message, error or not."""
    message = Gio.DBusMessage.new_method_call(NAME, PATH, IFACE, method)
    if body is not None:
        message.set_body(body)
    reply, _ = bus.send_message_with_reply_sync(message, Gio.DBusSendMessageFlags.NONE, 60000, None)
    return reply


def add(label, time):
    spec = {
        "time": GLib.Variant("s", time),
        "repeat": GLib.Variant("as", ["daily"]),
        "label": GLib.Variant("s", label),
        "sound": GLib.Variant("s", SOUND),
        "challenges": GLib.Variant("as", CHALLENGES),
    }
    return call("AddAlarm", GLib.Variant("(a{sv})", (spec,)))


def error_name(reply):
    return reply.get_error_name() if reply.get_message_type() == Gio.DBusMessageType.ERROR else None


heavy = add("e" + "\u0301" * 200_000, "06:00")
if error_name(heavy) != "io.github.Reveille1.Error.InvalidArgument":
    failures.append(f"a one-character label of 400 KB: {error_name(heavy) or 'added'}")

for number in range(LIMIT):
    reply = add(LABEL, f"{number // 60:02d}:{number % 60:02d}")
    if error_name(reply):
        failures.append(f"alarm {number + 1}: {error_name(reply)}: {reply.get_body()}")
        break

over = add(LABEL, "23:59")
if error_name(over) != "io.github.Reveille1.Error.LimitReached":
    failures.append(f"alarm {LIMIT + 1}: {error_name(over) or 'added'}, expected LimitReached")

listing = call("ListAlarms")
if error_name(listing):
    failures.append(f"ListAlarms: {error_name(listing)}")
else:
    alarms = listing.get_body().unpack()[0]
    size = len(listing.to_blob(Gio.DBusCapabilityFlags.NONE))
    print(f"ListAlarms: {len(alarms)} alarms in {size} bytes")
    if len(alarms) != LIMIT:
        failures.append(f"ListAlarms has {len(alarms)} alarms, expected {LIMIT}")
    if any(alarm["label"] != LABEL or alarm["sound"] != SOUND for alarm in alarms):
        failures.append("ListAlarms changed a label or a sound path")
    if size >= REPLY_LIMIT:
        failures.append(f"ListAlarms takes {size} bytes, not under {REPLY_LIMIT}")

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
