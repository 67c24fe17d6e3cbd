#!/usr/bin/python3
"""Agents of the wake helper, for test-wake-helper.sh: one connection to the system bus per
wake, each calling SetWake and then GetWake, held open until this process is killed.

    wake_client.py REPORT WHEN[:cancel] [WHEN[:cancel]...]

Writes REPORT once every call is answered: one line per connection, in the order given,
"ok WAKE" (what GetWake answered) or the D-Bus error name of the refusal. With ":cancel",
that connection calls CancelWake after SetWake.
"""
import os
import signal
import sys

import dbus

NAME, PATH, IFACE = "io.github.Reveille1.Wake", "/io/github/Reveille1/Wake", "io.github.Reveille1.Wake"

report, wakes = sys.argv[1], sys.argv[2:]
address = os.environ["DBUS_SYSTEM_BUS_ADDRESS"]
connections, lines = [], []
for when in wakes:
    bus = dbus.bus.BusConnection(address)
    connections.append(bus)
    helper = dbus.Interface(bus.get_object(NAME, PATH, introspect=False), IFACE)
    try:
        helper.SetWake(dbus.Int64(int(when.split(":")[0])))
        if when.endswith(":cancel"):
            helper.CancelWake()
        lines.append("ok %d" % helper.GetWake())
    except dbus.exceptions.DBusException as error:
        lines.append(error.get_dbus_name())
with open(report + ".tmp", "w") as out:
    out.write("\n".join(lines) + "\n")
os.rename(report + ".tmp", report)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
while True:
    signal.pause()
